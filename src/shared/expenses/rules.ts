// Expenses' constants and rules (splits, balances, debts, recurrence), with no validation code:
// the screens that only show expenses load these and not Zod. The schemas are in expenses.ts.
import { maxAmount } from '../money.ts';

/** Categories offered when creating (docs/expenses.md, Categories); lists may show more. */
export const EXPENSE_CATEGORIES = [
  'groceries',
  'utilities',
  'rent',
  'internet',
  'transportation',
  'dining',
  'entertainment',
  'cleaning',
  'maintenance',
  'other',
] as const;
export const SPLIT_TYPES = ['equal', 'custom', 'percentage'] as const;
export const RECURRING_INTERVALS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
/** The largest amount in a 2-decimal currency (the rule for every currency is in money.ts). */
export const MAX_EXPENSE_CENTS = maxAmount(2);
export const PERCENT_TOLERANCE = 0.1;
export const CUSTOM_TOLERANCE_CENTS = 1;
export const QUICK_AMOUNTS = [10, 25, 50, 100] as const;

export type SplitType = (typeof SPLIT_TYPES)[number];

/**
 * Equal split that never loses a cent: the remainder goes one cent each to the first members in
 * the given (stable) order, so 10.00 / 3 → 3.34, 3.33, 3.33.
 */
export function equalSplit(amountCents: number, userIds: string[]): { userId: string; cents: number }[] {
  if (userIds.length === 0) return [];
  const base = Math.floor(amountCents / userIds.length);
  const remainder = amountCents - base * userIds.length;
  return userIds.map((userId, i) => ({ userId, cents: base + (i < remainder ? 1 : 0) }));
}

/** Largest-remainder rounding: shares of a total by weights, summing to the total exactly. */
function byLargestRemainder(totalCents: number, weights: { userId: string; weight: number }[]) {
  const sum = weights.reduce((s, w) => s + w.weight, 0);
  const raw = weights.map((w, i) => {
    const exact = sum === 0 ? 0 : (totalCents * w.weight) / sum;
    return { userId: w.userId, cents: Math.floor(exact), rest: exact - Math.floor(exact), i };
  });
  let left = totalCents - raw.reduce((s, r) => s + r.cents, 0);
  const order = [...raw].sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const r of order) {
    if (left <= 0) break;
    r.cents += 1;
    left -= 1;
  }
  return raw.map(({ userId, cents }) => ({ userId, cents }));
}

/** Percentages that add up to 100 (within 0.1) → cents that add up to the amount exactly. */
export function percentageSplit(amountCents: number, shares: { userId: string; percent: number }[]) {
  return byLargestRemainder(
    amountCents,
    shares.map((s) => ({ userId: s.userId, weight: s.percent })),
  );
}

export function percentagesAddUp(percents: number[]): boolean {
  return Math.abs(percents.reduce((s, p) => s + p, 0) - 100) <= PERCENT_TOLERANCE + 1e-9;
}

/** Custom amounts must add up within a cent; any cent of difference goes to the largest share. */
export function customSplit(amountCents: number, shares: { userId: string; cents: number }[]) {
  const diff = amountCents - shares.reduce((s, x) => s + x.cents, 0);
  if (Math.abs(diff) > CUSTOM_TOLERANCE_CENTS) return null;
  if (diff === 0 || shares.length === 0) return shares;
  const largest = shares.reduce((best, s, i) => (s.cents > shares[best]!.cents ? i : best), 0);
  return shares.map((s, i) => (i === largest ? { ...s, cents: s.cents + diff } : s));
}

/** One member's part of a split as sent: cents for custom amounts, percent for percentages. */
export interface SplitPart {
  userId: string;
  cents?: number | undefined;
  percent?: number | undefined;
}

export type SharesResult =
  | { ok: true; shares: { userId: string; cents: number }[] }
  | { ok: false; problem: 'percentagesDontAddUp' | 'splitsDontAddUp' };

/**
 * The cents of each share as they are stored, for the route and for the form's live summary
 * alike: equal splits spread the remainder, percentages round by largest remainder (a percentage
 * split without every percent counts by amounts), custom amounts add up within a cent.
 */
