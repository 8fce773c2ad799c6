// Expenses through the API: the list, its pages, and deleting (to the trash) and restoring.

import { describe, expect, it } from 'vitest';
import type { ExpenseView } from '#shared/expenses/api.ts';
import {
  addExpense,
  balance,
  list,
  NOW,
  parseCsv,
  payload,
  payments,
  settle,
  setUpExpensesApp,
  splitOf,
} from './expenses-setup.ts';

const t = setUpExpensesApp();
const { householdWith } = t;

describe('GET /api/expenses', () => {
  it('lists newest first: by date, then by creation', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    for (const [title, date, at] of [
      ['early, made first', '2026-03-01', 0],
      ['late date', '2026-03-05', 1],
      ['early, made later', '2026-03-01', 2],
      ['middle', '2026-03-03', 3],
    ] as const) {
      t.clock = NOW + at * 1000;
      await addExpense(ann, people, { title, date });
    }
    expect((await list(people[1]!)).map((e) => e.title)).toEqual([
      'late date',
      'middle',
      'early, made later',
      'early, made first',
    ]);
  });

  it('pages beyond 200 with ?before=<id>, each expense exactly once in order; unknown cursor 404', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const dates = ['2026-02-27', '2026-02-28', '2026-03-01'];
    const total = 205;
    const created: { id: string; date: string; at: number }[] = [];
    for (let i = 0; i < total; i++) {
      // Pairs share a creation instant so the order also needs the id tie-break.
      t.clock = NOW + Math.floor(i / 2);
      const date = dates[i % 3]!;
      const response = await ann.client.post(
        '/api/expenses',
        payload(ann, people, { title: `Bill ${i}`, date, amount: '2.00' }),
      );
      expect(response.statusCode).toBe(201);
      created.push({ id: response.json().id, date, at: t.clock });
    }
    const expected = [...created]
      .sort((x, y) =>
        x.date !== y.date ? (x.date < y.date ? 1 : -1) : x.at !== y.at ? y.at - x.at : x.id < y.id ? 1 : -1,
      )
      .map((e) => e.id);

    const first = await list(ann);
    expect(first).toHaveLength(200);
    const second = await list(ann, `?before=${first[199]!.id}`);
    expect(second).toHaveLength(5);
    expect([...first, ...second].map((e) => e.id)).toEqual(expected);
    expect(await list(ann, `?before=${second[4]!.id}`)).toEqual([]);
    expect((await list(ann, `?before=${expected[2]}`)).map((e) => e.id)).toEqual(expected.slice(3, 203));

    const unknown = await ann.client.get('/api/expenses?before=no-such-expense');
    expect(unknown.statusCode).toBe(404);
    expect(typeof unknown.json().message).toBe('string');

    // The exports read every page, not only the first.
    const csv = await ann.client.get('/api/expenses/export.csv');
    expect(parseCsv(csv.body)).toHaveLength(1 + total * 2);
    const exported = (await ann.client.get('/api/export.json')).json() as { expenses: ExpenseView[] };
    expect(exported.expenses.map((e) => e.id)).toEqual(expected);
  });
});

describe('DELETE /api/expenses/:id', () => {
  it('deletes an expense that is not fully settled (204): gone from the list and the balances, back on restore', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const keep = await addExpense(ann, people, { title: 'Keep' });
    const gone = await addExpense(ann, people, { title: 'Gone' });
    expect((await settle(ben, splitOf(gone, ben).id)).statusCode).toBe(200);
    const before = await list(ann);
    expect(await balance(ann)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });

    const response = await ben.client.delete(`/api/expenses/${gone.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(ann)).map((e) => e.id)).toEqual([keep.id]);
    // Gone's shares leave the balances. Ben's payment of his share is money that moved, so it
    // stays in the ledger and now covers his share of Keep: only Cat still owes Ann.
    expect(await balance(ann)).toEqual({ totalOwed: 10, totalOwing: 0, net: 10 });
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 10, net: -10 });
    expect((await payments(cat)).map((p) => [p.fromUserId, p.toUserId, p.amount])).toEqual([
      [ben.user.id, ann.user.id, '10.00'],
    ]);
    expect(await settle(ann, splitOf(gone, cat).id)).toMatchObject({ statusCode: 404 });
    expect((await ann.client.delete(`/api/expenses/${gone.id}`)).statusCode).toBe(404);

    // It waits in the trash, and any member can bring it back as it was.
    const trash = await cat.client.get('/api/trash');
    expect(trash.statusCode).toBe(200);
    expect(trash.json().expenses).toEqual([
      {
        id: gone.id,
        title: 'Gone',
        amount: '30.00',
        date: '2026-03-10',
        deletedAt: new Date(NOW).toISOString(),
        deletedBy: ben.user.id,
      },
    ]);
    const restored = await cat.client.post(`/api/expenses/${gone.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(before.find((e) => e.id === gone.id));
    expect(await list(ann)).toEqual(before);
    expect(await balance(ann)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });
    expect((await cat.client.get('/api/trash')).json().expenses).toEqual([]);
    expect((await cat.client.post(`/api/expenses/${gone.id}/restore`)).statusCode).toBe(404);
  });

  it("answers 409 once every other member's share is settled, and keeps the expense", async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const expense = await addExpense(ann, people);
    for (const other of others)
      expect((await settle(other, splitOf(expense, other).id)).statusCode).toBe(200);
    const response = await ann.client.delete(`/api/expenses/${expense.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'A fully settled expense cannot be deleted',
      code: 'expense.settled_cannot_delete',
    });
    const [kept] = await list(ann);
    expect(kept).toMatchObject({ id: expense.id, fullySettled: true, settledPercent: 100 });
  });

  it('still deletes an expense whose only open share is tiny next to the settled ones', async () => {
    // 199.00 of 200.00 settled is 99.5%: not fully settled, however the percentage rounds.
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const expense = await addExpense(ann, people, { amount: '200.00', splitType: 'custom' }, [
      { userId: ann.user.id, amount: '0.00' },
      { userId: ben.user.id, amount: '199.00' },
      { userId: cat.user.id, amount: '1.00' },
    ]);
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(200);
    const [open] = await list(ann);
    expect(open!.fullySettled).toBe(false);
    expect((await ann.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(204);
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    // Ben's payment of 199.00 stays in the ledger: with the expense gone, Ann owes it back.
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 199, net: -199 });
    expect(await balance(ben)).toEqual({ totalOwed: 199, totalOwing: 0, net: 199 });
  });

  it('answers 404 for an unknown expense', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    const response = await ann.client.delete('/api/expenses/no-such-expense');
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});
