import { differenceInCalendarDays, format } from 'date-fns';
import { centsToDollars, formatMoney, parseDollarsToCents } from '../money.ts';
import type { ExpenseSplitView, ExpenseView } from './api.ts';
import {
  computeShares,
  type EXPENSE_CATEGORIES,
  expenseDateLabel,
  percentagesAddUp,
  type RECURRING_INTERVALS,
  type SplitPart,
  type SplitType,
} from './rules.ts';
import type { CreateExpenseInput } from './schemas.ts';

export type CreateCategory = (typeof EXPENSE_CATEGORIES)[number];
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** GET /api/expenses answers this many expenses a page, newest first; an older page starts after the last id. */
export const EXPENSES_PAGE = 200;

/** Dollars as the balance endpoints send them → integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Every category an expense can have (docs/expenses.md, Categories); lists show older ones too. */
export const CATEGORY_LABELS: Record<string, string> = {
  groceries: 'Groceries',
  food: 'Food',
  utilities: 'Utilities',
  electric: 'Electric',
  gas: 'Gas',
  rent: 'Rent',
  internet: 'Internet',
  transportation: 'Transportation',
  dining: 'Dining',
  entertainment: 'Entertainment',
  cleaning: 'Cleaning',
  maintenance: 'Maintenance',
  other: 'Other',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? 'Other';
}

/** Titles offered while the title is empty, by the chosen category (docs/expenses.md, Categories). */
export const TITLE_SUGGESTIONS: Record<CreateCategory, readonly string[]> = {
  groceries: ['Weekly groceries', 'Household supplies', 'Farmers market'],
  utilities: ['Electricity bill', 'Water bill', 'Gas bill'],
  rent: ['Monthly rent', 'Security deposit'],
  internet: ['Internet bill', 'Streaming subscription'],
  transportation: ['Taxi ride', 'Gas for the car', 'Parking'],
  dining: ['Dinner out', 'Takeaway', 'Coffee run'],
  entertainment: ['Movie night', 'Concert tickets', 'Game night snacks'],
  cleaning: ['Cleaning supplies', 'Cleaning service'],
  maintenance: ['Plumber', 'Repairs', 'New light bulbs'],
  other: ['Shared purchase', 'Gift'],
};

export const INTERVAL_LABELS: Record<RecurringInterval, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export const SPLIT_TYPE_LABELS: Record<SplitType, string> = {
  equal: 'Equal',
  custom: 'Custom',
  percentage: 'Percentage',
};

export type ExpenseTab = 'all' | 'unsettled' | 'settled';

export function filterExpenses(expenses: ExpenseView[], tab: ExpenseTab): ExpenseView[] {
  if (tab === 'all') return expenses;
  return expenses.filter((e) => e.fullySettled === (tab === 'settled'));
}

export function tabCounts(expenses: ExpenseView[]): Record<ExpenseTab, number> {
  const settled = expenses.filter((e) => e.fullySettled).length;
  return { all: expenses.length, unsettled: expenses.length - settled, settled };
}

/**
 * The card's date (docs/expenses.md, The expense card): Today, Yesterday, 'N days ago' under 7,
 * else 'MMM d, yyyy'. A date still ahead (a bill entered early) shows the date rather than 'Today'.
 */
export function expenseDateText(date: string, today: Date): string {
  // Both as days on one calendar: `today` may be a TZDate in the viewer's zone.
  const days = differenceInCalendarDays(calendarDay(localDate(today)), calendarDay(date));
  const formatted = formatDay(date);
  return days < 0 ? formatted : expenseDateLabel(days, formatted);
}

/** A YYYY-MM-DD date as midnight on the browser's calendar (not UTC midnight). */
function calendarDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** 'Mar 7, 2025'. */
export function formatDay(date: string): string {
  return format(calendarDay(date), 'MMM d, yyyy');
}

/** Today on the browser's calendar, as a date input takes it. */
export function localDate(now: Date): string {
  return format(now, 'yyyy-MM-dd');
}

/**
 * 'Settle' is offered on a share still open that is not the payer's own (docs/expenses.md, The
 * expense card), to the two people it concerns: the payer and the member who owes it (the server
 * allows no one else).
 */
export function canSettleSplit(expense: ExpenseView, split: ExpenseSplitView, viewerId: string): boolean {
  if (split.settled || split.userId === null || split.userId === expense.paidBy) return false;
  if ((parseDollarsToCents(split.amount) ?? 0) <= 0) return false;
  return viewerId === expense.paidBy || viewerId === split.userId;
}

