import { z } from 'zod';
import {
  API_ERRORS,
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorParams,
  errorBody,
  type ParamsOf,
} from '../api-errors.ts';
import { type Debt, type EXPENSE_CATEGORIES, simplifyDebts } from '../expenses/rules.ts';
import { exchangeRate, expenseCurrency } from '../expenses/schemas.ts';
import { apportion, currencyExponent, isCurrency, maxAmount } from '../money.ts';
import { runSteps, type Steps } from '../steps.ts';
import { EARLIEST_DATE, isDateInWindow, latestDate } from '../time/window.ts';
import {
  convertBalances,
  convertHundredths,
  hundredthsIn,
  type ImportMoney,
  rateOf,
} from './splitwise-money.ts';

/**
 * Splitwise's "Export as spreadsheet" for a group, read after CSV parsing (the server parses;
 * this module only interprets records). Header `Date,Description,Category,Cost,Currency,<people>`;
 * each row has every person's NET share (paid − owed, summing to 0); a final
 * `,Total balance,,,<currency>,<nets>` line per currency. Amounts are hundredths of the row's
 * currency (Splitwise writes two decimals for every one). See docs/decisions/0008.
 */

export const SPLITWISE_MAX_BYTES = 2 * 1024 * 1024;
export const SPLITWISE_TOO_LARGE = API_ERRORS['import.file_too_large'];
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
  /** ISO 4217, e.g. 'EUR': the currency of the cost and the nets. */
  currency: string;
  /** In hundredths of `currency`, as every amount of the file. */
  cost: number;
  /** Net share per person, in header order, in hundredths of `currency`. */
  nets: number[];
}

/** What the file holds in one currency; amounts in hundredths of it. */
export interface SplitwiseCurrency {
  currency: string;
  expenseCount: number;
  paymentCount: number;
  /** The expense rows' costs added up. */
  total: number;
  /** Per person (header order), the nets of the rows that can be imported added up. */
  computedBalances: number[];
  /** The file's own `Total balance` line for this currency (null when it has none). */
  finalBalances: number[] | null;
  /** Whether the two agree: the file's balances are what the importable rows add up to. */
  balancesMatch: boolean;
}

export interface SplitwiseFile {
  people: string[];
  /** The currency of most rows (the preview's main currency). */
  currency: string;
  expenses: SplitwiseRow[];
  payments: SplitwiseRow[];
  problems: { row: number; reason: string }[];
  dateRange: { from: string; to: string } | null;
  /** Every currency with a row that can be imported: the main one first, then by rows. */
  currencies: SplitwiseCurrency[];
  /** Every currency's balances match, and no other currency's `Total balance` line owes anything. */
  balancesMatch: boolean;
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

type FileProblem = Extract<ApiErrorCode, 'import.row_length' | 'import.not_splitwise' | 'import.cut_off'>;

/** A garbled or truncated file: nothing in it is imported. Its body is the API's 400 answer. */
export class SplitwiseFileError extends Error {
  readonly body: ApiErrorBody;

  constructor(...problem: { [C in FileProblem]: [code: C, ...params: ParamsOf<C>] }[FileProblem]) {
    const body = errorBody(...(problem as [string, ApiErrorParams?]));
    super(body.message);
    this.body = body;
  }
}

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
      throw new SplitwiseFileError('import.row_length', {
        row: i + 1,
        columns: cells.length,
        expected: header.length,
      });
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
    throw new SplitwiseFileError('import.not_splitwise');
  }
  if (!endsWithTotal) {
    throw new SplitwiseFileError('import.cut_off');
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
    currencies: [],
    balancesMatch: true,
  };
  const parts = new Map<string, SplitwiseCurrency>();
  const partOf = (code: string) => {
    let part = parts.get(code);
    if (!part) {
      part = {
        currency: code,
        expenseCount: 0,
        paymentCount: 0,
        total: 0,
        computedBalances: people.map(() => 0),
        finalBalances: null,
        balancesMatch: false,
      };
      parts.set(code, part);
    }
    return part;
  };
  for (let d = 0; d < data.length; d++) {
    if (d % STEP_ROWS === 0) yield;
    const { cells, row } = data[d]!;
    const reason = rowProblem(cells, people);
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
      currency: reason.currency,
      cost: reason.cost,
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
    }
    const part = partOf(parsed.currency);
    if (payment) part.paymentCount += 1;
    else {
      part.expenseCount += 1;
      part.total += parsed.cost;
    }
    for (let i = 0; i < parsed.nets.length; i++) part.computedBalances[i]! += parsed.nets[i]!;
    const { dateRange } = file;
    if (!dateRange) file.dateRange = { from: parsed.date, to: parsed.date };
    else if (parsed.date < dateRange.from) dateRange.from = parsed.date;
    else if (parsed.date > dateRange.to) dateRange.to = parsed.date;
  }
  for (const cells of totals) {
    const balances = cells.slice(5).map((c) => parseSignedCents(c) ?? 0);
    const part = parts.get(cells[4]!.trim().toUpperCase());
    if (part) part.finalBalances ??= balances;
    // A currency none of whose rows can be imported: its balance is lost unless it is nothing.
    else if (balances.some((b) => b !== 0)) file.balancesMatch = false;
  }
  for (const part of parts.values()) {
    part.balancesMatch = part.finalBalances?.every((b, i) => b === part.computedBalances[i]) ?? false;
    if (!part.balancesMatch) file.balancesMatch = false;
  }
  const rows = (code: string) => counts.get(code) ?? 0;
  file.currencies = [...parts.values()].sort(
    (a, b) =>
      Number(b.currency === currency) - Number(a.currency === currency) ||
      rows(b.currency) - rows(a.currency) ||
      a.currency.localeCompare(b.currency),
  );
  return file;
}

