// Editing an expense: the form prefilled from the expense, and the PATCH body of what changed
// (docs/money.md). The form's own rules (splitSummary, expenseCreateInput) stay in src/shared/expenses/view.ts.

import type { ExpenseView } from '#shared/expenses/api.ts';
import {
  EXPENSE_CATEGORIES,
  equalSplit,
  percentageSplit,
  percentagesAddUp,
  RECURRING_INTERVALS,
  type SplitType,
} from '#shared/expenses/rules.ts';
import type { UpdateExpenseInput } from '#shared/expenses/schemas.ts';
import {
  type CreateCategory,
  type ExpenseFormValues,
  expenseCreateInput,
  formatPercentNumber,
  percentInput,
  type RecurringInterval,
  typedMoney,
} from '#shared/expenses/view.ts';
import { apportion, type MoneyFormat } from '#shared/money.ts';

type ExpensePatch = NonNullable<UpdateExpenseInput['expense']>;

/** The fields an edit may change besides the split (updateExpenseSchema); recurrence is not one. */
const EDITABLE = [
  'title',
  'amount',
  'currency',
  'exchangeRate',
  'category',
  'description',
  'notes',
  'date',
  'paidBy',
] as const satisfies readonly (keyof ExpensePatch)[];

/** True for the categories the form offers; older expenses may carry others ('food', 'gas'). */
export function isCreateCategory(category: string): category is CreateCategory {
  return (EXPENSE_CATEGORIES as readonly string[]).includes(category);
}

/**
 * The split as the form shows it. An expense is shown as it was entered when the form can
 * give back exactly its shares among the current members; otherwise as custom amounts (an
 * equal split from before someone joined, say), which give back the same shares.
 */
function splitValues(
  expense: ExpenseView,
  memberIds: string[],
  household: MoneyFormat,
): Pick<ExpenseFormValues, 'splitType' | 'shares'> {
  const typed = typedMoney({ currency: expense.original?.currency ?? '' }, household);
  const cents = (amount: string, money: MoneyFormat) => money.parse(amount) ?? 0;
  // Paid in another currency, the shares are shown in it: the stored ones carried back in proportion.
  const amount = cents(expense.original?.amount ?? expense.amount, typed);
  const stored = expense.splits.flatMap((s) =>
    s.userId ? [{ userId: s.userId, cents: cents(s.amount, household) }] : [],
  );
  const carried = expense.original
    ? apportion(
        amount,
        stored.map((s) => s.cents),
      )
    : stored.map((s) => s.cents);
  const shareOf = new Map(stored.map((s, i) => [s.userId, carried[i] ?? 0]));
  const members = new Set(memberIds);
  const sharesOfMembersOnly = [...shareOf.keys()].every((id) => members.has(id));
  const same = (rows: { userId: string; cents: number }[]) =>
    sharesOfMembersOnly && rows.every((row) => (shareOf.get(row.userId) ?? 0) === row.cents);

  if (expense.splitType === 'equal' && same(equalSplit(amount, memberIds))) {
    return { splitType: 'equal', shares: {} };
  }
  if (expense.splitType === 'percentage' && amount > 0) {
    const percents = memberIds.map((userId) => ({
      userId,
      percent: Number((((shareOf.get(userId) ?? 0) * 100) / amount).toFixed(2)),
    }));
    if (percentagesAddUp(percents.map((p) => p.percent)) && same(percentageSplit(amount, percents))) {
      return {
        splitType: 'percentage',
        shares: Object.fromEntries(
          percents.map((p) => [p.userId, formatPercentNumber(p.percent, household.locale)]),
        ),
      };
    }
  }
  return {
    splitType: 'custom',
    shares: Object.fromEntries(memberIds.map((id) => [id, typed.amount(shareOf.get(id) ?? 0)])),
  };
}

/** The form filled in with the expense as it is. */
export function expenseFormValues(
  expense: ExpenseView,
  memberIds: string[],
  household: MoneyFormat,
): ExpenseFormValues {
  const interval = expense.recurrenceFrequency;
  return {
    title: expense.title,
    amount: expense.original?.amount ?? expense.amount,
    currency: expense.original?.currency ?? '',
    exchangeRate: expense.original?.exchangeRate ?? '',
    // Kept as it is even when the form does not offer it: unchanged, it is not sent.
    category: expense.category as CreateCategory,
    date: expense.date,
    paidBy: expense.paidBy ?? '',
    ...splitValues(expense, memberIds, household),
    isRecurring: expense.isRecurring,
    recurringInterval: (RECURRING_INTERVALS as readonly string[]).includes(interval ?? '')
      ? (interval as RecurringInterval)
      : 'monthly',
    recurringEndDate: expense.recurringEndDate ?? '',
    description: expense.description ?? '',
    notes: expense.notes ?? '',
  };
}

/** The split as typed changed: its type, the amount it divides, or a member's share. */
export function splitChanged(
  initial: ExpenseFormValues,
  values: ExpenseFormValues,
  household: MoneyFormat,
): boolean {
  if (initial.splitType !== values.splitType) return true;
  if ((initial.currency || household.currency) !== (values.currency || household.currency)) return true;
  const money = typedMoney(values, household);
  const cents = (amount: string) => money.parse(amount) ?? 0;
  if (cents(initial.amount) !== cents(values.amount)) return true;
  const ids = new Set([...Object.keys(initial.shares), ...Object.keys(values.shares)]);
  const share = (v: ExpenseFormValues, id: string) =>
    v.splitType === 'percentage' ? Number(percentInput(v.shares[id])) : cents(v.shares[id] ?? '');
  return [...ids].some((id) => share(initial, id) !== share(values, id));
}

/**
 * What the edit changed, as the PATCH body: each field whose value differs (the amount by its
 * cents, so '30' after '30.00' is no change), and the shares only when the split changed, so
 * that a new title leaves the shares and the payments linked to them alone. Null when nothing
 * changed.
 */
export function expenseUpdateInput(
  initial: ExpenseFormValues,
  values: ExpenseFormValues,
  memberIds: string[],
  household: MoneyFormat,
): { expense: ExpensePatch; splits?: UpdateExpenseInput['splits'] } | null {
  const typed = typedMoney(values, household);
  const cents = (amount: string) => typed.parse(amount) ?? 0;
  const before = expenseCreateInput(
    initial,
    memberIds,
    typedMoney(initial, household),
    household.currency,
  ).expense;
  const after = expenseCreateInput(values, memberIds, typed, household.currency);
  // Back in the household's currency: said plainly, so the server drops the other one.
  if (!after.expense.currency && before.currency) after.expense.currency = household.currency;
  const withSplits = splitChanged(initial, values, household);
  const expense: ExpensePatch = {};
  for (const key of EDITABLE) {
    const changed =
      key === 'amount'
        ? cents(String(before.amount)) !== cents(String(after.expense.amount))
        : before[key] !== after.expense[key];
    if (changed) Object.assign(expense, { [key]: after.expense[key] });
  }
  if (withSplits) expense.splitType = after.expense.splitType as SplitType;
  if (!withSplits && Object.keys(expense).length === 0) return null;
  return withSplits ? { expense, splits: after.splits } : { expense };
}
