// The money ledger through the API (docs/money.md): the trash, for payments and expenses.

import { describe, expect, it } from 'vitest';
import { purgeTrash } from '#server/features/expenses/queries.ts';
import type { ExpenseView, PaymentView } from '#shared/expenses/api.ts';
import { restorableSince } from '#shared/expenses/ledger-view.ts';
import {
  activity,
  addExpense,
  balance,
  balances,
  expenses,
  explain,
  figures,
  json,
  type Person,
  pay,
  payments,
  settle,
  setUpLedgerApp,
  splitOf,
  trash,
  ZERO,
} from './ledger-setup.ts';

const t = setUpLedgerApp();
const { householdWith } = t;

const DAY_MS = 86_400_000;

describe('DELETE /api/payments/:id and POST /api/payments/:id/restore', () => {
  it('lets either member of a payment trash it (204) and any member restore it (200), the balances following', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    await addExpense(ann, people, { amount: '30.00' });
    const without = await figures(people);
    const payment = await pay(ben, ann, '10.00', { note: 'Cash' });
    const withPayment = await figures(people);
    expect(withPayment).not.toEqual(without);
    expect(withPayment.each[1]).toEqual(ZERO);

    // The one paid trashes it: the balances are as if it never happened.
    const deleted = await ann.client.delete(`/api/payments/${payment.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    expect(await figures(people)).toEqual(without);
    expect(await payments(cat)).toEqual([]);
    const inTrash = (await trash(cat)).payments;
    expect(inTrash).toEqual([{ ...payment, deletedAt: expect.any(String) }]);

    // A member who is neither of the two may restore it.
    const restored = await json<PaymentView>(cat.client.post(`/api/payments/${payment.id}/restore`));
    expect(restored).toEqual(payment);
    expect(await figures(people)).toEqual(withPayment);
    expect(await payments(ann)).toEqual([payment]);
    expect((await trash(ann)).payments).toEqual([]);

    // The one who paid may trash it too, and restore it.
    expect((await ben.client.delete(`/api/payments/${payment.id}`)).statusCode).toBe(204);
    expect(await figures(people)).toEqual(without);
    expect(await json<PaymentView>(ben.client.post(`/api/payments/${payment.id}/restore`))).toEqual(payment);
    expect(await figures(people)).toEqual(withPayment);
  });

  it('refuses a third member trashing a payment (403); 404 for unknown ids, a second delete, and restoring one not in the trash', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    await addExpense(ann, people, { amount: '30.00' });
    const payment = await pay(ben, ann, '10.00');
    const before = await figures(people);

    const third = await cat.client.delete(`/api/payments/${payment.id}`);
    expect(third.statusCode).toBe(403);
    expect(typeof third.json().message).toBe('string');
    expect(await payments(cat)).toEqual([payment]);

    for (const [what, call] of [
      ['restoring a payment not in the trash', () => ann.client.post(`/api/payments/${payment.id}/restore`)],
      ['deleting an unknown payment', () => ann.client.delete('/api/payments/no-such-payment')],
      ['restoring an unknown payment', () => ann.client.post('/api/payments/no-such-payment/restore')],
    ] as const) {
      const response = await call();
      expect(response.statusCode, what).toBe(404);
      expect(typeof response.json().message, what).toBe('string');
    }
    expect(await figures(people)).toEqual(before);

    expect((await ann.client.delete(`/api/payments/${payment.id}`)).statusCode).toBe(204);
    expect((await ben.client.delete(`/api/payments/${payment.id}`)).statusCode).toBe(404);
    expect((await cat.client.post(`/api/payments/${payment.id}/restore`)).statusCode).toBe(200);
    expect((await cat.client.post(`/api/payments/${payment.id}/restore`)).statusCode).toBe(404);
    expect(await figures(people)).toEqual(before);
    expect(await payments(ann)).toEqual([payment]);
  });

  it('keeps a trashed payment or expense restorable for 30 days, and no longer', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const kept = await pay(ben, ann, '4.00');
    const lost = await pay(ben, ann, '6.00');
    const lostExpense = await addExpense(ann, people, { title: 'Old bill', amount: '8.00' });
    expect((await ann.client.delete(`/api/payments/${kept.id}`)).statusCode).toBe(204);
    expect((await ann.client.delete(`/api/payments/${lost.id}`)).statusCode).toBe(204);
    expect((await ann.client.delete(`/api/expenses/${lostExpense.id}`)).statusCode).toBe(204);

    t.clock += 29 * DAY_MS;
    // Still in the trash after 29 days (and both sessions, a day old or more, are renewed).
    expect((await trash(ann)).payments.map((p) => p.id)).toEqual([lost.id, kept.id]);
    expect((await trash(ben)).expenses.map((e) => e.id)).toEqual([lostExpense.id]);
    expect((await json<PaymentView>(ben.client.post(`/api/payments/${kept.id}/restore`))).id).toBe(kept.id);
    // A day and a second later, the rest has been in the trash for more than 30 days.
    t.clock += DAY_MS + 1000;
    expect((await ben.client.post(`/api/payments/${lost.id}/restore`)).statusCode).toBe(404);
    expect((await ben.client.post(`/api/expenses/${lostExpense.id}/restore`)).statusCode).toBe(404);
    expect(await trash(ann)).toEqual({ expenses: [], payments: [] });
    expect(await payments(ann)).toEqual([kept]);
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 4, net: -4 });

    // The scheduler's sweep then empties the trash for good; what was restored stays.
    await purgeTrash(t.database.db, restorableSince(t.clock));
    const db = t.database.db;
    expect(
      await db.selectFrom('payments').select('id').where('id', 'in', [kept.id, lost.id]).execute(),
    ).toEqual([{ id: kept.id }]);
    expect(await db.selectFrom('expenses').select('id').where('id', '=', lostExpense.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('expense_splits').select('id').where('expense_id', '=', lostExpense.id).execute(),
    ).toEqual([]);
  });
});

describe('DELETE /api/expenses/:id and POST /api/expenses/:id/restore', () => {
  it('moves an expense to the trash (204): out of the lists and balances, listed in GET /api/trash', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, {
      title: 'Electricity',
      amount: '30.00',
      category: 'utilities',
    });
    const water = await addExpense(ben, people, { title: 'Water', amount: '12.00', category: 'utilities' });

    const deleted = await ben.client.delete(`/api/expenses/${expense.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await expenses(cat)).map((e) => e.id)).toEqual([water.id]);
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 4, net: -4 });
    expect(await balance(ben)).toEqual({ totalOwed: 8, totalOwing: 0, net: 8 });
    const shown = await balances(cat);
    for (const d of [...shown.simplified, ...shown.pairwise]) expect(d.expenseIds).not.toContain(expense.id);
    expect(await trash(cat)).toEqual({
      expenses: [
        {
          id: expense.id,
          title: 'Electricity',
          amount: '30.00',
          date: '2026-03-10',
          deletedAt: expect.any(String),
          deletedBy: ben.user.id,
        },
      ],
      payments: [],
    });
    expect((await ben.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(404);
    expect(
      (await cat.client.patch(`/api/expenses/${expense.id}`, { expense: { title: 'X' } })).statusCode,
    ).toBe(404);
  });

  it('restores a trashed expense (200) for any member, with its shares, settled shares and their payments as before', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { title: 'Electricity', amount: '30.00' });
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(200);
    const [listed] = await expenses(ann);
    const before = {
      expenses: await expenses(ann),
      payments: await payments(ann),
      figures: await figures(people),
    };
    expect(splitOf(listed!, ben).settled).toBe(true);

    expect((await cat.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(204);
    expect(await expenses(ann)).toEqual([]);
    // The payment is not in the trash: the money did move, so Ann owes it back until the expense returns.
    expect(await payments(ann)).toEqual(before.payments);
    expect(await balance(ben)).toEqual({ totalOwed: 10, totalOwing: 0, net: 10 });
    expect(await balance(cat)).toEqual(ZERO);

    const restored = await json<ExpenseView>(ben.client.post(`/api/expenses/${expense.id}/restore`));
    expect(restored).toEqual(listed);
    expect(await expenses(cat)).toEqual(before.expenses);
    expect(await payments(cat)).toEqual(before.payments);
    expect(await figures(people)).toEqual(before.figures);
    expect(await trash(ann)).toEqual({ expenses: [], payments: [] });
  });

  it('lists trashed expenses and payments together in GET /api/trash, newest deletion first', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const first = await addExpense(ann, people, { title: 'Rent', amount: '900.00', category: 'rent' });
    const second = await addExpense(ben, people, { title: 'Snacks', amount: '9.00' });
    const paid = await pay(ben, ann, '3.00');
    const other = await pay(ann, ben, '2.00');
    for (const url of [
      `/api/expenses/${first.id}`,
      `/api/payments/${paid.id}`,
      `/api/expenses/${second.id}`,
      `/api/payments/${other.id}`,
    ]) {
      expect((await ann.client.delete(url)).statusCode, url).toBe(204);
    }
    const bin = await trash(ben);
    expect(bin.expenses.map((e) => [e.id, e.title, e.amount, e.deletedBy])).toEqual([
      [second.id, 'Snacks', '9.00', ann.user.id],
      [first.id, 'Rent', '900.00', ann.user.id],
    ]);
    expect(bin.payments.map((p) => p.id)).toEqual([other.id, paid.id]);
    for (const p of bin.payments) expect(p.deletedAt).toEqual(expect.any(String));
    expect(await payments(ben)).toEqual([]);
    expect(await balance(ben)).toEqual(ZERO);
  });

  it('still refuses to trash a fully settled expense (409), and settles no share of a trashed one (404)', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const settled = await addExpense(ann, [ann, ben], { title: 'Paid back', amount: '20.00' });
    expect((await settle(ben, splitOf(settled, ben).id)).statusCode).toBe(200);
    const refused = await cat.client.delete(`/api/expenses/${settled.id}`);
    expect(refused.statusCode).toBe(409);
    expect(typeof refused.json().message).toBe('string');
    expect((await expenses(cat)).map((e) => e.id)).toEqual([settled.id]);

    const open = await addExpense(ann, people, { title: 'Open', amount: '30.00' });
    expect((await ann.client.delete(`/api/expenses/${open.id}`)).statusCode).toBe(204);
    expect((await settle(ben, splitOf(open, ben).id)).statusCode).toBe(404);
    expect(await payments(ann)).toHaveLength(1);
    // Nor do its lines explain anything while it is in the trash.
    const explained = await explain(ann, ben, ann, 'pairwise');
    expect(explained.amount).toBe('0.00');
    if (explained.view !== 'pairwise') throw new Error('expected a pairwise explanation');
    expect(explained.lines.map((l) => l.id).sort()).toEqual(
      [settled.id, (await payments(ann))[0]!.id].sort(),
    );
  });

  it('answers 404 restoring an expense that is not in the trash, unknown, or restored already', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const expense = await addExpense(ann, people);
    for (const url of [`/api/expenses/${expense.id}/restore`, '/api/expenses/no-such-expense/restore']) {
      const response = await ben.client.post(url);
      expect(response.statusCode, url).toBe(404);
      expect(typeof response.json().message, url).toBe('string');
    }
    expect((await ann.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(204);
    expect((await ben.client.post(`/api/expenses/${expense.id}/restore`)).statusCode).toBe(200);
    expect((await ben.client.post(`/api/expenses/${expense.id}/restore`)).statusCode).toBe(404);
    expect(await expenses(ann)).toHaveLength(1);
    expect((await activity(ann, '?kind=expense_restored')).entries).toHaveLength(1);
  });
});