/** Text from the file quoted in a reason, kept short so every reason stays a line. */
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** Why a data row cannot be imported, or its currency, cost and nets; `cells` has the header's width. */
function rowProblem(cells: string[], people: string[]) {
  const date = cells[0]!.trim();
  const costText = cells[3]!.trim();
  const rowCurrency = cells[4]!.trim();
  if (!isDate(date)) return `The date '${clip(date)}' is not a date (YYYY-MM-DD)`;
  if (!isDateInWindow(date)) return `The date ${date} is not between ${EARLIEST_DATE} and ${latestDate()}`;
  const currency = rowCurrency.toUpperCase();
  if (!currency) return 'The row has no currency';
  if (!isCurrency(currency))
    return `The currency '${clip(rowCurrency)}' is not an ISO 4217 code such as USD, EUR or JPY`;
  const cost = parseSignedCents(costText);
  if (cost === null || cost <= 0) return `The cost '${clip(costText)}' is not an amount`;
  const exponent = currencyExponent(currency);
  // Kept in its own currency as written (the expense's original amount): it must fit its decimals.
  const minor = hundredthsIn(cost, exponent);
  if (minor === null)
    return `The cost ${clip(costText)} cannot be written in ${currency}, which has ${exponent === 0 ? 'no decimals' : `${exponent} decimal${exponent === 1 ? '' : 's'}`}`;
  if (minor > maxAmount(exponent)) return `The cost '${clip(costText)}' is not an amount`;
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
  return { currency, cost, nets };
}

function paymentProblem(row: SplitwiseRow): string | null {
  const from = row.nets.filter((n) => n > 0);
  const to = row.nets.filter((n) => n < 0);
  if (from.length !== 1 || to.length !== 1) return 'A payment must be from one person to one person';
  if (from[0] !== row.cost) return 'The payment does not match its cost';
  return null;
}

/**
 * Who paid an expense row and each person's share (hundredths, header order). The payer is the
 * person with the largest positive net (first column on a tie), assumed to have paid the whole
 * cost; a debtor's share is minus their net; other people owed money (multi-payer rows) get a
 * share of 0, and the payer's share is what is left. Exact for single-payer rows.
 */
export function reconstructShares(row: SplitwiseRow): { payer: number; shares: number[] } {
  const payer = row.nets.reduce((best, n, i) => (n > row.nets[best]! ? i : best), 0);
  const shares = row.nets.map((n) => (n < 0 ? -n : 0));
  shares[payer] = row.cost - shares.reduce((s, x) => s + x, 0);
  return { payer, shares };
}

/** An expense or payment of another currency as the file wrote it: its minor units and the rate. */
export interface ImportedOriginal {
  currency: string;
  amountMinor: number;
  rate: string;
}

/** Amounts in minor units of the household's currency. */
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
    /** Null in the household's currency. */
    original?: ImportedOriginal | null;
  }[];
  payments: {
    date: string;
    from: string;
    to: string;
    cents: number;
    original?: ImportedOriginal | null;
  }[];
  /** What is still open at the end of the file, as transfers between mapped members. */
  carryOver: Debt[];
  skippedRows: number;
}

/** The currencies of the file the import needs a rate for: all but the household's. */
export function ratesNeeded(file: SplitwiseFile, householdCurrency: string): string[] {
  return file.currencies.map((part) => part.currency).filter((code) => code !== householdCurrency);
}

/** The first currency of the file without a rate, or null. */
export function missingRate(file: SplitwiseFile, money: ImportMoney): string | null {
  return file.currencies.find((part) => rateOf(money, part.currency) === null)?.currency ?? null;
}

