// Expenses through the API: creating one, its splits and the checks on what is sent.

import { describe, expect, it } from 'vitest';
import type { ExpenseSplitView, ExpenseView } from '#shared/expenses/api.ts';
import {
  addExpense,
  amountsBy,
  balance,
  cents,
  list,
  NOW,
  payload,
  setUpExpensesApp,
  splitOf,
} from './expenses-setup.ts';

const t = setUpExpensesApp();
const { householdWith, rowCounts } = t;

const sumCents = (splits: ExpenseSplitView[]) => splits.reduce((sum, s) => sum + cents(s.amount), 0);

describe('POST /api/expenses', () => {
  it('answers 201 with amounts as strings, the payer and every split with its user', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const response = await ann.client.post(
      '/api/expenses',
      payload(ann, people, {
        title: '  Weekly shop  ',
        description: '  Milk, eggs and bread ',
        notes: ' Receipt in the drawer ',
        isRecurring: true,
        recurringInterval: 'monthly',
      }),
    );
    expect(response.statusCode).toBe(201);
    const expense: ExpenseView = response.json();
    expect(expense).toMatchObject({
      id: expect.any(String),
      title: 'Weekly shop',
      amount: '30.00',
      category: 'groceries',
      description: 'Milk, eggs and bread',
      notes: 'Receipt in the drawer',
      receiptUrl: null,
      paidBy: ann.user.id,
      paidByUser: { id: ann.user.id, firstName: 'Ann', lastName: 'Archer', email: ann.user.email },
      date: '2026-03-10',
      createdAt: new Date(NOW).toISOString(),
      splitType: 'equal',
      isRecurring: true,
      recurrenceFrequency: 'monthly',
      nextOccurrenceDate: '2026-04-10',
      settledPercent: 0,
      fullySettled: false,
    });
    expect(expense.splits).toHaveLength(3);
    for (const person of people) {
      const split = splitOf(expense, person);
      expect(split).toMatchObject({
        id: expect.any(String),
        amount: '10.00',
        user: { id: person.user.id, firstName: person.firstName, lastName: person.lastName },
      });
    }
    // The payer's own share is settled from the start; the others owe theirs.
    expect(splitOf(expense, ann)).toMatchObject({ settled: true, settledAt: new Date(NOW).toISOString() });
    for (const other of others)
      expect(splitOf(expense, other)).toMatchObject({ settled: false, settledAt: null });
    expect(response.body).not.toMatch(/password/i);
    expect(await list(others[1]!)).toEqual([expense]);
  });

  it("dates the expense today by the server's clock when no date is given, and takes a number amount", async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const body = payload(ann, people, { amount: 12.5, description: undefined });
    delete (body.expense as Record<string, unknown>).date;
    const response = await ann.client.post('/api/expenses', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ date: '2026-03-11', amount: '12.50', description: null });
  });

  it('splits equally to the cent, whatever amounts the client sent: 10.00 / 3 → 3.34, 3.33, 3.33', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const expense = await addExpense(ann, people, { amount: '10.00' }, [
      { userId: people[0]!.user.id, amount: '9.00' },
      { userId: people[1]!.user.id, amount: '0.50' },
      { userId: people[2]!.user.id, amount: '0.00' },
    ]);
    expect(amountsBy(expense, people)).toEqual(['3.34', '3.33', '3.33']);
    expect(sumCents(expense.splits)).toBe(1000);

    for (const [amount, parts] of [
      ['100.00', 3],
      ['0.01', 3],
      ['0.05', 2],
      ['999999.99', 3],
    ] as const) {
      const members = people.slice(0, parts);
      const made = await addExpense(ann, members, { amount });
      expect(made.splits).toHaveLength(parts);
      expect(sumCents(made.splits)).toBe(cents(amount));
      const shares = made.splits.map((s) => cents(s.amount));
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('splits by percentages that add up to 100 (within 0.1), to the exact total', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [a, b, c] = people.map((p) => p.user.id);
    const byPercent = (percents: number[]) =>
      [a, b, c].map((userId, i) => ({ userId, amount: '0.00', percent: percents[i] }));

    const half = await addExpense(
      ann,
      people,
      { amount: '99.99', splitType: 'percentage' },
      byPercent([50, 30, 20]),
    );
    expect(half.splitType).toBe('percentage');
    expect(sumCents(half.splits)).toBe(9999);
    // 49.995, 29.997, 19.998: the two largest remainders get the two cents left over.
    expect(amountsBy(half, people)).toEqual(['49.99', '30.00', '20.00']);

    const thirds = await addExpense(
      ann,
      people,
      { amount: '100.00', splitType: 'percentage' },
      byPercent([33.3, 33.3, 33.3]),
    );
    expect(sumCents(thirds.splits)).toBe(10000);
    expect(amountsBy(thirds, people)).toEqual(['33.34', '33.33', '33.33']);

    const before = await rowCounts();
    for (const percents of [
      [50, 49.8, 0],
      [50, 30, 20.2],
      [10, 10, 10],
    ]) {
      const response = await ann.client.post(
        '/api/expenses',
        payload(ann, people, { amount: '30.00', splitType: 'percentage' }, byPercent(percents)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The percentages must add up to 100%',
        code: 'expense.percentages_dont_add_up',
      });
    }
    const over = await ann.client.post(
      '/api/expenses',
      payload(ann, people, { splitType: 'percentage' }, byPercent([150, -25, -25])),
    );
    expect(over.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('takes custom amounts that add up to the total within 0.01, and never stores a cent more or less', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const custom = (amounts: string[]) => people.map((p, i) => ({ userId: p.user.id, amount: amounts[i] }));

    const exact = await addExpense(ann, people, { splitType: 'custom' }, custom(['5.00', '12.50', '12.50']));
    expect(amountsBy(exact, people)).toEqual(['5.00', '12.50', '12.50']);
    expect(exact.splitType).toBe('custom');

    for (const amounts of [
      ['10.00', '10.00', '9.99'],
      ['10.00', '10.01', '10.00'],
    ]) {
      const nearly = await addExpense(ann, people, { splitType: 'custom' }, custom(amounts));
      expect(sumCents(nearly.splits)).toBe(3000);
    }

    const before = await rowCounts();
    for (const amounts of [
      ['10.00', '10.00', '9.98'],
      ['10.00', '10.00', '10.02'],
      ['0.00', '0.00', '0.00'],
      ['30.00', '30.00', '30.00'],
    ]) {
      const response = await ann.client.post(
        '/api/expenses',
        payload(ann, people, { splitType: 'custom' }, custom(amounts)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The split amounts must add up to the total amount',
        code: 'expense.splits_dont_add_up',
      });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('accepts up to 1,000,000.00 and a payer who is not in the split', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const big = await addExpense(ann, others, { amount: '1000000.00' });
    expect(big.amount).toBe('1000000.00');
    expect(amountsBy(big, others)).toEqual(['500000.00', '500000.00']);
    expect(big.splits.every((s) => !s.settled)).toBe(true);
    expect(await balance(ann)).toEqual({ totalOwed: 1_000_000, totalOwing: 0, net: 1_000_000 });
  });

  it('refuses bad input with 400 and a message naming the problem, writing nothing', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const outsider = (await householdWith(['Zed Zimmer'])).admin;
    const ben = others[0]!;
    const amountMessage = 'Amount must be more than 0 and at most 1,000,000.00, with at most 2 decimals';
    const members = 'The payer and everyone in the split must be members of your household';
    const base = payload(ann, people);
    const withExpense = (fields: Record<string, unknown>) => ({
      ...base,
      expense: { ...base.expense, ...fields },
    });
    const cases: [string, unknown, string | null][] = [
      ['blank title', withExpense({ title: '   ' }), 'Title is required'],
      ['missing title', withExpense({ title: undefined }), 'Title is required'],
      ['title of the wrong type', withExpense({ title: 42 }), 'Title is required'],
      ['zero amount', withExpense({ amount: '0.00' }), amountMessage],
      ['negative amount', withExpense({ amount: '-5.00' }), amountMessage],
      ['three decimals', withExpense({ amount: '10.001' }), amountMessage],
      ['over the maximum', withExpense({ amount: '1000000.01' }), amountMessage],
      ['not a number', withExpense({ amount: 'ten' }), amountMessage],
      ['empty amount', withExpense({ amount: '' }), amountMessage],
      ['missing amount', withExpense({ amount: undefined }), amountMessage],
      ['amount as an object', withExpense({ amount: { value: 10 } }), amountMessage],
      ['number amount with float noise', withExpense({ amount: 0.1 + 0.2 }), amountMessage],
      ['missing payer', withExpense({ paidBy: undefined }), 'Choose who paid'],
      ['empty payer', withExpense({ paidBy: '' }), 'Choose who paid'],
      ['payer from another household', withExpense({ paidBy: outsider.user.id }), members],
      ['unknown payer', withExpense({ paidBy: 'no-such-user' }), members],
      [
        'split member from another household',
        { ...base, splits: [...base.splits, { userId: outsider.user.id, amount: '0.00' }] },
        members,
      ],
      ['unknown split member', { ...base, splits: [{ userId: 'no-such-user', amount: '30.00' }] }, members],
      [
        'the same member twice',
        {
          ...base,
          splits: [
            { userId: ben.user.id, amount: '15.00' },
            { userId: ben.user.id, amount: '15.00' },
          ],
        },
        'Each member can appear only once in the split',
      ],
      ['no split', { ...base, splits: [] }, 'Add at least one person to split with'],
      ['missing splits', { expense: base.expense }, null],
      ['splits not a list', { ...base, splits: { userId: ben.user.id } }, null],
      ['split without a member', { ...base, splits: [{ amount: '30.00' }] }, null],
      ['unknown category', withExpense({ category: 'yachts' }), null],
      ['unknown split type', withExpense({ splitType: 'shares' }), null],
      ['unknown interval', withExpense({ isRecurring: true, recurringInterval: 'daily' }), null],
      ['recurring flag not a boolean', withExpense({ isRecurring: 'yes' }), null],
      ['impossible date', withExpense({ date: '2026-02-30' }), null],
      ['date in another format', withExpense({ date: '10/03/2026' }), null],
      ['impossible end date', withExpense({ isRecurring: true, recurringEndDate: 'soon' }), null],
      ['title too long', withExpense({ title: 'x'.repeat(121) }), null],
      ['no expense object', { splits: base.splits }, null],
      ['expense not an object', { ...base, expense: 'Groceries' }, null],
      ['null body', null, null],
      ['array body', [base], null],
    ];
    const before = await rowCounts();
    for (const [label, body, message] of cases) {
      const response = await ann.client.request({
        method: 'POST',
        url: '/api/expenses',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, label).toBe(400);
      const answer = response.json() as { message: string };
      expect(typeof answer.message, label).toBe('string');
      if (message) expect(answer.message, label).toBe(message);
      expect(response.body, label).not.toContain(outsider.user.email);
    }
    for (const raw of ['{"expense":', 'not json', '']) {
      const response = await ann.client.request({
        method: 'POST',
        url: '/api/expenses',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(response.statusCode, raw).toBe(400);
    }
    const text = await ann.client.request({
      method: 'POST',
      url: '/api/expenses',
      headers: { 'content-type': 'text/plain' },
      payload: 'Groceries 30.00',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await rowCounts()).toEqual(before);
    expect(await list(ann)).toEqual([]);
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
  });

  it('refuses a payer or split member who has left the household (400)', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const cat = others[1]!;
    expect((await cat.client.post('/api/households/leave')).statusCode).toBe(204);
    const before = await rowCounts();
    for (const body of [payload(ann, people), payload(cat, people.slice(0, 2))]) {
      const response = await ann.client.post('/api/expenses', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The payer and everyone in the split must be members of your household',
        code: 'expense.members_only',
      });
    }
    expect(await rowCounts()).toEqual(before);
  });
});
