import { z } from 'zod';
import { type Debt, type EXPENSE_CATEGORIES, MAX_EXPENSE_CENTS, simplifyDebts } from '../expenses/rules.ts';
import { runSteps, type Steps } from '../steps.ts';
import { EARLIEST_DATE, isDateInWindow, latestDate } from '../time/window.ts';

/**
 * Splitwise's "Export as spreadsheet" for a group, read after CSV parsing (the server parses;
 * this module only interprets records). Header `Date,Description,Category,Cost,Currency,<people>`;
 * each row has every person's NET share (paid − owed, summing to 0); a final
 * `,Total balance,,,<currency>,<nets>` line per currency. See docs/decisions/0008.
 */

export const SPLITWISE_MAX_BYTES = 2 * 1024 * 1024;
export const SPLITWISE_TOO_LARGE = 'The file is too large (the limit is 2 MB)';
/**
 * Limits on what one upload can make the server do and answer: far above any household's
 * Splitwise history, which is a few thousand rows and a handful of people.
 */
export const SPLITWISE_MAX_ROWS = 5_000;
/** Date, Description, Category, Cost, Currency and up to 95 people. */
export const SPLITWISE_MAX_COLUMNS = 100;
export const SPLITWISE_MAX_FIELD_CHARS = 10_000;
/** The preview lists the first problem rows and counts them all (`problemCount`). */
export const SPLITWISE_MAX_PROBLEMS = 100;
/** Ours, plus 'electric' and 'gas', which lists already show (expense-view CATEGORY_LABELS). */
export type ImportCategory = (typeof EXPENSE_CATEGORIES)[number] | 'electric' | 'gas';
type Category = ImportCategory;

const CATEGORY_NAMES: [Category, string[]][] = [
  ['groceries', ['groceries']],
  ['rent', ['rent', 'mortgage']],
  ['electric', ['electricity']],
  ['gas', ['heat/gas']],
  ['utilities', ['water', 'utilities', 'utilities - other', 'trash']],
  ['internet', ['tv/phone/internet', 'internet']],
  ['dining', ['dining out', 'food and drink - other', 'liquor']],
  [
    'transportation',
    [
      'taxi',
      'parking',
      'gas/fuel',
      'bus/train',
      'car',
      'plane',
      'bicycle',
      'hotel',
      'transportation - other',
    ],
  ],
  ['cleaning', ['cleaning']],
  ['maintenance', ['maintenance', 'household supplies', 'furniture', 'electronics', 'home - other']],
  ['entertainment', ['entertainment', 'movies', 'games', 'music', 'sports', 'entertainment - other']],
];
const CATEGORY_BY_NAME = new Map(CATEGORY_NAMES.flatMap(([ours, names]) => names.map((n) => [n, ours])));

/** A Splitwise category (any case) → one of ours; anything we have no match for is 'other'. */
export function splitwiseCategory(name: string): Category {
  return CATEGORY_BY_NAME.get(name.trim().toLowerCase()) ?? 'other';
}

export interface SplitwiseRow {
  /** The spreadsheet row (the header is row 1; a description spanning lines is still one row). */
  row: number;
  date: string;
  title: string;
  description: string | null;
  category: Category;
  costCents: number;
  /** Net share per person, in header order, in cents. */
  nets: number[];
}

export interface SplitwiseFile {
  people: string[];
  currency: string;
  expenses: SplitwiseRow[];
  payments: SplitwiseRow[];
  problems: { row: number; reason: string }[];
  dateRange: { from: string; to: string } | null;
  totalCents: number;
  /** The file's own `Total balance` line for the imported currency (null when it has none). */
  finalBalances: number[] | null;
  /** The same, added up from the rows that can be imported. */
  computedBalances: number[];
}

