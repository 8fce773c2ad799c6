import { differenceInCalendarDays, format } from 'date-fns';
import type { MessageId } from '../i18n/compiled/en.ts';
import { dateFormat } from '../i18n/locale-format.ts';
import { type MoneyFormat, moneyFormat, parseAmount } from '../money.ts';
import type { ExpenseSplitView, ExpenseView } from './api.ts';
import {
  computeShares,
  type EXPENSE_CATEGORIES,
  type ExpenseStatus,
  percentagesAddUp,
  type RECURRING_INTERVALS,
  type SplitPart,
  type SplitType,
} from './rules.ts';
import type { CreateExpenseInput } from './schemas.ts';

/** The translate function of the active language (`useT()`), so these helpers can be unit tested. */
export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;
/** What the helpers below write with: the translate function and `Intl` tag of the active language. */
/** A sentence to translate where it is shown. */
export interface Message {
  id: MessageId;
  values?: Record<string, unknown>;
}
export interface Words {
  t: Translate;
  locale: string;
}

export type CreateCategory = (typeof EXPENSE_CATEGORIES)[number];
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

/** GET /api/expenses answers this many expenses a page, newest first; an older page starts after the last id. */
export const EXPENSES_PAGE = 200;

/** A number in the currency's units, as the balance endpoints send it → integer minor units. */
export const toCents = (units: number, money: Pick<MoneyFormat, 'exponent'>): number =>
  Math.round(units * 10 ** money.exponent);

/** An API amount above zero, in any currency's decimals ("0.417", "1200"). */
const isPositive = (amount: string) => !amount.trim().startsWith('-') && /[1-9]/.test(amount);

/**
 * Every category an expense can have (docs/expenses.md, Categories); lists show older ones too.
 * In English, for the server's activity texts; screens use CATEGORY_LABEL_IDS.
 */
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

export const CATEGORY_LABEL_IDS: Record<string, MessageId> = {
  groceries: 'expenses.category.groceries',
  food: 'expenses.category.food',
  utilities: 'expenses.category.utilities',
  electric: 'expenses.category.electric',
  gas: 'expenses.category.gas',
  rent: 'expenses.category.rent',
  internet: 'expenses.category.internet',
  transportation: 'expenses.category.transportation',
  dining: 'expenses.category.dining',
  entertainment: 'expenses.category.entertainment',
  cleaning: 'expenses.category.cleaning',
  maintenance: 'expenses.category.maintenance',
  other: 'expenses.category.other',
};

/** A category's name: in the active language with `t`, in English without (the server's texts). */
export function categoryLabel(category: string, t?: Translate): string {
  if (!t) return CATEGORY_LABELS[category] ?? 'Other';
  return t(CATEGORY_LABEL_IDS[category] ?? 'expenses.category.other');
}

/** Titles offered while the title is empty, by the chosen category (docs/expenses.md, Categories). */
export const TITLE_SUGGESTIONS: Record<CreateCategory, readonly MessageId[]> = {
  groceries: [
    'expenses.suggest.weeklyGroceries',
    'expenses.suggest.householdSupplies',
    'expenses.suggest.farmersMarket',
  ],
  utilities: ['expenses.suggest.electricityBill', 'expenses.suggest.waterBill', 'expenses.suggest.gasBill'],
  rent: ['expenses.suggest.monthlyRent', 'expenses.suggest.securityDeposit'],
  internet: ['expenses.suggest.internetBill', 'expenses.suggest.streaming'],
  transportation: ['expenses.suggest.taxi', 'expenses.suggest.carGas', 'expenses.suggest.parking'],
  dining: ['expenses.suggest.dinnerOut', 'expenses.suggest.takeaway', 'expenses.suggest.coffeeRun'],
  entertainment: [
    'expenses.suggest.movieNight',
    'expenses.suggest.concertTickets',
    'expenses.suggest.gameNightSnacks',
  ],
  cleaning: ['expenses.suggest.cleaningSupplies', 'expenses.suggest.cleaningService'],
  maintenance: ['expenses.suggest.plumber', 'expenses.suggest.repairs', 'expenses.suggest.lightBulbs'],
  other: ['expenses.suggest.sharedPurchase', 'expenses.suggest.gift'],
};

