// The money screens' words and orderings, kept apart from React so they can be unit tested.
import type { DebtView, ExpenseView, PairLineView, PaymentView } from '#shared/expenses/api.ts';
import type { Translate } from '#shared/expenses/view.ts';
import type { MoneyFormat } from '#shared/money.ts';

/** 'Ada L.' for a member's id (see use-member-names.ts). */
export type NameOf = (userId: string | null) => string;

/** An API amount that may be negative ("-3.00") → minor units; 0 when it is not an amount. */
export function signedCents(amount: string, money: MoneyFormat): number {
  return money.parse(amount) ?? 0;
}

/** '+$10.00' or '-$3.00': a line of a breakdown, signed so the lines visibly add up. */
export function signedMoney(cents: number, money: MoneyFormat): string {
  return cents > 0 ? `+${money.format(cents)}` : money.format(cents);
}

/** Debts come as numbers in the currency's units; every figure on screen is worked in minor units. */
export function debtCents(debt: Pick<DebtView, 'amount'>, money: MoneyFormat): number {
  return Math.round(debt.amount * 10 ** money.exponent);
}

export type { Translate };

/** 'You owe Ben L. $21.00', 'Ada L. owes you $21.00' or 'Ada L. owes Ben L. $21.00'. */
export function debtSentence(
  debt: DebtView,
  viewerId: string,
  nameOf: NameOf,
  money: MoneyFormat,
  t: Translate,
): string {
  const values = {
    from: nameOf(debt.from),
    to: nameOf(debt.to),
    amount: money.format(debtCents(debt, money)),
  };
  if (debt.from === viewerId) return t('expenses.debt.youOwe', values);
  if (debt.to === viewerId) return t('expenses.debt.owesYou', values);
  return t('expenses.debt.owes', values);
}

/** 'You paid Ben L. $12.00', 'Ada L. paid you $12.00' or 'Ada L. paid Ben L. $12.00'. */
export function paymentSentence(
  payment: Pick<PaymentView, 'fromUserId' | 'toUserId' | 'amount'>,
  viewerId: string,
  nameOf: NameOf,
  money: MoneyFormat,
  t: Translate,
): string {
  const values = {
    from: nameOf(payment.fromUserId),
    to: nameOf(payment.toUserId),
    amount: money.format(signedCents(payment.amount, money)),
  };
  if (payment.fromUserId === viewerId) return t('expenses.payment.youPaid', values);
  if (payment.toUserId === viewerId) return t('expenses.payment.paidYou', values);
  return t('expenses.payment.paid', values);
}

/**
 * What a line of a person-to-person breakdown is, in words. A positive line adds to what `from`
 * owes `to`: `from`'s share of an expense `to` paid, or a payment from `to` to `from`.
 */
export function pairLineText(
  line: PairLineView,
  from: string,
  to: string,
  viewerId: string,
  nameOf: NameOf,
  t: Translate,
) {
  const adds = !line.amount.trim().startsWith('-') && /[1-9]/.test(line.amount);
  const [payer, other] = adds ? [to, from] : [from, to];
  if (line.kind === 'expense') {
    const values = { name: nameOf(other), payer: nameOf(payer) };
    const detail =
      other === viewerId
        ? t('expenses.pair.yourShare', values)
        : payer === viewerId
          ? t('expenses.pair.theirSharePaidByYou', values)
          : t('expenses.pair.theirShare', values);
    return { title: line.title, detail };
  }
  const values = { from: nameOf(payer), to: nameOf(other) };
  const title =
    payer === viewerId
      ? t('expenses.pair.youPaid', values)
      : other === viewerId
        ? t('expenses.pair.paidYou', values)
        : t('expenses.pair.paid', values);
  return { title, detail: line.note };
}

export type HistoryItem =
  | { kind: 'expense'; id: string; date: string; createdAt: string; expense: ExpenseView }
  | { kind: 'payment'; id: string; date: string; createdAt: string; payment: PaymentView };

// Dates, ISO timestamps and ids compare as plain strings: no collator (localeCompare builds an ICU
// one, slow on a phone's first sort).
const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const newestFirst = (x: HistoryItem, y: HistoryItem) =>
  byText(y.date, x.date) || byText(y.createdAt, x.createdAt) || byText(y.id, x.id);

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

export type YourShare =
  | { kind: 'lent'; cents: number }
  | { kind: 'borrowed'; cents: number }
  | { kind: 'none' };

/**
 * What an expense means for the viewer, as Splitwise shows it: the payer lent what the others'
 * shares add up to; anyone else borrowed their own share. Amounts are minor units (`parse`).
 */
export function yourShare(
  expense: Pick<ExpenseView, 'paidBy' | 'splits'>,
  viewerId: string,
  parse: (amount: string) => number | null,
): YourShare {
  if (expense.paidBy === viewerId) {
    const cents = expense.splits
      .filter((split) => split.userId !== viewerId)
      .reduce((sum, split) => sum + (parse(split.amount) ?? 0), 0);
    return cents > 0 ? { kind: 'lent', cents } : { kind: 'none' };
  }
  const own = expense.splits.find((split) => split.userId === viewerId);
  const cents = own ? (parse(own.amount) ?? 0) : 0;
  return cents > 0 ? { kind: 'borrowed', cents } : { kind: 'none' };
}
