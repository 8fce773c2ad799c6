import { describe, expect, it } from 'vitest';
import type { ExpenseView, PairLineView, PaymentView } from '#shared/expenses/api.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import { moneyFormat } from '#shared/money.ts';
import {
  debtCents,
  debtSentence,
  mergeHistory,
  pairLineText,
  paymentSentence,
  signedCents,
  signedMoney,
  type Translate,
} from './ledger-words.ts';

const names: Record<string, string> = { ada: 'Ada L.', ben: 'Ben K.', cy: 'Cy D.' };
const nameOf = (id: string | null) => (id ? (names[id] ?? 'Former member') : 'Former member');

function expense(id: string, date: string, createdAt = `${date}T12:00:00.000Z`): ExpenseView {
  return {
    id,
    title: id,
    amount: '10.00',
    original: null,
    category: 'other',
    description: null,
    notes: null,
    receiptUrl: null,
    paidBy: 'ada',
    paidByUser: null,
    date,
    createdAt,
    splitType: 'equal',
    isRecurring: false,
    recurrenceFrequency: null,
    recurrenceSourceId: null,
    recurringEndDate: null,
    nextOccurrenceDate: null,
    splits: [],
    settledPercent: 0,
    fullySettled: false,
  };
}

function payment(id: string, date: string, createdAt = `${date}T12:00:00.000Z`): PaymentView {
  return {
    id,
    fromUserId: 'ben',
    toUserId: 'ada',
    amount: '5.00',
    date,
    note: null,
    splitIds: [],
    createdBy: 'ben',
    createdAt,
    deletedAt: null,
  };
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

const usd = moneyFormat('USD', 'en-US');
const eur = moneyFormat('EUR', 'de-DE');
const en: Translate = (id, values) => translate('en', id, values);
const de: Translate = (id, values) => translate('de', id, values);

describe('signedCents and signedMoney', () => {
  it('reads the API’s signed 2-decimal strings and shows each line with its sign', () => {
    expect(signedCents('12.50', usd)).toBe(1250);
    expect(signedCents('-3.00', usd)).toBe(-300);
    expect(signedCents('0.00', usd)).toBe(0);
    expect(signedCents('nonsense', usd)).toBe(0);
    expect(signedMoney(1000, usd)).toBe('+$10.00');
    expect(signedMoney(-350, usd)).toBe('-$3.50');
    expect(signedMoney(0, usd)).toBe('$0.00');
  });

  it('turns debts in dollars into cents without floating-point drift', () => {
    expect(debtCents({ amount: 16.5 }, usd)).toBe(1650);
    expect(debtCents({ amount: 0.29 }, usd)).toBe(29);
    expect(debtCents({ amount: 1234.57 }, usd)).toBe(123457);
  });

  it('follows the currency: yen have no decimals, dinars three, and the language writes them', () => {
    const yen = moneyFormat('JPY', 'ja-JP');
    expect(signedCents('1200', yen)).toBe(1200);
    expect(debtCents({ amount: 1200 }, yen)).toBe(1200);
    const dinar = moneyFormat('KWD', 'en-US');
    expect(signedCents('-1.250', dinar)).toBe(-1250);
    expect(debtCents({ amount: 0.417 }, dinar)).toBe(417);
    expect(signedMoney(123456, moneyFormat('EUR', 'de-DE'))).toBe('+1.234,56\u00a0€');
  });
});

describe('sentences', () => {
  it('says "you" for the viewer and names for everyone else', () => {
    const debt = { from: 'ada', to: 'ben', amount: 21, expenseIds: [] };
    expect(debtSentence(debt, 'ada', nameOf, usd, en)).toBe('You owe Ben K. $21.00');
    expect(debtSentence(debt, 'ben', nameOf, usd, en)).toBe('Ada L. owes you $21.00');
    expect(debtSentence(debt, 'cy', nameOf, usd, en)).toBe('Ada L. owes Ben K. $21.00');
    const paid = { fromUserId: 'ada', toUserId: 'ben', amount: '12.00' };
    expect(paymentSentence(paid, 'ada', nameOf, usd, en)).toBe('You paid Ben K. $12.00');
    expect(paymentSentence(paid, 'ben', nameOf, usd, en)).toBe('Ada L. paid you $12.00');
    expect(paymentSentence(paid, 'cy', nameOf, usd, en)).toBe('Ada L. paid Ben K. $12.00');
  });

  it('speaks German with du', () => {
    const debt = { from: 'ada', to: 'ben', amount: 21, expenseIds: [] };
    expect(debtSentence(debt, 'ada', nameOf, eur, de)).toBe('Du schuldest Ben K. 21,00\u00a0€');
    expect(debtSentence(debt, 'ben', nameOf, eur, de)).toBe('Ada L. schuldet dir 21,00\u00a0€');
    expect(debtSentence(debt, 'cy', nameOf, eur, de)).toBe('Ada L. schuldet Ben K. 21,00\u00a0€');
    const paid = { fromUserId: 'ada', toUserId: 'ben', amount: '12.00' };
    expect(paymentSentence(paid, 'ada', nameOf, eur, de)).toBe('Du hast Ben K. 12,00\u00a0€ gezahlt');
    expect(paymentSentence(paid, 'ben', nameOf, eur, de)).toBe('Ada L. hat dir 12,00\u00a0€ gezahlt');
    const line: PairLineView = {
      kind: 'expense',
      id: 'e1',
      title: 'Miete',
      date: '2026-01-02',
      amount: '10.00',
    };
    expect(pairLineText(line, 'cy', 'ada', 'ben', nameOf, de).detail).toBe(
      'Anteil von Cy D., bezahlt von Ada L.',
    );
    expect(pairLineText(line, 'cy', 'ada', 'ada', nameOf, de).detail).toBe(
      'Anteil von Cy D., von dir bezahlt',
    );
    const back: PairLineView = { kind: 'payment', id: 'p2', date: '2026-01-05', note: null, amount: '1.00' };
    expect(pairLineText(back, 'cy', 'ada', 'cy', nameOf, de).title).toBe('Ada L. hat an dich gezahlt');
  });

  it('names whose share each person-to-person line is, by its sign', () => {
    // Cy owes Ada: a positive expense line is Cy's share of what Ada paid; a negative one is
    // Ada's share of what Cy paid; a negative payment is Cy paying Ada.
    const theirs: PairLineView = {
      kind: 'expense',
      id: 'e1',
      title: 'Rent',
      date: '2026-01-02',
      amount: '10.00',
    };
    const ours: PairLineView = {
      kind: 'expense',
      id: 'e2',
      title: 'Milk',
      date: '2026-01-03',
      amount: '-3.00',
    };
    const paid: PairLineView = {
      kind: 'payment',
      id: 'p1',
      date: '2026-01-04',
      note: 'Cash',
      amount: '-2.00',
    };
    const back: PairLineView = { kind: 'payment', id: 'p2', date: '2026-01-05', note: null, amount: '1.00' };
    expect(pairLineText(theirs, 'cy', 'ada', 'ben', nameOf, en)).toEqual({
      title: 'Rent',
      detail: "Cy D.'s share, paid by Ada L.",
    });
    expect(pairLineText(ours, 'cy', 'ada', 'ada', nameOf, en)).toEqual({
      title: 'Milk',
      detail: 'Your share, paid by Cy D.',
    });
    expect(pairLineText(paid, 'cy', 'ada', 'cy', nameOf, en)).toEqual({
      title: 'You paid Ada L.',
      detail: 'Cash',
    });
    expect(pairLineText(back, 'cy', 'ada', 'cy', nameOf, en)).toEqual({
      title: 'Ada L. paid you',
      detail: null,
    });
  });
});

describe('mergeHistory', () => {
  it('puts payments between the expenses, newest day first, then newest recorded first', () => {
    const items = mergeHistory(
      [expense('e3', '2026-03-03'), expense('e1', '2026-03-01')],
      [payment('p2', '2026-03-02'), payment('p3', '2026-03-03', '2026-03-03T18:00:00.000Z')],
      { expenses: false, payments: false },
    );
    expect(ids(items)).toEqual(['p3', 'e3', 'p2', 'e1']);
    expect(items.map((item) => item.kind)).toEqual(['payment', 'expense', 'payment', 'expense']);
  });

  it('holds back what is older than the oldest loaded page of a list with more to come', () => {
    const expenses = [expense('e5', '2026-05-05'), expense('e4', '2026-05-04')];
    const payments = [payment('p6', '2026-05-06'), payment('p3', '2026-05-03'), payment('p1', '2026-05-01')];
    // Expenses before 05-04 are not loaded yet: the payments dated before then wait for them.
    expect(ids(mergeHistory(expenses, payments, { expenses: true, payments: false }))).toEqual([
      'p6',
      'e5',
      'e4',
    ]);
    // The other way round: expenses before the oldest loaded payment wait.
    expect(ids(mergeHistory(expenses, payments.slice(0, 1), { expenses: false, payments: true }))).toEqual([
      'p6',
    ]);
    expect(ids(mergeHistory(expenses, payments, { expenses: false, payments: false }))).toEqual([
      'p6',
      'e5',
      'e4',
      'p3',
      'p1',
    ]);
  });

  it('shows the expenses alone while the payments have not come', () => {
    expect(
      ids(mergeHistory([expense('e1', '2026-01-01')], [], { expenses: false, payments: false })),
    ).toEqual(['e1']);
  });
});