/** Before a category is chosen, one title each from the costs most households share first. */
export const STARTER_SUGGESTIONS: readonly { category: CreateCategory; title: MessageId }[] = (
  ['rent', 'utilities', 'groceries', 'internet', 'dining'] as const
).map((category) => ({ category, title: TITLE_SUGGESTIONS[category][0]! }));

export const INTERVAL_LABELS: Record<RecurringInterval, MessageId> = {
  weekly: 'expenses.interval.weekly',
  monthly: 'expenses.interval.monthly',
  quarterly: 'expenses.interval.quarterly',
  yearly: 'expenses.interval.yearly',
};

/** In English, for the server's activity texts; screens use SPLIT_TYPE_LABEL_IDS. */
export const SPLIT_TYPE_LABELS: Record<SplitType, string> = {
  equal: 'Equal',
  custom: 'Custom',
  percentage: 'Percentage',
};

export const SPLIT_TYPE_LABEL_IDS: Record<SplitType, MessageId> = {
  equal: 'expenses.splitType.equal',
  custom: 'expenses.splitType.custom',
  percentage: 'expenses.splitType.percentage',
};

/** The Expenses screen's tabs: every expense, or those of one status (isExpenseSettled). */
export type ExpenseTab = 'all' | ExpenseStatus;

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
export function expenseDateText(date: string, today: Date, words: Words): string {
  // Both as days on one calendar: `today` may be a TZDate in the viewer's zone.
  const days = differenceInCalendarDays(todayOnCalendar(today), calendarDay(date));
  return days < 0 || days >= 7 ? formatDay(date, words.locale) : words.t('expenses.date.relative', { days });
}

// Every row of a list passes the same `today`: its day on the calendar is worked out once (a
// TZDate's fields come from Intl, slow on a phone).
let lastToday: { today: Date; time: number; day: Date } | null = null;

function todayOnCalendar(today: Date): Date {
  const time = today.getTime();
  if (lastToday?.today !== today || lastToday.time !== time)
    lastToday = { today, time, day: calendarDay(localDate(today)) };
  return lastToday.day;
}

/** A YYYY-MM-DD date as midnight on the browser's calendar (not UTC midnight). */
function calendarDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** 'Mar 7, 2025' in en-US, '7. März 2025' in de-DE. */
export function formatDay(date: string, locale: string): string {
  return dateFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).format(calendarDay(date));
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
  if (!isPositive(split.amount)) return false;
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
  money: Pick<MoneyFormat, 'exponent'>,
): { cents: number; expenses: number } {
  let cents = 0;
  let count = 0;
  for (const expense of expenses) {
    if (expense.paidBy !== to) continue;
    const owed = expense.splits
      .filter((s) => s.userId === from && !s.settled)
      .reduce((sum, s) => sum + Math.max(0, parseAmount(s.amount, money.exponent) ?? 0), 0);
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
      isPositive(s.amount) &&
      ((expense.paidBy === a && s.userId === b) || (expense.paidBy === b && s.userId === a)),
  );
}

// ---- The add-expense form ----