const HEADER = ['date', 'description', 'category', 'cost', 'currency'];
// A real export may put a date in the first column of this line: only the description tells.
const isTotalLine = (r: string[]) => (r[1] ?? '').trim() === 'Total balance';
const isBlank = (r: string[]) => r.every((cell) => cell.trim() === '');
/** Rows between two pauses of interpretSplitwiseInSteps. */
const STEP_ROWS = 250;

/** '12.5', '-3.00' → cents; null when not an amount with at most 2 decimals. */
export function parseSignedCents(text: string): number | null {
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar day as YYYY-MM-DD (arithmetic: a Date per row is slow on large files). */
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  const month = Number(text.slice(5, 7));
  const day = Number(text.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1]! + (month === 2 && leap ? 1 : 0);
}

/** A garbled or truncated file: nothing in it is imported. */
export class SplitwiseFileError extends Error {}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const name = raw.trim() || 'Unnamed';
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

function shapeTitle(text: string): { title: string; description: string | null } {
  const oneLine = text.replace(/\s+/g, ' ').trim() || 'Splitwise expense';
  const title = oneLine.length > 120 ? `${oneLine.slice(0, 119)}…` : oneLine;
  return { title, description: title === text.trim() ? null : text.trim().slice(0, 2000) };
}

/** Interprets parsed CSV records; throws SplitwiseFileError when the file is not usable at all. */
export function interpretSplitwise(records: string[][]): SplitwiseFile {
  return runSteps(interpretSplitwiseInSteps(records));
}

