import { z } from 'zod';
import { type Debt, type EXPENSE_CATEGORIES, MAX_EXPENSE_CENTS, simplifyDebts } from './expense-rules.ts';

/**
 * Splitwise's "Export as spreadsheet" for a group, read after CSV parsing (the server parses;
 * this module only interprets records). Header `Date,Description,Category,Cost,Currency,<people>`;
 * each row has every person's NET share (paid − owed, summing to 0); a final
 * `,Total balance,,,<currency>,<nets>` line per currency. See docs/decisions/0008.
 */

export const SPLITWISE_MAX_BYTES = 2 * 1024 * 1024;
/** Ours, plus 'electric' and 'gas', which lists already show (expense-view CATEGORY_LABELS). */
export type ImportCategory = (typeof EXPENSE_CATEGORIES)[number] | 'electric' | 'gas';
type Category = ImportCategory;

const CATEGORY_MAP: [RegExp, Category][] = [
  [/^groceries$/, 'groceries'],
  [/^(rent|mortgage)$/, 'rent'],
  [/^electricity$/, 'electric'],
  [/^heat\/gas$/, 'gas'],
  [/^(water|utilities|utilities - other|trash)$/, 'utilities'],
  [/^(tv\/phone\/internet|internet)$/, 'internet'],
  [/^(dining out|food and drink - other|liquor)$/, 'dining'],
  [/^(taxi|parking|gas\/fuel|bus\/train|car|plane|bicycle|hotel|transportation - other)$/, 'transportation'],
  [/^(cleaning)$/, 'cleaning'],
  [/^(maintenance|household supplies|furniture|electronics|home - other)$/, 'maintenance'],
  [/^(entertainment|movies|games|music|sports|entertainment - other)$/, 'entertainment'],
];

/** A Splitwise category (any case) → one of ours; anything we have no match for is 'other'. */
export function splitwiseCategory(name: string): Category {
  const key = name.trim().toLowerCase();
  return CATEGORY_MAP.find(([pattern]) => pattern.test(key))?.[1] ?? 'other';
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
const isTotalLine = (r: string[]) => (r[0] ?? '').trim() === '' && (r[1] ?? '').trim() === 'Total balance';
const isBlank = (r: string[]) => r.every((cell) => cell.trim() === '');

/** '12.5', '-3.00' → cents; null when not an amount with at most 2 decimals. */
export function parseSignedCents(text: string): number | null {
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
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
  const rows = records.filter((r) => !isBlank(r));
  const header = rows[0];
  if (!header || header.length < 6 || HEADER.some((h, i) => header[i]?.trim().toLowerCase() !== h)) {
    throw new SplitwiseFileError(
      "This is not a Splitwise export: its first line should be 'Date,Description,Category,Cost,Currency' followed by each person's name",
    );
  }
  const people = uniqueNames(header.slice(5));
  const width = header.length;
  const body = rows.slice(1).map((cells, i) => ({ cells, row: records.indexOf(cells) + 1, i }));
  body.forEach(({ cells, row }) => {
    if (cells.length !== width) {
      throw new SplitwiseFileError(
        `The file is cut off or damaged: row ${row} has ${cells.length} columns where the header has ${width}`,
      );
    }
  });
  const totals = body.filter(({ cells }) => isTotalLine(cells));
  const data = body.filter(({ cells }) => !isTotalLine(cells));
  if (totals.length === 0 || body[body.length - 1] !== totals[totals.length - 1]) {
    throw new SplitwiseFileError(
      "The file is cut off: a Splitwise export ends with a 'Total balance' line. Export it again and upload the whole file",
    );
  }

  const counts = new Map<string, number>();
  for (const { cells } of data) {
    const c = cells[4]!.trim().toUpperCase();
    if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
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
  for (const { cells, row } of data) {
    const reason = rowProblem(cells, people, currency);
    if (typeof reason === 'string') {
      file.problems.push({ row, reason });
      continue;
    }
    const payment = cells[2]!.trim().toLowerCase() === 'payment';
    const parsed: SplitwiseRow = {
      row,
      date: cells[0]!.trim(),
      ...shapeTitle(cells[1]!),
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
    parsed.nets.forEach((n, i) => {
      file.computedBalances[i]! += n;
    });
    const { dateRange } = file;
    file.dateRange = {
      from: dateRange && dateRange.from < parsed.date ? dateRange.from : parsed.date,
      to: dateRange && dateRange.to > parsed.date ? dateRange.to : parsed.date,
    };
  }
  const total = totals.find(({ cells }) => cells[4]!.trim().toUpperCase() === currency);
  if (total) file.finalBalances = total.cells.slice(5).map((c) => parseSignedCents(c) ?? 0);
  return file;
}

function rowProblem(cells: string[], people: string[], currency: string) {
  const [date = '', , , costText = '', rowCurrency = ''] = cells.map((c) => c.trim());
  if (!isDate(date)) return `The date '${date}' is not a date (YYYY-MM-DD)`;
  const cost = parseSignedCents(costText);
  if (cost === null || cost <= 0 || cost > MAX_EXPENSE_CENTS)
    return `The cost '${costText}' is not an amount`;
  if (rowCurrency.toUpperCase() !== currency) {
    return `In ${rowCurrency || 'no currency'}, not ${currency}: only the file's main currency is imported`;
  }
  const nets: number[] = [];
  for (const [i, text] of cells.slice(5).entries()) {
    const cents = text.trim() === '' ? 0 : parseSignedCents(text);
    if (cents === null) return `The share of ${people[i]} '${text.trim()}' is not an amount`;
    nets.push(cents);
  }
  const sum = nets.reduce((s, n) => s + n, 0);
  if (sum !== 0) return `The shares do not add up: they sum to ${(sum / 100).toFixed(2)} instead of 0`;
  const owed = nets.filter((n) => n > 0).reduce((s, n) => s + n, 0);
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
  const member = (i: number) => {
    const name = file.people[i]!;
    return Object.hasOwn(mapping, name) ? (mapping[name] ?? null) : null;
  };
  const plan: ImportPlan = { expenses: [], payments: [], carryOver: [], skippedRows: 0 };
  for (const row of file.expenses) {
    const { payer, shares } = reconstructShares(row);
    const paidBy = member(payer);
    if (!paidBy) {
      plan.skippedRows += 1;
      continue;
    }
    const splits = shares.flatMap((cents, i) => {
      const userId = member(i);
      return userId && cents > 0 ? [{ userId, cents }] : [];
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
  const net = new Map<string, number>();
  file.computedBalances.forEach((cents, i) => {
    const userId = member(i);
    if (userId) net.set(userId, (net.get(userId) ?? 0) + cents);
  });
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
    .max(SPLITWISE_MAX_BYTES, 'The file is too large (the limit is 2 MB)'),
});

export const splitwiseImportSchema = splitwisePreviewSchema.extend({
  mapping: z.record(z.string().max(200), z.string().min(1).max(100).nullable(), {
    error: 'mapping is required: each person → a member id or null to skip',
  }),
});

export interface SplitwisePreview {
  people: { name: string; suggestedUserId: string | null }[];
  currency: string;
  expenseCount: number;
  paymentCount: number;
  dateRange: { from: string; to: string } | null;
  total: string;
  finalBalances: { name: string; amount: number }[] | null;
  balancesMatch: boolean;
  problems: { row: number; reason: string }[];
}

export interface SplitwiseImportResult {
  expenses: number;
  payments: number;
  skippedRows: number;
  carriedOver: number;
}