/**
 * What settling up with `to` marks as paid: every open share `from` owes on expenses `to` paid,
 * as POST /api/settle-up does (the reverse debts are not netted against it).
 */
export function openSharesOwed(
  expenses: ExpenseView[],
  from: string,
  to: string,
): { cents: number; expenses: number } {
  let cents = 0;
  let count = 0;
  for (const expense of expenses) {
    if (expense.paidBy !== to) continue;
    const owed = expense.splits
      .filter((s) => s.userId === from && !s.settled)
      .reduce((sum, s) => sum + Math.max(0, parseDollarsToCents(s.amount) ?? 0), 0);
    if (owed > 0) {
      cents += owed;
      count += 1;
    }
  }
  return { cents, expenses: count };
}

/** An open share on this expense that one of the two owes the other (the pair's own debts). */
export function isBetween(expense: ExpenseView, a: string, b: string): boolean {
  return expense.splits.some(
    (s) =>
      !s.settled &&
      (parseDollarsToCents(s.amount) ?? 0) > 0 &&
      ((expense.paidBy === a && s.userId === b) || (expense.paidBy === b && s.userId === a)),
  );
}

// ---- The add-expense form ----

export interface ExpenseFormValues {
  title: string;
  amount: string;
  category: CreateCategory;
  date: string;
  paidBy: string;
  splitType: SplitType;
  /** Per member: dollars (custom) or percent (percentage), as typed. */
  shares: Record<string, string>;
  isRecurring: boolean;
  recurringInterval: RecurringInterval;
  recurringEndDate: string;
  description: string;
  notes: string;
}

/** Defaults (docs/expenses.md, The expense form): paid by you, today, equal split, monthly if recurring. */
export function defaultExpenseForm(userId: string, today: string): ExpenseFormValues {
  return {
    title: '',
    amount: '',
    category: 'groceries',
    date: today,
    paidBy: userId,
    splitType: 'equal',
    shares: {},
    isRecurring: false,
    recurringInterval: 'monthly',
    recurringEndDate: '',
    description: '',
    notes: '',
  };
}

/** Per-member inputs start at 0 (percentage) or 0.00 (custom) (docs/expenses.md, Splits). */
export function initialShares(splitType: SplitType, memberIds: string[]): Record<string, string> {
  if (splitType === 'equal') return {};
  const value = splitType === 'percentage' ? '0' : '0.00';
  return Object.fromEntries(memberIds.map((id) => [id, value]));
}

function parsePercent(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const percent = Number(value);
  return percent <= 100 ? percent : null;
}

function formatPercent(value: number): string {
  return `${Number(value.toFixed(2))}%`;
}

export interface SplitSummary {
  /** Each member's share in cents; null where it cannot be worked out yet. */
  rows: { userId: string; cents: number | null; percent: number | null }[];
  /** The amount in cents, or null while it is not a valid amount. */
  amountCents: number | null;
  /** Sum of the shares (cents), and of the percentages for a percentage split. */
  totalCents: number | null;
  totalPercent: number | null;
  /** False when the shares do not add up (the summary turns red and the form is not sent). */
  ok: boolean;
  /** What is wrong, in words (never colour alone). */
  problem: string | null;
  /** An equal split whose shares differ by a cent so that they add up exactly. */
  uneven: boolean;
}

/** The stored shares of a split the summary already knows adds up. */
function shareCents(amountCents: number, splitType: SplitType, parts: SplitPart[]) {
  const result = computeShares(amountCents, splitType, parts);
  return result.ok ? result.shares : [];
}

/**
 * The live summary under the split (docs/expenses.md, Splits): each member's share and the total.
 * Equal shares are the amount divided by the members to 2 decimals, the leftover cents going one
 * each to the first members; percentages must add up to 100 within 0.1, custom amounts to the
 * amount within 0.01.
 */
