import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { equalSplit } from '#shared/expenses/rules.ts';
import { expenseCreateInput, splitSummary } from '#shared/expenses/view.ts';
import { centsToDollars, moneyFormat } from '#shared/money.ts';
import { expenseFormValues, expenseUpdateInput, isCreateCategory, splitChanged } from './expense-edit.ts';

const usd = moneyFormat('USD', 'en-US');

const members = ['ann', 'ben', 'cat'];

function expense(overrides: Partial<ExpenseView> = {}): ExpenseView {
  return {
    id: 'e1',
    title: 'Pizza night',
    amount: '30.00',
    original: null,
    category: 'dining',
    description: null,
    notes: 'Friday',
    receiptUrl: null,
    paidBy: 'ann',
    paidByUser: null,
    date: '2025-03-14',
    createdAt: '2025-03-14T18:00:00.000Z',
    splitType: 'equal',
    isRecurring: false,
    recurrenceFrequency: null,
    recurrenceSourceId: null,
    recurringEndDate: null,
    nextOccurrenceDate: null,
    splits: members.map((userId, i) => ({
      id: `s${i}`,
      userId,
      user: null,
      amount: '10.00',
      settled: false,
      settledAt: null,
    })),
    settledPercent: 0,
    fullySettled: false,
    ...overrides,
  };
}

const splits = (amounts: Record<string, string>): ExpenseView['splits'] =>
  Object.entries(amounts).map(([userId, amount], i) => ({
    id: `s${i}`,
    userId,
    user: null,
    amount,
    settled: false,
    settledAt: null,
  }));

describe('expenseFormValues', () => {
  it('fills every field from the expense', () => {
    expect(expenseFormValues(expense(), members, usd)).toEqual({
      title: 'Pizza night',
      amount: '30.00',
      currency: '',
      exchangeRate: '',
      category: 'dining',
      date: '2025-03-14',
      paidBy: 'ann',
      splitType: 'equal',
      shares: {},
      isRecurring: false,
      recurringInterval: 'monthly',
      recurringEndDate: '',
      description: '',
      notes: 'Friday',
    });
  });

  it('keeps a percentage split as percentages when they give back its shares', () => {
    const values = expenseFormValues(
      expense({ splitType: 'percentage', splits: splits({ ann: '15.00', ben: '9.00', cat: '6.00' }) }),
      members,
      usd,
    );
    expect(values.splitType).toBe('percentage');
    expect(values.shares).toEqual({ ann: '50', ben: '30', cat: '20' });
    expect(splitSummary(values, members, usd).ok).toBe(true);
  });

  it('shows an equal split among fewer members, or with a former member, as custom amounts', () => {
    const fewer = expenseFormValues(
      expense({ splits: splits({ ann: '15.00', ben: '15.00' }) }),
      members,
      usd,
    );
    expect(fewer.splitType).toBe('custom');
    expect(fewer.shares).toEqual({ ann: '15.00', ben: '15.00', cat: '0.00' });
    const former = expenseFormValues(
      expense({ splits: splits({ ann: '10.00', ben: '10.00', gone: '10.00' }) }),
      members,
      usd,
    );
    expect(former.splitType).toBe('custom');
    // The former member's share cannot be typed in again: the summary says what is missing.
    expect(splitSummary(former, members, usd).ok).toBe(false);
  });

  it('gives back the shares of any equal split among the members it was made for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 6 }), (amount, n) => {
        const ids = ['a', 'b', 'c', 'd', 'e', 'f'].slice(0, n);
        const shares = Object.fromEntries(
          equalSplit(amount, ids).map((s) => [s.userId, centsToDollars(s.cents)]),
        );
        const values = expenseFormValues(
          expense({ amount: centsToDollars(amount), splits: splits(shares), paidBy: 'a' }),
          ids,
          usd,
        );
        const sent = expenseCreateInput(values, ids, usd, 'USD').splits;
        const positive = Object.entries(shares).filter(([, a]) => a !== '0.00');
        expect(sent.map((s) => [s.userId, s.amount])).toEqual(positive);
      }),
    );
  });

  it('knows which categories the form offers', () => {
    expect(isCreateCategory('dining')).toBe(true);
    expect(isCreateCategory('food')).toBe(false);
  });
});

describe('expenseUpdateInput', () => {
  const initial = expenseFormValues(expense(), members, usd);

  it('is null when nothing changed, however the amount is written', () => {
    expect(expenseUpdateInput(initial, initial, members, usd)).toBeNull();
    expect(
      expenseUpdateInput(initial, { ...initial, amount: '30', title: ' Pizza night ' }, members, usd),
    ).toBeNull();
  });

  it('sends only the fields that changed, without the shares when the split did not change', () => {
    const values = { ...initial, title: 'Pizza', notes: '', category: 'groceries' as const };
    expect(expenseUpdateInput(initial, values, members, usd)).toEqual({
      expense: { title: 'Pizza', notes: '', category: 'groceries' },
    });
  });

  it('sends the new amount with the shares it makes', () => {
    expect(expenseUpdateInput(initial, { ...initial, amount: '45.00' }, members, usd)).toEqual({
      expense: { amount: '45.00', splitType: 'equal' },
      splits: [
        { userId: 'ann', amount: '15.00' },
        { userId: 'ben', amount: '15.00' },
        { userId: 'cat', amount: '15.00' },
      ],
    });
  });

  it('sends the shares when only the split type changed', () => {
    const values = { ...initial, splitType: 'custom' as const, shares: { ann: '10', ben: '10', cat: '10' } };
    expect(splitChanged(initial, values, usd)).toBe(true);
    expect(expenseUpdateInput(initial, values, members, usd)).toMatchObject({
      expense: { splitType: 'custom' },
      splits: [
        { userId: 'ann', amount: '10.00' },
        { userId: 'ben', amount: '10.00' },
        { userId: 'cat', amount: '10.00' },
      ],
    });
  });

  it('leaves out members whose new share is nothing', () => {
    const custom = expenseFormValues(
      expense({ splits: splits({ ann: '15.00', ben: '15.00' }) }),
      members,
      usd,
    );
    const values = { ...custom, shares: { ann: '10.00', ben: '10.00', cat: '10.00' } };
    expect(expenseUpdateInput(custom, { ...custom, paidBy: 'ben' }, members, usd)).toEqual({
      expense: { paidBy: 'ben' },
    });
    expect(expenseUpdateInput(custom, values, members, usd)?.splits).toHaveLength(3);
    expect(
      expenseUpdateInput(custom, { ...custom, shares: { ann: '30.00', ben: '0', cat: '0' } }, members, usd)
        ?.splits,
    ).toEqual([{ userId: 'ann', amount: '30.00' }]);
  });
});