/** A row whose cost or payment converts to 0 or past the largest amount at its rate, or null. */
export function unusableRate(
  file: SplitwiseFile,
  money: ImportMoney,
): { currency: string; row: number } | null {
  const exponent = currencyExponent(money.currency);
  for (const row of [...file.expenses, ...file.payments]) {
    const rate = rateOf(money, row.currency);
    if (rate === null) continue;
    const converted = convertHundredths(row.cost, rate, exponent);
    if (converted <= 0 || converted > maxAmount(exponent)) return { currency: row.currency, row: row.row };
  }
  return null;
}

/**
 * A row's cost in the household's currency (converted once, at its currency's rate) and, for
 * another currency, the original the expense or payment keeps.
 */
function converted(row: SplitwiseRow, money: ImportMoney, exponent: number) {
  const rate = rateOf(money, row.currency);
  if (rate === null) throw new Error(`No exchange rate for ${row.currency}`);
  const minor = convertHundredths(row.cost, rate, exponent);
  const original =
    row.currency === money.currency
      ? null
      : {
          currency: row.currency,
          amountMinor: hundredthsIn(row.cost, currencyExponent(row.currency))!,
          rate,
        };
  return { minor, original };
}

/**
 * What an import writes, for a mapping person → member id (null: skip), in the household's
 * currency at the rates given (missingRate and unusableRate first). Rows paid by a skipped
 * person, and payments involving one, are skipped; a skipped person's share is left out.
 */
export function planImport(
  file: SplitwiseFile,
  mapping: Record<string, string | null>,
  money: ImportMoney,
): ImportPlan {
  return runSteps(planImportInSteps(file, mapping, money));
}

/** planImport in steps of a few hundred rows (converting and apportioning takes a while). */
export function* planImportInSteps(
  file: SplitwiseFile,
  mapping: Record<string, string | null>,
  money: ImportMoney,
): Steps<ImportPlan> {
  const exponent = currencyExponent(money.currency);
  const members = file.people.map((name) => (Object.hasOwn(mapping, name) ? (mapping[name] ?? null) : null));
  const member = (i: number) => members[i] ?? null;
  const plan: ImportPlan = { expenses: [], payments: [], carryOver: [], skippedRows: 0 };
  for (const [index, row] of file.expenses.entries()) {
    if (index % STEP_ROWS === 0) yield;
    const { payer, shares } = reconstructShares(row);
    const paidBy = member(payer);
    if (!paidBy) {
      plan.skippedRows += 1;
      continue;
    }
    // The cost is converted once and the shares follow it in proportion, adding up to it exactly.
    const cost = converted(row, money, exponent);
    const parts = apportion(cost.minor, shares);
    const splits: { userId: string; cents: number }[] = [];
    parts.forEach((cents, i) => {
      const userId = member(i);
      if (userId && cents > 0) splits.push({ userId, cents });
    });
    plan.expenses.push({
      row: row.row,
      date: row.date,
      title: row.title,
      description: row.description,
      category: row.category,
      amountCents: cost.minor,
      paidBy,
      splits,
      original: cost.original,
    });
  }
  for (const [index, row] of file.payments.entries()) {
    if (index % STEP_ROWS === 0) yield;
    const from = member(row.nets.findIndex((n) => n > 0));
    const to = member(row.nets.findIndex((n) => n < 0));
    if (!from || !to) {
      plan.skippedRows += 1;
      continue;
    }
    const amount = converted(row, money, exponent);
    plan.payments.push({ date: row.date, from, to, cents: amount.minor, original: amount.original });
  }
  // The ledger's nets after these expenses and payments, and what the file ends with, converted:
  // the difference (approximate multi-payer rows, skipped people, rounding in the conversion) is
  // carried over, so that the balances after the import are the file's at those rates.
  const net = new Map<string, number>();
  const add = (userId: string, cents: number) => net.set(userId, (net.get(userId) ?? 0) + cents);
  for (const part of file.currencies) {
    const rate = rateOf(money, part.currency);
    if (rate === null) throw new Error(`No exchange rate for ${part.currency}`);
    convertBalances(part.computedBalances, rate, exponent).forEach((cents, i) => {
      const userId = member(i);
      if (userId) add(userId, cents);
    });
  }
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

/** More than there are currencies. */
const MAX_RATES = 300;

export const splitwiseImportSchema = splitwisePreviewSchema.extend({
  mapping: z.record(z.string().max(200), z.string().min(1).max(100).nullable(), {
    error: 'mapping is required: each person → a member id or null to skip',
  }),
  /**
   * For each currency of the file other than the household's, household units per one unit of it
   * ("1.09"), as an expense's exchangeRate; rates for other currencies are not used.
   */
  rates: z
    .record(expenseCurrency, exchangeRate)
    .refine((rates) => Object.keys(rates).length <= MAX_RATES, `rates: at most ${MAX_RATES} currencies`)
    .default({}),
});
