// The money screens' words and orderings, kept apart from React so they can be unit tested.
import type { DebtView, ExpenseView, PairLineView, PaymentView } from '#shared/expenses/api.ts';
import { formatMoney, parseDollarsToCents } from '#shared/money.ts';

/** 'Ada L.' for a member's id (see use-member-names.ts). */
export type NameOf = (userId: string | null) => string;

/** A 2-decimal string that may be negative ("-3.00") → integer cents; 0 when it is not an amount. */
export function signedCents(amount: string): number {
  const text = amount.trim();
  const negative = text.startsWith('-');
  const cents = parseDollarsToCents(negative ? text.slice(1) : text) ?? 0;
  return negative ? -cents : cents;
}

/** '+$10.00' or '-$3.00': a line of a breakdown, signed so the lines visibly add up. */
export function signedMoney(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : formatMoney(cents);
}

/** Debts come as dollars (numbers); every figure on screen is worked in cents. */
export function debtCents(debt: Pick<DebtView, 'amount'>): number {
  return Math.round(debt.amount * 100);
}

function who(userId: string, viewerId: string, nameOf: NameOf, first: boolean): string {
  if (userId !== viewerId) return nameOf(userId);
  return first ? 'You' : 'you';
}

/** 'You owe Ben L. $21.00', 'Ada L. owes you $21.00' or 'Ada L. owes Ben L. $21.00'. */
export function debtSentence(debt: DebtView, viewerId: string, nameOf: NameOf): string {
  const verb = debt.from === viewerId ? 'owe' : 'owes';
  return `${who(debt.from, viewerId, nameOf, true)} ${verb} ${who(debt.to, viewerId, nameOf, false)} ${formatMoney(debtCents(debt))}`;
}

/** 'You paid Ben L. $12.00', 'Ada L. paid you $12.00' or 'Ada L. paid Ben L. $12.00'. */
export function paymentSentence(
  payment: Pick<PaymentView, 'fromUserId' | 'toUserId' | 'amount'>,
  viewerId: string,
  nameOf: NameOf,
): string {
  const from = who(payment.fromUserId, viewerId, nameOf, true);
  const to = who(payment.toUserId, viewerId, nameOf, false);
  return `${from} paid ${to} ${formatMoney(signedCents(payment.amount))}`;
}

/**
 * What a line of a person-to-person breakdown is, in words. A positive line adds to what `from`
 * owes `to`: `from`'s share of an expense `to` paid, or a payment from `to` to `from`.
 */
export function pairLineText(line: PairLineView, from: string, to: string, viewerId: string, nameOf: NameOf) {
  const adds = signedCents(line.amount) > 0;
  const [payer, other] = adds ? [to, from] : [from, to];
  if (line.kind === 'expense') {
    const share = other === viewerId ? 'Your share' : `${nameOf(other)}'s share`;
    return { title: line.title, detail: `${share}, paid by ${who(payer, viewerId, nameOf, false)}` };
  }
  return {
    title: `${who(payer, viewerId, nameOf, true)} paid ${who(other, viewerId, nameOf, false)}`,
    detail: line.note,
  };
}

export type HistoryItem =
  | { kind: 'expense'; id: string; date: string; createdAt: string; expense: ExpenseView }
  | { kind: 'payment'; id: string; date: string; createdAt: string; payment: PaymentView };

const newestFirst = (x: HistoryItem, y: HistoryItem) =>
  y.date.localeCompare(x.date) || y.createdAt.localeCompare(x.createdAt) || y.id.localeCompare(x.id);

const oldestDate = (items: readonly { date: string }[]) =>
  items.reduce<string | null>((min, item) => (min === null || item.date < min ? item.date : min), null);

/**
 * Expenses and payments in one history, newest day first. Both come a page at a time: while one
 * list has older pages to come, the other's items dated before its oldest loaded day wait, so
 * that nothing shows above an item that is older than it.
 */
export function mergeHistory(
  expenses: readonly ExpenseView[],
  payments: readonly PaymentView[],
  more: { expenses: boolean; payments: boolean },
): HistoryItem[] {
  const expenseFloor = more.expenses ? oldestDate(expenses) : null;
  const paymentFloor = more.payments ? oldestDate(payments) : null;
  const items: HistoryItem[] = [
    ...expenses
      .filter((e) => paymentFloor === null || e.date >= paymentFloor)
      .map((e) => ({ kind: 'expense' as const, id: e.id, date: e.date, createdAt: e.createdAt, expense: e })),
    ...payments
      .filter((p) => expenseFloor === null || p.date >= expenseFloor)
      .map((p) => ({ kind: 'payment' as const, id: p.id, date: p.date, createdAt: p.createdAt, payment: p })),
  ];
  return items.sort(newestFirst);
}
