// The money ledger through the API (docs/money.md): editing an expense.

import { describe, expect, it } from 'vitest';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { expenseMessages } from '#shared/expenses/schemas.ts';
import {
  activity,
  addExpense,
  balance,
  cents,
  editExpense,
  expenses,
  explain,
  figures,
  type Person,
  pay,
  payments,
  settle,
  setUpLedgerApp,
  splitOf,
  ZERO,
} from './ledger-setup.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpLedgerApp();
const { householdWith } = t;

const EXPENSE_MEMBERS_ONLY = 'The payer and everyone in the split must be members of your household';
const SHARES_NEEDED = 'splits: give the shares when the amount or the split type changes';

/** Each member's share of an expense, by user id. */
const sharesOf = (expense: ExpenseView) =>
  Object.fromEntries(expense.splits.map((s) => [s.userId, s.amount]));

describe('PATCH /api/expenses/:id', () => {
  it('lets any member edit the title, amount, payer, category, date, notes, split type and shares; the balances follow', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { amount: '30.00' });

    // Cat neither created nor paid it; an equal split without shares is split again among the same people.
    const edited = await editExpense(cat, expense.id, {
      expense: {
        title: '  Big shop  ',
        amount: '45.00',
        category: 'utilities',
        date: '2026-03-09',
        notes: '  Receipt in the drawer ',
      },
    });
    expect(edited).toMatchObject({
      id: expense.id,
      title: 'Big shop',
      amount: '45.00',
      category: 'utilities',
      date: '2026-03-09',
      notes: 'Receipt in the drawer',
      paidBy: ann.user.id,
      splitType: 'equal',
    });
    expect(sharesOf(edited)).toEqual({
      [ann.user.id]: '15.00',
      [ben.user.id]: '15.00',
      [cat.user.id]: '15.00',
    });
    expect(await expenses(ben)).toEqual([edited]);
    expect(await balance(ann)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 15, net: -15 });

    const paidByBen = await editExpense(ann, expense.id, { expense: { paidBy: ben.user.id } });
    expect(paidByBen.paidBy).toBe(ben.user.id);
    expect(await balance(ben)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 15, net: -15 });

    const custom = await editExpense(ben, expense.id, {
      expense: { splitType: 'custom' },
      splits: [
        { userId: ann.user.id, amount: '20.00' },
        { userId: ben.user.id, amount: '25.00' },
      ],
    });
    expect(custom.splitType).toBe('custom');
    expect(sharesOf(custom)).toEqual({ [ann.user.id]: '20.00', [ben.user.id]: '25.00' });
    expect(await balance(cat)).toEqual(ZERO);
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 20, net: -20 });

    const percentage = await editExpense(cat, expense.id, {
      expense: { splitType: 'percentage', amount: '50.00' },
      splits: [
        { userId: ann.user.id, amount: '0', percent: 60 },
        { userId: cat.user.id, amount: '0', percent: 40 },
      ],
    });
    expect(sharesOf(percentage)).toEqual({ [ann.user.id]: '30.00', [cat.user.id]: '20.00' });
    expect(await balance(ben)).toEqual({ totalOwed: 50, totalOwing: 0, net: 50 });

    // Back to equal without shares: split again among the same two.
    const equal = await editExpense(ann, expense.id, { expense: { splitType: 'equal' } });
    expect(sharesOf(equal)).toEqual({ [ann.user.id]: '25.00', [cat.user.id]: '25.00' });
    // Only the shares given: an equal split among those.
    const shares = await editExpense(ann, expense.id, {
      splits: [ann, ben, cat].map((p) => ({ userId: p.user.id, amount: '0' })),
    });
    expect(sharesOf(shares)).toEqual({
      [ann.user.id]: expect.stringMatching(/^16\.6[67]$/),
      [ben.user.id]: expect.stringMatching(/^16\.6[67]$/),
      [cat.user.id]: expect.stringMatching(/^16\.6[67]$/),
    });
    expect(shares.splits.reduce((s, x) => s + cents(x.amount), 0)).toBe(5000);
    // Ben paid: he is owed everything but his own share.
    const owed = (5000 - cents(splitOf(shares, ben).amount)) / 100;
    expect(await balance(ben)).toEqual({ totalOwed: owed, totalOwing: 0, net: owed });
  });

  it('refuses bad edits with the create rules (400) and changes nothing', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const outsider = (await householdWith(['Zed Zimmer'])).people[0]!;
    const expense = await addExpense(ann, people, { amount: '30.00' });
    const custom = await addExpense(
      ben,
      [ann, ben],
      { title: 'Internet', amount: '25.00', splitType: 'custom' },
      [
        { userId: ann.user.id, amount: '10.00' },
        { userId: ben.user.id, amount: '15.00' },
      ],
    );
    const before = { list: await expenses(ann), figures: await figures(people) };

    const refused: [string, string, Record<string, unknown>, string | RegExp][] = [
      ['an empty title', expense.id, { expense: { title: '   ' } }, expenseMessages.titleRequired],
      ['a zero amount', expense.id, { expense: { amount: '0' } }, expenseMessages.amountInvalid],
      ['a negative amount', expense.id, { expense: { amount: -5 } }, expenseMessages.amountInvalid],
      ['over a million', expense.id, { expense: { amount: '1000000.01' } }, expenseMessages.amountInvalid],
      ['three decimals', expense.id, { expense: { amount: '12.345' } }, expenseMessages.amountInvalid],
      ['a malformed amount', expense.id, { expense: { amount: 'twelve' } }, expenseMessages.amountInvalid],
      ['an empty payer', expense.id, { expense: { paidBy: '' } }, expenseMessages.payerRequired],
      ['a payer from elsewhere', expense.id, { expense: { paidBy: outsider.user.id } }, EXPENSE_MEMBERS_ONLY],
      ['an unknown category', expense.id, { expense: { category: 'yachts' } }, /category/],
      ['a malformed date', expense.id, { expense: { date: '10/03/2026' } }, /date/],
      ['an unknown split type', expense.id, { expense: { splitType: 'shares' } }, /splitType/],
      ['no one in the split', expense.id, { splits: [] }, expenseMessages.splitsRequired],
      [
        'a member twice',
        expense.id,
        {
          splits: [
            { userId: ann.user.id, amount: '0' },
            { userId: ann.user.id, amount: '0' },
          ],
        },
        expenseMessages.duplicateMember,
      ],
      [
        'someone from elsewhere in the split',
        expense.id,
        { splits: [{ userId: outsider.user.id, amount: '0' }] },
        EXPENSE_MEMBERS_ONLY,
      ],
      [
        'custom shares that do not add up',
        expense.id,
        {
          expense: { splitType: 'custom' },
          splits: [
            { userId: ann.user.id, amount: '10.00' },
            { userId: ben.user.id, amount: '10.00' },
          ],
        },
        expenseMessages.splitsDontAddUp,
      ],
      [
        'percentages that do not add up',
        expense.id,
        {
          expense: { splitType: 'percentage' },
          splits: [
            { userId: ann.user.id, amount: '0', percent: 50 },
            { userId: cat.user.id, amount: '0', percent: 40 },
          ],
        },
        expenseMessages.percentagesDontAddUp,
      ],
      ['a custom split type without shares', expense.id, { expense: { splitType: 'custom' } }, SHARES_NEEDED],
      [
        'a new amount of a custom split without shares',
        custom.id,
        { expense: { amount: '50.00' } },
        SHARES_NEEDED,
      ],
      [
        'a new amount of a custom split whose shares do not add up to it',
        custom.id,
        {
          expense: { amount: '50.00' },
          splits: [
            { userId: ann.user.id, amount: '10.00' },
            { userId: ben.user.id, amount: '15.00' },
          ],
        },
        expenseMessages.splitsDontAddUp,
      ],
    ];
    for (const [what, id, body, message] of refused) {
      const response = await cat.client.patch(`/api/expenses/${id}`, body);
      expect(response.statusCode, what).toBe(400);
      if (typeof message === 'string') expectRefusal(response.json(), message);
      else expect(response.json().message, what).toMatch(message);
    }
    const unknown = await cat.client.patch('/api/expenses/no-such-expense', { expense: { title: 'X' } });
    expect(unknown.statusCode).toBe(404);

    expect(await expenses(ann)).toEqual(before.list);
    expect(await figures(people)).toEqual(before.figures);
    expect((await activity(ann, '?kind=expense_edited')).entries).toEqual([]);

    // The title of a custom split changes alone, its shares untouched.
    const renamed = await editExpense(cat, custom.id, { expense: { title: 'Fibre' } });
    expect(renamed).toEqual({ ...before.list.find((e) => e.id === custom.id)!, title: 'Fibre' });
  });

  it('restores every balance exactly when an edit is followed by its inverse', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { amount: '30.00' });
    await addExpense(ben, [ben, cat], { title: 'Internet', amount: '25.00', category: 'internet' });
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(200);
    await pay(cat, ann, '4.00');
    const ledgerPayments = async () =>
      (await payments(ann)).map(({ id, fromUserId, toUserId, amount }) => ({
        id,
        fromUserId,
        toUserId,
        amount,
      }));
    const before = { figures: await figures(people), payments: await ledgerPayments() };
    const everyone = people.map((p) => ({ userId: p.user.id, amount: '0' }));

    const steps: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['amount', { expense: { amount: '45.01' } }, { expense: { amount: '30.00' } }],
      ['payer', { expense: { paidBy: cat.user.id } }, { expense: { paidBy: ann.user.id } }],
      [
        'custom shares',
        {
          expense: { splitType: 'custom' },
          splits: [
            { userId: ann.user.id, amount: '5.00' },
            { userId: ben.user.id, amount: '25.00' },
          ],
        },
        { expense: { splitType: 'equal' }, splits: everyone },
      ],
      [
        'percentages and amount',
        {
          expense: { splitType: 'percentage', amount: '80.00' },
          splits: [
            { userId: ben.user.id, amount: '0', percent: 12.5 },
            { userId: cat.user.id, amount: '0', percent: 87.5 },
          ],
        },
        { expense: { splitType: 'equal', amount: '30.00' }, splits: everyone },
      ],
      [
        'payer and amount at once',
        { expense: { paidBy: ben.user.id, amount: '99.99' } },
        { expense: { paidBy: ann.user.id, amount: '30.00' } },
      ],
    ];
    for (const [what, edit, inverse] of steps) {
      await editExpense(cat, expense.id, edit);
      expect((await figures(people)).each, what).not.toEqual(before.figures.each);
      await editExpense(ben, expense.id, inverse);
      expect(await figures(people), what).toEqual(before.figures);
      expect(await ledgerPayments(), what).toEqual(before.payments);
    }
  });

  it('keeps the payments that settled the old shares when an edit changes the shares', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { amount: '30.00' });
    const split = splitOf(expense, ben);
    expect((await settle(ben, split.id)).statusCode).toBe(200);
    const [payment] = await payments(ann);

    // An edit that leaves the shares as they were leaves them settled by the payment.
    const renamed = await editExpense(cat, expense.id, { expense: { title: 'Weekly shop' } });
    expect(splitOf(renamed, ben)).toMatchObject({ id: split.id, settled: true });
    expect(await payments(ann)).toEqual([payment]);

    const doubled = await editExpense(cat, expense.id, { expense: { amount: '60.00' } });
    expect(splitOf(doubled, ben)).toMatchObject({ amount: '20.00', settled: false });
    // The payment stays, now a plain one: Ben paid 10.00 of his new 20.00.
    expect(await payments(cat)).toEqual([{ ...payment, splitIds: [] }]);
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 10, net: -10 });
    expect(await balance(ann)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 20, net: -20 });
    const explained = await explain(ann, ben, ann, 'pairwise');
    expect(explained.amount).toBe('10.00');
  });
});