/** interpretSplitwise in steps of a few hundred rows, for a server to run between other work. */
export function* interpretSplitwiseInSteps(records: string[][]): Steps<SplitwiseFile> {
  let header: string[] | undefined;
  // The row a spreadsheet shows: blank lines count, a quoted line break does not.
  const data: { cells: string[]; row: number }[] = [];
  const totals: string[][] = [];
  let endsWithTotal = false;
  const counts = new Map<string, number>();
  for (let i = 0; i < records.length; i++) {
    if (i % STEP_ROWS === 0) yield;
    const cells = records[i]!;
    if (isBlank(cells)) continue;
    if (!header) {
      if (cells.length < 6 || HEADER.some((h, c) => cells[c]?.trim().toLowerCase() !== h)) break;
      header = cells;
      continue;
    }
    if (cells.length !== header.length) {
      throw new SplitwiseFileError(
        `The file is cut off or damaged: row ${i + 1} has ${cells.length} columns where the header has ${header.length}`,
      );
    }
    endsWithTotal = isTotalLine(cells);
    if (endsWithTotal) {
      totals.push(cells);
      continue;
    }
    data.push({ cells, row: i + 1 });
    const c = cells[4]!.trim().toUpperCase();
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  if (!header) {
    throw new SplitwiseFileError(
      "This is not a Splitwise export: its first line should be 'Date,Description,Category,Cost,Currency' followed by each person's name",
    );
  }
  if (!endsWithTotal) {
    throw new SplitwiseFileError(
      "The file is cut off: a Splitwise export ends with a 'Total balance' line. Export it again and upload the whole file",
    );
  }
  const people = uniqueNames(header.slice(5));
  const currency = [...counts].reduce<[string, number]>((a, b) => (b[1] > a[1] ? b : a), ['', 0])[0];

  const file: SplitwiseFile = {
    people,
    currency,
    expenses: [],
    payments: [],
    problems: [],
    dateRange: null,
    totalCents: 0,
    finalBalances: null,
    computedBalances: people.map(() => 0),
  };
  for (let d = 0; d < data.length; d++) {
    if (d % STEP_ROWS === 0) yield;
    const { cells, row } = data[d]!;
    const reason = rowProblem(cells, people, currency);
    if (typeof reason === 'string') {
      file.problems.push({ row, reason });
      continue;
    }
    const payment = cells[2]!.trim().toLowerCase() === 'payment';
    const { title, description } = shapeTitle(cells[1]!);
    const parsed: SplitwiseRow = {
      row,
      date: cells[0]!.trim(),
      title,
      description,
      category: splitwiseCategory(cells[2]!),
      costCents: reason.cost,
      nets: reason.nets,
    };
    if (payment) {
      const why = paymentProblem(parsed);
      if (why) {
        file.problems.push({ row, reason: why });
        continue;
      }
      file.payments.push(parsed);
    } else {
      file.expenses.push(parsed);
      file.totalCents += parsed.costCents;
    }
    for (let i = 0; i < parsed.nets.length; i++) file.computedBalances[i]! += parsed.nets[i]!;
    const { dateRange } = file;
    if (!dateRange) file.dateRange = { from: parsed.date, to: parsed.date };
    else if (parsed.date < dateRange.from) dateRange.from = parsed.date;
    else if (parsed.date > dateRange.to) dateRange.to = parsed.date;
  }
  const total = totals.find((cells) => cells[4]!.trim().toUpperCase() === currency);
  if (total) file.finalBalances = total.slice(5).map((c) => parseSignedCents(c) ?? 0);
  return file;
}

/** Text from the file quoted in a reason, kept short so every reason stays a line. */
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** Why a data row cannot be imported, or its cost and nets; `cells` has the header's width. */
function rowProblem(cells: string[], people: string[], currency: string) {
  const date = cells[0]!.trim();
  const costText = cells[3]!.trim();
  const rowCurrency = cells[4]!.trim();
  if (!isDate(date)) return `The date '${clip(date)}' is not a date (YYYY-MM-DD)`;
  if (!isDateInWindow(date)) return `The date ${date} is not between ${EARLIEST_DATE} and ${latestDate()}`;
  const cost = parseSignedCents(costText);
  if (cost === null || cost <= 0 || cost > MAX_EXPENSE_CENTS)
    return `The cost '${clip(costText)}' is not an amount`;
  if (rowCurrency.toUpperCase() !== currency) {
    return `In ${clip(rowCurrency) || 'no currency'}, not ${clip(currency)}: only the file's main currency is imported`;
  }
  const nets: number[] = [];
  let sum = 0;
  let owed = 0;
  for (let i = 5; i < cells.length; i++) {
    const text = cells[i]!.trim();
    const cents = text === '' ? 0 : parseSignedCents(text);
    if (cents === null) return `The share of ${clip(people[i - 5]!)} '${clip(text)}' is not an amount`;
    nets.push(cents);
    sum += cents;
    if (cents > 0) owed += cents;
  }
  if (sum !== 0) return `The shares do not add up: they sum to ${(sum / 100).toFixed(2)} instead of 0`;
  if (owed === 0) return 'Nobody owes anybody anything on this row';
  if (owed > cost) return 'The shares are larger than the cost';
  return { cost, nets };
}

function paymentProblem(row: SplitwiseRow): string | null {
  const from = row.nets.filter((n) => n > 0);
  const to = row.nets.filter((n) => n < 0);
  if (from.length !== 1 || to.length !== 1) return 'A payment must be from one person to one person';
  if (from[0] !== row.costCents) return 'The payment does not match its cost';
  return null;
}

/**
 * Who paid an expense row and each person's share (cents, header order). The payer is the
 * person with the largest positive net (first column on a tie), assumed to have paid the whole
 * cost; a debtor's share is minus their net; other people owed money (multi-payer rows) get a
 * share of 0, and the payer's share is what is left. Exact for single-payer rows.
 */
export function reconstructShares(row: SplitwiseRow): { payer: number; shares: number[] } {
  const payer = row.nets.reduce((best, n, i) => (n > row.nets[best]! ? i : best), 0);
  const shares = row.nets.map((n) => (n < 0 ? -n : 0));
  shares[payer] = row.costCents - shares.reduce((s, x) => s + x, 0);
  return { payer, shares };
}

export interface ImportPlan {
  expenses: {
    row: number;
    date: string;
    title: string;
    description: string | null;
    category: Category;
    amountCents: number;
    paidBy: string;
    splits: { userId: string; cents: number }[];
  }[];
  payments: { date: string; from: string; to: string; cents: number }[];
  /** What is still open at the end of the file, as transfers between mapped members. */
  carryOver: Debt[];
  skippedRows: number;
}

/**
 * What an import writes, for a mapping person → member id (null: skip). Rows paid by a skipped
 * person, and payments involving one, are skipped; a skipped person's share is left out.
 */
export function planImport(file: SplitwiseFile, mapping: Record<string, string | null>): ImportPlan {
  const members = file.people.map((name) => (Object.hasOwn(mapping, name) ? (mapping[name] ?? null) : null));
  const member = (i: number) => members[i] ?? null;
  const plan: ImportPlan = { expenses: [], payments: [], carryOver: [], skippedRows: 0 };
  for (const row of file.expenses) {
    const { payer, shares } = reconstructShares(row);
    const paidBy = member(payer);
    if (!paidBy) {
      plan.skippedRows += 1;
      continue;
    }
    const splits: { userId: string; cents: number }[] = [];
    shares.forEach((cents, i) => {
      const userId = member(i);
      if (userId && cents > 0) splits.push({ userId, cents });
    });
    plan.expenses.push({
      row: row.row,
      date: row.date,
      title: row.title,
      description: row.description,
      category: row.category,
      amountCents: row.costCents,
      paidBy,
      splits,
    });
  }
  for (const row of file.payments) {
    const from = member(row.nets.findIndex((n) => n > 0));
    const to = member(row.nets.findIndex((n) => n < 0));
    if (from && to) plan.payments.push({ date: row.date, from, to, cents: row.costCents });
    else plan.skippedRows += 1;
  }
  // The ledger's nets after these expenses and payments, and what the file ends with: the
  // difference (approximate multi-payer rows, skipped people) is carried over, so that the
  // balances after the import are the file's.
  const net = new Map<string, number>();
  const add = (userId: string, cents: number) => net.set(userId, (net.get(userId) ?? 0) + cents);
  file.computedBalances.forEach((cents, i) => {
    const userId = member(i);
    if (userId) add(userId, cents);
  });
  for (const expense of plan.expenses) {
    for (const split of expense.splits) {
      if (split.userId === expense.paidBy) continue;
      add(expense.paidBy, -split.cents);
      add(split.userId, split.cents);
    }
  }
  for (const payment of plan.payments) {
    add(payment.from, -payment.cents);
    add(payment.to, payment.cents);
  }
  plan.carryOver = simplifyDebts(net);
  return plan;
}

const normalize = (s: string) => s.trim().toLowerCase();

/** A member for each person whose name matches a member's full or first name (each used once). */
export function suggestMapping(
  people: string[],
  members: { userId: string; firstName: string; lastName: string }[],
): Record<string, string | null> {
  const used = new Set<string>();
  const pick = (match: (m: (typeof members)[number]) => boolean) => {
    const found = members.find((m) => !used.has(m.userId) && match(m));
    if (found) used.add(found.userId);
    return found?.userId ?? null;
  };
  const full = people.map((p) => pick((m) => normalize(`${m.firstName} ${m.lastName}`) === normalize(p)));
  return Object.fromEntries(
    people.map((p, i) => [
      p,
      full[i] ?? pick((m) => normalize(m.firstName) === normalize(p.split(/\s+/)[0] ?? '')),
    ]),
  );
}

export const splitwisePreviewSchema = z.object({
  csv: z
    .string({ error: 'csv is required: the text of the exported file' })
    .min(1, 'The file is empty')
    .max(SPLITWISE_MAX_BYTES, SPLITWISE_TOO_LARGE),
});

export const splitwiseImportSchema = splitwisePreviewSchema.extend({
  mapping: z.record(z.string().max(200), z.string().min(1).max(100).nullable(), {
    error: 'mapping is required: each person → a member id or null to skip',
  }),
});