export interface ExpenseFormValues {
  title: string;
  amount: string;
  /** The currency the amounts are typed in: '' for the household's. */
  currency: string;
  /** Household units per one unit of `currency`, as typed. */
  exchangeRate: string;
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

/** The currency the form's amounts are typed in: the expense's own, else the household's. */
export function typedMoney(values: Pick<ExpenseFormValues, 'currency'>, household: MoneyFormat): MoneyFormat {
  return values.currency && values.currency !== household.currency
    ? moneyFormat(values.currency, household.locale)
    : household;
}

/**
 * Defaults (docs/expenses.md, The expense form): paid by you, today, equal split, monthly if
 * recurring, and Other until the title says more (category-guess.ts).
 */
export function defaultExpenseForm(userId: string, today: string): ExpenseFormValues {
  return {
    title: '',
    amount: '',
    currency: '',
    exchangeRate: '',
    category: 'other',
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

/** A percentage as typed, with a point or a decimal comma ('12,5'), as the API takes it: '12.5'. */
export function percentInput(text: string | undefined): string {
  return (text ?? '').trim().replace(',', '.');
}

function parsePercent(text: string | undefined): number | null {
  const value = percentInput(text);
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const percent = Number(value);
  return percent <= 100 ? percent : null;
}

const percentFormats = new Map<string, Intl.NumberFormat>();
// Without grouping, as the inputs are typed: "1100", never "1,100".
function percentFormat(locale: string, style: 'percent' | 'decimal'): Intl.NumberFormat {
  const key = `${locale}|${style}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style, maximumFractionDigits: 2, useGrouping: false });
    percentFormats.set(key, format);
  }
  return format;
}

/** A percentage with its sign in a language: "12.5%", "12,5 %". */
export function formatPercent(value: number, locale: string): string {
  return percentFormat(locale, 'percent').format(value / 100);
}

/** A percentage's number alone in a language ("12.5", "12,5"), for words that write the sign. */
export function formatPercentNumber(value: number, locale: string): string {
  return percentFormat(locale, 'decimal').format(value);
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
  /** What is wrong, as a message to put in words (never colour alone). */
  problem: Message | null;
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
export function splitSummary(
  values: ExpenseFormValues,
  memberIds: string[],
  money: MoneyFormat,
): SplitSummary {
  const amountCents = money.parse(values.amount);
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
        problem: { id: 'expenses.split.percentEach' },
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
    const problem: Message | null = ok
      ? null
      : totalPercent < 100
        ? {
            id: 'expenses.split.percentLeft',
            values: { percent: formatPercent(100 - totalPercent, money.locale) },
          }
        : {
            id: 'expenses.split.percentOver',
            values: { percent: formatPercent(totalPercent - 100, money.locale) },
          };
    return { ...base, rows, totalCents, totalPercent, ok, problem };
  }

  const cents = memberIds.map((id) => {
    const minor = money.parse(values.shares[id] ?? '');
    return minor !== null && minor >= 0 ? minor : null;
  });
  const rows = memberIds.map((userId, i) => ({ userId, cents: cents[i] ?? null, percent: null }));
  if (cents.some((c) => c === null)) {
    return {
      ...base,
      rows,
      totalCents: null,
      totalPercent: null,
      ok: false,
      problem: { id: 'expenses.split.amountEach' },
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
  const problem: Message | null = ok
    ? null
    : diff > 0
      ? {
          id: 'expenses.split.amountLeft',
          values: { left: money.format(diff), amount: money.format(amount) },
        }
      : {
          id: 'expenses.split.amountOver',
          values: { over: money.format(-diff), amount: money.format(amount) },
        };
  return { ...base, rows, totalCents, totalPercent: null, ok, problem };
}

/**
 * The POST /api/expenses body (docs/expenses.md, The expense form): text trimmed, the amount as
 * typed, and one split per member with a share, as a 2-decimal string that adds up to the amount
 * (plus the percent for a percentage split). Members with nothing to pay are left out of the split.
 */
export function expenseCreateInput(
  values: ExpenseFormValues,
  memberIds: string[],
  money: MoneyFormat,
  householdCurrency: string,
): CreateExpenseInput {
  const summary = splitSummary(values, memberIds, money);
  const custom = values.splitType !== 'equal';
  const foreign = values.currency !== '' && values.currency !== householdCurrency;
  return {
    expense: {
      title: values.title.trim(),
      amount: values.amount.trim(),
      ...(foreign ? { currency: values.currency, exchangeRate: values.exchangeRate.trim() } : {}),
      category: values.category,
      description: values.description.trim(),
      notes: values.notes.trim(),
      date: values.date,
      splitType: values.splitType,
      paidBy: values.paidBy,
      customSplits: custom
        ? Object.fromEntries(
            memberIds.map((id) => [
              id,
              values.splitType === 'percentage'
                ? percentInput(values.shares[id])
                : (values.shares[id] ?? '').trim(),
            ]),
          )
        : null,
      isRecurring: values.isRecurring,
      recurringInterval: values.recurringInterval,
      recurringEndDate: values.isRecurring && values.recurringEndDate ? values.recurringEndDate : null,
    },
    splits: summary.rows
      .filter((row) => row.cents !== null && row.cents > 0)
      .map((row) => ({
        userId: row.userId,
        amount: money.amount(row.cents!),
        ...(values.splitType === 'percentage' && row.percent !== null ? { percent: row.percent } : {}),
      })),
  };
}