export function computeShares(amountCents: number, splitType: SplitType, parts: SplitPart[]): SharesResult {
  if (splitType === 'equal') {
    return {
      ok: true,
      shares: equalSplit(
        amountCents,
        parts.map((p) => p.userId),
      ),
    };
  }
  if (splitType === 'percentage' && parts.every((p) => p.percent !== undefined)) {
    const shares = parts.map((p) => ({ userId: p.userId, percent: p.percent! }));
    if (!percentagesAddUp(shares.map((s) => s.percent)))
      return { ok: false, problem: 'percentagesDontAddUp' };
    return { ok: true, shares: percentageSplit(amountCents, shares) };
  }
  const shares = customSplit(
    amountCents,
    parts.map((p) => ({ userId: p.userId, cents: p.cents ?? 0 })),
  );
  return shares ? { ok: true, shares } : { ok: false, problem: 'splitsDontAddUp' };
}

export interface Debt {
  from: string;
  to: string;
  cents: number;
}

export interface BalanceSplit {
  expenseId: string;
  paidBy: string;
  userId: string;
  cents: number;
  settled: boolean;
}

/** A split that counts towards balances: unsettled, positive, and not the payer's own share. */
const counts = (s: BalanceSplit) => !s.settled && s.cents > 0 && s.userId !== s.paidBy;

/**
 * The fewest transfers a greedy min-cash-flow finds (at most n − 1): the largest debtor pays
 * the largest creditor, again and again. Ties go by user id, so equal inputs give equal answers.
 */
export function simplifyDebts(balances: Map<string, number>): Debt[] {
  const creditors = [...balances].filter(([, c]) => c > 0).map(([id, c]) => ({ id, c }));
  const debtors = [...balances].filter(([, c]) => c < 0).map(([id, c]) => ({ id, c: -c }));
  const pick = (list: { id: string; c: number }[]) =>
    list.reduce<{ id: string; c: number } | null>(
      (best, x) => (x.c > 0 && (!best || x.c > best.c || (x.c === best.c && x.id < best.id)) ? x : best),
      null,
    );
  const transfers: Debt[] = [];
  for (;;) {
    const creditor = pick(creditors);
    const debtor = pick(debtors);
    if (!creditor || !debtor) break;
    const cents = Math.min(creditor.c, debtor.c);
    transfers.push({ from: debtor.id, to: creditor.id, cents });
    creditor.c -= cents;
    debtor.c -= cents;
  }
  return transfers;
}

/**
 * The expenses behind debts, from one pass over the splits however many debts are explained:
 * - a suggested transfer: those where its payer still owes a share, or its receiver is still
 *   owed one;
 * - a person-to-person debt: those between the two of them only.
 * Each list is in the order the splits first name its expenses (newest first by the caller's).
 */
export function debtExplanations(splits: BalanceSplit[]): {
  transfer: (transfer: Debt) => string[];
  pair: (debt: Debt) => string[];
} {
  // Expense id → where its first split is, per debtor, per payer, and per debtor and payer.
  const byDebtor = new Map<string, Map<string, number>>();
  const byPayer = new Map<string, Map<string, number>>();
  const byPair = new Map<string, Map<string, Map<string, number>>>();
  const note = (list: Map<string, number>, s: BalanceSplit, at: number) => {
    if (!list.has(s.expenseId)) list.set(s.expenseId, at);
  };
  splits.forEach((s, at) => {
    if (!counts(s)) return;
    note(inner(byDebtor, s.userId), s, at);
    note(inner(byPayer, s.paidBy), s, at);
    note(inner(inner(byPair, s.userId), s.paidBy), s, at);
  });
  return {
    transfer: ({ from, to }) => inOrder(byDebtor.get(from), byPayer.get(to)),
    pair: ({ from, to }) => inOrder(byPair.get(from)?.get(to), byPair.get(to)?.get(from)),
  };
}

function inner<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let value = map.get(key);
  if (!value) {
    value = new Map();
    map.set(key, value);
  }
  return value;
}

