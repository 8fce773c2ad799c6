import { categoryLabel, SPLIT_TYPE_LABELS } from '#shared/expense-view.ts';
import type { ActivityView } from '#shared/ledger-view.ts';
import { FORMER_MEMBER } from '#shared/users.ts';
import { nameToken } from '../activity/queries.ts';
import type { Expense } from './queries.ts';

/**
 * The activity feed names people by a token of their id, written out as their name when read,
 * so a name changed or an account deleted shows as it is now.
 */
export function memberNames(ids: (string | null)[]): Map<string | null, string> {
  return new Map(ids.map((id) => [id, id === null ? FORMER_MEMBER : nameToken(id)]));
}

/** "Ada L. 10.00, Ben C. 30.00": an expense's shares as the activity feed shows them. */
function sharesText(expense: Expense, names: Map<string | null, string>): string {
  return expense.splits.map((s) => `${names.get(s.userId)} ${s.amount}`).join(', ');
}

/** Each field an edit changed, before → after, in the words the screens use. */
export function expenseChanges(
  before: Expense,
  after: Expense,
  names: Map<string | null, string>,
): ActivityView['changes'] {
  const fields: [string, string | null, string | null][] = [
    ['Title', before.title, after.title],
    ['Amount', before.amount, after.amount],
    ['Category', categoryLabel(before.category), categoryLabel(after.category)],
    ['Date', before.date, after.date],
    ['Paid by', names.get(before.paidBy) ?? null, names.get(after.paidBy) ?? null],
    [
      'Split',
      SPLIT_TYPE_LABELS[before.splitType as keyof typeof SPLIT_TYPE_LABELS] ?? before.splitType,
      SPLIT_TYPE_LABELS[after.splitType as keyof typeof SPLIT_TYPE_LABELS] ?? after.splitType,
    ],
    ['Shares', sharesText(before, names), sharesText(after, names)],
    ['Description', before.description, after.description],
    ['Notes', before.notes, after.notes],
  ];
  return fields
    .filter(([, was, now]) => was !== now)
    .map(([field, was, now]) => ({ field, before: was, after: now }));
}
