import type { ActivityView } from '#shared/activity/api.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { categoryLabel, SPLIT_TYPE_LABELS } from '#shared/expenses/view.ts';
import { type NewActivity, nameTokens } from '../activity/queries.ts';

/** "Ada L. 10.00, Ben C. 30.00": an expense's shares as the activity feed shows them. */
function sharesText(expense: ExpenseView, names: Map<string | null, string>): string {
  return expense.splits.map((s) => `${names.get(s.userId)} ${s.amount}`).join(', ');
}

/** "EUR 40.00 at 1.09" for an expense paid in another currency. */
function originalText(expense: ExpenseView): string | null {
  const o = expense.original;
  return o ? `${o.currency} ${o.amount} at ${o.exchangeRate}` : null;
}

/** Each field an edit changed, before → after, in the words the screens use. */
export function expenseChanges(before: ExpenseView, after: ExpenseView): ActivityView['changes'] {
  const names = nameTokens([
    ...before.splits.map((s) => s.userId),
    ...after.splits.map((s) => s.userId),
    before.paidBy,
    after.paidBy,
  ]);
  const fields: [string, string | null, string | null][] = [
    ['Title', before.title, after.title],
    ['Amount', before.amount, after.amount],
    ['Paid in', originalText(before), originalText(after)],
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

/** Who acts: a member of a household. */
interface Actor {
  householdId: string;
  userId: string;
}

/** An activity entry about an expense: its title and amount, and for an edit what changed. */
export function expenseEntry(
  actor: Actor,
  kind: 'expense_created' | 'expense_edited' | 'expense_deleted' | 'expense_restored',
  expense: { id: string; title: string; amount: string },
  changes: ActivityView['changes'] = [],
): NewActivity {
  return {
    householdId: actor.householdId,
    actorId: actor.userId,
    kind,
    subject: { type: 'expense', id: expense.id },
    summary: `${expense.title} · ${expense.amount}`,
    changes,
  };
}

/** An activity entry about a payment: "Ada L. paid Ben C. 12.00". */
export function paymentEntry(
  actor: Actor,
  kind: 'payment_recorded' | 'payment_deleted' | 'payment_restored',
  payment: { id: string; from: string | null; to: string | null; amount: string },
): NewActivity {
  const names = nameTokens([payment.from, payment.to]);
  return {
    householdId: actor.householdId,
    actorId: actor.userId,
    kind,
    subject: { type: 'payment', id: payment.id },
    summary: `${names.get(payment.from)} paid ${names.get(payment.to)} ${payment.amount}`,
  };
}