/** The expense ids of two lists, each once, by where their splits first appear. */
function inOrder(a: Map<string, number> = new Map(), b: Map<string, number> = new Map()): string[] {
  const x = [...a];
  const y = [...b];
  const ids = new Set<string>();
  for (let i = 0, j = 0; i < x.length || j < y.length; ) {
    const next = j >= y.length || (i < x.length && x[i]![1] <= y[j]![1]) ? x[i++]! : y[j++]!;
    ids.add(next[0]);
  }
  return [...ids];
}

/** The Unsettled and Settled tabs of the Expenses screen, and GET /api/expenses?status=. */
export const EXPENSE_STATUSES = ['unsettled', 'settled'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/**
 * A share someone still owes the payer: not settled, more than nothing, and not the payer's own
 * (a share whose member and payer are both gone counts as the payer's own). The server's SQL for
 * the status filter and the counts says the same (expenses/queries.ts, openShares).
 */
export function isShareOpen(
  share: { userId: string | null; cents: number; settled: boolean },
  paidBy: string | null,
): boolean {
  return !share.settled && share.cents > 0 && share.userId !== paidBy;
}

/** Settled: no share is still open (docs/expenses.md, The Expenses screen). */
export function isExpenseSettled(
  shares: readonly { userId: string | null; cents: number; settled: boolean }[],
  paidBy: string | null,
): boolean {
  return !shares.some((share) => isShareOpen(share, paidBy));
}

/** Share of an expense's splits (other than the payer's) that is settled, in percent. */
export function settledPercent(
  splits: { userId: string; cents: number; settled: boolean }[],
  paidBy: string,
): number {
  const others = splits.filter((s) => s.userId !== paidBy && s.cents > 0);
  const total = others.reduce((s, x) => s + x.cents, 0);
  if (total === 0) return 100;
  // Rounded down, so that an expense with any share still open never reads 100 %.
  return Math.floor((others.filter((s) => s.settled).reduce((s, x) => s + x.cents, 0) / total) * 100);
}

/**
 * Expense date labels (docs/expenses.md, The expense card): Today, Yesterday, 'N days ago' under 7,
 * else the date.
 */
export function expenseDateLabel(days: number, formatted: string): string {
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatted;
}

const INTERVAL_MONTHS = { monthly: 1, quarterly: 3, yearly: 12 } as const;

/**
 * The date (YYYY-MM-DD) of occurrence k of a recurring expense first dated `anchor`: counted
 * from the anchor so month ends clamp without drifting (Jan 31 → Feb 28 → Mar 31).
 */
export function recurringDate(
  anchor: string,
  interval: (typeof RECURRING_INTERVALS)[number],
  k: number,
): string {
  const [y, m, d] = anchor.split('-').map(Number) as [number, number, number];
  if (interval === 'weekly') return new Date(Date.UTC(y, m - 1, d + 7 * k)).toISOString().slice(0, 10);
  const months = m - 1 + INTERVAL_MONTHS[interval] * k;
  const year = y + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The splits of a recurring expense's next copy when some of the people it was split among have
 * left the household (decision 0004): their shares go to those still in it, equally for an
 * equal split, in proportion to their own shares for a custom or percentage one, so the copy
 * still adds up to its amount. Null when nobody it was split among is left (the series ends).
 */
export function recurringCopySplits(
  amountCents: number,
  splitType: SplitType,
  splits: { userId: string | null; cents: number }[],
  memberIds: ReadonlySet<string>,
): { userId: string; cents: number }[] | null {
  const kept = splits.filter(
    (s): s is { userId: string; cents: number } => !!s.userId && memberIds.has(s.userId),
  );
  if (kept.length === 0) return null;
  if (kept.length === splits.length) return kept;
  // Equal stays equal; custom shares that were all zero have no proportions to keep.
  if (splitType === 'equal' || kept.every((s) => s.cents <= 0))
    return equalSplit(
      amountCents,
      kept.map((s) => s.userId),
    );
  return byLargestRemainder(
    amountCents,
    kept.map((s) => ({ userId: s.userId, weight: Math.max(0, s.cents) })),
  );
}