export function splitSummary(values: ExpenseFormValues, memberIds: string[]): SplitSummary {
  const amountCents = parseDollarsToCents(values.amount);
  const amount = amountCents !== null && amountCents > 0 ? amountCents : null;
  const base = { amountCents: amount, uneven: false };

  if (values.splitType === 'equal') {
    const rows =
      amount === null
        ? memberIds.map((userId) => ({ userId, cents: null, percent: null }))
        : shareCents(
            amount,
            'equal',
            memberIds.map((userId) => ({ userId })),
          ).map((s) => ({ ...s, percent: null }));
    const uneven = amount !== null && memberIds.length > 0 && amount % memberIds.length !== 0;
    return { ...base, rows, totalCents: amount, totalPercent: null, ok: true, problem: null, uneven };
  }

  if (values.splitType === 'percentage') {
    const percents = memberIds.map((id) => parsePercent(values.shares[id]));
    if (percents.some((p) => p === null)) {
      return {
        ...base,
        rows: memberIds.map((userId, i) => ({ userId, cents: null, percent: percents[i] ?? null })),
        totalCents: null,
        totalPercent: null,
        ok: false,
        problem: 'Enter a percentage from 0 to 100 for every member',
      };
    }
    const list = percents as number[];
    const totalPercent = Number(list.reduce((s, p) => s + p, 0).toFixed(2));
    const ok = percentagesAddUp(list);
    const cents =
      amount === null
        ? list.map(() => null)
        : ok
          ? shareCents(
              amount,
              'percentage',
              memberIds.map((userId, i) => ({ userId, percent: list[i]! })),
            ).map((s) => s.cents)
          : list.map((p) => Math.round((amount * p) / 100));
    const rows = memberIds.map((userId, i) => ({ userId, cents: cents[i] ?? null, percent: list[i]! }));
    const totalCents = cents.every((c) => c !== null) ? cents.reduce((s, c) => s + c!, 0) : null;
    const problem = ok
      ? null
      : totalPercent < 100
        ? `${formatPercent(100 - totalPercent)} left to assign: the percentages must add up to 100%`
        : `${formatPercent(totalPercent - 100)} too much: the percentages must add up to 100%`;
    return { ...base, rows, totalCents, totalPercent, ok, problem };
  }

  const cents = memberIds.map((id) => parseDollarsToCents(values.shares[id] ?? ''));
  const rows = memberIds.map((userId, i) => ({ userId, cents: cents[i] ?? null, percent: null }));
  if (cents.some((c) => c === null)) {
    return {
      ...base,
      rows,
      totalCents: null,
      totalPercent: null,
      ok: false,
      problem: 'Enter an amount for every member (0.00 for nothing)',
    };
  }
  const totalCents = cents.reduce<number>((s, c) => s + (c ?? 0), 0);
  if (amount === null) {
    return { ...base, rows, totalCents, totalPercent: null, ok: false, problem: null };
  }
  const diff = amount - totalCents;
  const ok = computeShares(
    amount,
    'custom',
    memberIds.map((userId, i) => ({ userId, cents: cents[i]! })),
  ).ok;
  const problem = ok
    ? null
    : diff > 0
      ? `${formatMoney(diff)} left to assign: the shares must add up to ${formatMoney(amount)}`
      : `${formatMoney(-diff)} too much: the shares must add up to ${formatMoney(amount)}`;
  return { ...base, rows, totalCents, totalPercent: null, ok, problem };
}

/**
 * The POST /api/expenses body (docs/expenses.md, The expense form): text trimmed, the amount as
 * typed, and one split per member with a share, as a 2-decimal string that adds up to the amount
 * (plus the percent for a percentage split). Members with nothing to pay are left out of the split.
 */
export function expenseCreateInput(values: ExpenseFormValues, memberIds: string[]): CreateExpenseInput {
  const summary = splitSummary(values, memberIds);
  const custom = values.splitType !== 'equal';
  return {
    expense: {
      title: values.title.trim(),
      amount: values.amount.trim(),
      category: values.category,
      description: values.description.trim(),
      notes: values.notes.trim(),
      date: values.date,
      splitType: values.splitType,
      paidBy: values.paidBy,
      customSplits: custom
        ? Object.fromEntries(memberIds.map((id) => [id, (values.shares[id] ?? '').trim()]))
        : null,
      isRecurring: values.isRecurring,
      recurringInterval: values.recurringInterval,
      recurringEndDate: values.isRecurring && values.recurringEndDate ? values.recurringEndDate : null,
    },
    splits: summary.rows
      .filter((row) => row.cents !== null && row.cents > 0)
      .map((row) => ({
        userId: row.userId,
        amount: centsToDollars(row.cents!),
        ...(values.splitType === 'percentage' && row.percent !== null ? { percent: row.percent } : {}),
      })),
  };
}
