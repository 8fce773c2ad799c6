// Expenses through the API: recurring expenses and the sweep that creates their copies.

import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { runDueRecurringExpenses } from '#server/features/expenses/queries.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import {
  addExpense,
  amountsBy,
  balance,
  list,
  NOW,
  settle,
  setUpExpensesApp,
  splitOf,
} from './expenses-setup.ts';
import { freshDatabase, testConfig } from './helpers.ts';

const t = setUpExpensesApp();
const { householdWith } = t;

describe('recurring expenses', () => {
  const dueBy = (day: string, at = NOW) => runDueRecurringExpenses(t.database.db, day, at);
  const series = (expenses: ExpenseView[], title: string) =>
    expenses
      .filter((e) => e.title === title)
      .map((e) => e.date)
      .sort();

  it('creates each monthly copy once on its date, clamped to month ends, with open splits', async () => {
    const {
      admin: ann,
      household,
      others,
      people,
    } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const source = await addExpense(ann, people, {
      title: 'Internet',
      amount: '10.00',
      category: 'internet',
      date: '2026-01-31',
      isRecurring: true,
      recurringInterval: 'monthly',
    });
    expect(source).toMatchObject({
      isRecurring: true,
      recurrenceFrequency: 'monthly',
      nextOccurrenceDate: '2026-02-28',
    });
    expect((await settle(ben, splitOf(source, ben).id)).statusCode).toBe(200);

    // Nothing is due before its date.
    expect((await dueBy('2026-02-27')).filter((c) => c.householdId === household.id)).toEqual([]);

    const sweepAt = Date.parse('2026-03-31T06:00:00.000Z');
    const created = await dueBy('2026-03-31', sweepAt);
    expect(created.filter((c) => c.householdId === household.id)).toHaveLength(2);
    const expenses = await list(cat);
    expect(series(expenses, 'Internet')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    for (const copy of expenses.filter((e) => e.id !== source.id)) {
      expect(copy).toMatchObject({
        amount: '10.00',
        category: 'internet',
        paidBy: ann.user.id,
        isRecurring: false,
        createdAt: new Date(sweepAt).toISOString(),
      });
      expect(amountsBy(copy, people)).toEqual(amountsBy(source, people));
      expect(splitOf(copy, ann).settled).toBe(true);
      expect(splitOf(copy, ben).settled).toBe(false);
      expect(splitOf(copy, cat).settled).toBe(false);
    }
    expect(expenses.find((e) => e.id === source.id)!.nextOccurrenceDate).toBe('2026-04-30');
    // Two copies of 3.33 each for Ben (the original is settled), three open shares for Cat.
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 6.66, net: -6.66 });
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 9.99, net: -9.99 });

    expect(await dueBy('2026-03-31', sweepAt)).toEqual([]);
    expect(await list(cat)).toEqual(expenses);
  });

  it('deletes one copy, or with ?series=true the copy and the expense that repeats, which stops the repeats until restored', async () => {
    const { admin: ann, household, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const source = await addExpense(ann, people, {
      title: 'Cleaner',
      amount: '20.00',
      category: 'cleaning',
      date: '2026-01-05',
      isRecurring: true,
      recurringInterval: 'monthly',
    });
    const mine = (created: { householdId: string }[]) =>
      created.filter((c) => c.householdId === household.id);
    expect(mine(await dueBy('2026-02-05'))).toHaveLength(1);
    const copies = () => list(ann).then((all) => all.filter((e) => e.recurrenceSourceId === source.id));
    const [february] = await copies();
    expect(february).toMatchObject({ date: '2026-02-05', recurrenceSourceId: source.id, isRecurring: false });

    // One copy alone: the series goes on.
    expect((await ann.client.delete(`/api/expenses/${february!.id}`)).statusCode).toBe(204);
    expect(mine(await dueBy('2026-03-05'))).toHaveLength(1);
    const [march] = await copies();
    expect(march!.date).toBe('2026-03-05');

    // The copy and the series: both in the trash, and no more copies.
    expect((await ann.client.delete(`/api/expenses/${march!.id}?series=true`)).statusCode).toBe(204);
    expect((await list(ann)).filter((e) => e.title === 'Cleaner')).toEqual([]);
    const trash = (await ann.client.get('/api/trash')).json() as { expenses: { id: string }[] };
    expect(trash.expenses.map((e) => e.id).sort()).toEqual([february!.id, march!.id, source.id].sort());
    expect(mine(await dueBy('2026-04-05'))).toEqual([]);

    // Restoring the expense that repeats starts the repeats again.
    expect((await ann.client.post(`/api/expenses/${source.id}/restore`)).statusCode).toBe(200);
    expect(mine(await dueBy('2026-04-05'))).toHaveLength(1);
    expect((await ann.client.delete(`/api/expenses/${source.id}?series=maybe`)).statusCode).toBe(400);
  });

  it('creates each copy once when sweeps run at the same time', async () => {
    const { admin: ann, household, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const titles = ['Gym', 'Paper', 'Milk run'];
    for (const title of titles) {
      await addExpense(ann, people, {
        title,
        date: '2026-01-04',
        isRecurring: true,
        recurringInterval: 'weekly',
      });
    }
    const runs = await Promise.all([dueBy('2026-03-29'), dueBy('2026-03-29'), dueBy('2026-03-29')]);
    const ours = runs.flat().filter((c) => c.householdId === household.id);
    // Twelve weekly copies of each, from Jan 11 to Mar 29, split among the sweeps without overlap.
    expect(ours).toHaveLength(36);
    expect(new Set(ours.map((c) => c.id)).size).toBe(36);
    const expenses = await list(ann);
    for (const title of titles) {
      const dates = series(expenses, title);
      expect(dates).toHaveLength(13);
      expect(new Set(dates).size).toBe(13);
      expect(dates.at(-1)).toBe('2026-03-29');
    }
    expect((await dueBy('2026-03-29')).filter((c) => c.householdId === household.id)).toEqual([]);
  });

  it('stops at the end date', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ending = await addExpense(ann, people, {
      title: 'Cleaner',
      date: '2026-01-31',
      isRecurring: true,
      recurringInterval: 'monthly',
      recurringEndDate: '2026-03-15',
    });
    expect(ending).toMatchObject({ recurringEndDate: '2026-03-15', nextOccurrenceDate: '2026-02-28' });
    const already = await addExpense(ann, people, {
      title: 'One-off',
      date: '2026-01-31',
      isRecurring: true,
      recurringInterval: 'quarterly',
      recurringEndDate: '2026-02-01',
    });
    expect(already.nextOccurrenceDate).toBeNull();

    await dueBy('2026-04-30');
    const expenses = await list(ann);
    expect(series(expenses, 'Cleaner')).toEqual(['2026-01-31', '2026-02-28']);
    expect(series(expenses, 'One-off')).toEqual(['2026-01-31']);
    expect(expenses.find((e) => e.id === ending.id)!.nextOccurrenceDate).toBeNull();
  });

  it('shares the next copies among those still in the household, and ends the series when its payer leaves', async () => {
    const {
      admin: ann,
      household,
      others,
      people,
    } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole', 'Dan Dale']);
    const [ben, cat, dan] = [others[0]!, others[1]!, others[2]!];
    const rent = await addExpense(ann, people, {
      title: 'Rent',
      amount: '100.00',
      date: '2026-01-31',
      isRecurring: true,
      recurringInterval: 'monthly',
    });
    const power = await addExpense(
      ann,
      people,
      { title: 'Power', amount: '100.00', splitType: 'percentage', date: '2026-01-31', isRecurring: true },
      [
        { userId: ann.user.id, amount: '40.00' },
        { userId: ben.user.id, amount: '30.00' },
        { userId: cat.user.id, amount: '20.00' },
        { userId: dan.user.id, amount: '10.00' },
      ],
    );
    const gym = await addExpense(ben, [ben, cat], {
      title: 'Gym',
      amount: '20.00',
      date: '2026-01-31',
      isRecurring: true,
      recurringInterval: 'monthly',
    });

    // Ben leaves; Dan is removed by the administrator.
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await ann.client.delete(`/api/households/members/${dan.user.id}`)).statusCode).toBe(200);
    // The gym, which Ben paid, stops repeating as he leaves (the calendar shows no more dates).
    // (Read from the database: the sweep below is called directly, without the events that tell
    // the read cache, so no list may be read before it.)
    const next = async (id: string) =>
      (
        await t.database.db
          .selectFrom('expenses')
          .select('next_occurrence_date')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).next_occurrence_date;
    expect(await next(gym.id)).toBeNull();
    expect(await next(rent.id)).toBe('2026-02-28');
    const said = await t.database.db
      .selectFrom('messages')
      .select('content')
      .where('type', '=', 'system')
      .where('content', 'like', 'Recurring expenses%')
      .where('household_id', '=', household.id)
      .execute();
    expect(said.map((m) => m.content)).toEqual(['Recurring expenses Ben B. paid no longer repeat: Gym']);
    await dueBy('2026-02-28');

    const expenses = await list(ann);
    const copyOf = (source: ExpenseView) =>
      expenses.find((e) => e.title === source.title && e.date === '2026-02-28');
    const shares = (expense: ExpenseView | undefined) =>
      Object.fromEntries(expense!.splits.map((s) => [s.userId, s.amount]));
    // Equal: Ann and Cat now share all of it.
    expect(shares(copyOf(rent))).toEqual({ [ann.user.id]: '50.00', [cat.user.id]: '50.00' });
    // Percentage: 40 to 20 stays 2 to 1.
    expect(shares(copyOf(power))).toEqual({ [ann.user.id]: '66.67', [cat.user.id]: '33.33' });
    // Ben paid for the gym and has left: no copy, and none to come.
    expect(copyOf(gym)).toBeUndefined();
    expect(expenses.find((e) => e.id === gym.id)!.nextOccurrenceDate).toBeNull();
    expect(expenses.find((e) => e.id === rent.id)!.nextOccurrenceDate).toBe('2026-03-31');
    // What was shared before they left stays as it was.
    expect(shares(expenses.find((e) => e.id === rent.id))).toEqual(shares(rent));
    expect(shares(expenses.find((e) => e.id === power.id))).toEqual(shares(power));
  });

  it('ends a series at the sweep when nobody it was split among is left, or when its payer left before this rule', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    // Ann pays Ben's phone; Cat pays a paper that Ann reads.
    const phone = await addExpense(
      ann,
      people,
      { title: 'Phone', amount: '20.00', date: '2026-01-31', isRecurring: true },
      [{ userId: ben.user.id, amount: '20.00' }],
    );
    const paper = await addExpense(
      cat,
      people,
      { title: 'Paper', amount: '5.00', date: '2026-01-31', isRecurring: true },
      [{ userId: ann.user.id, amount: '5.00' }],
    );
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await cat.client.post('/api/households/leave')).statusCode).toBe(204);
    // A series whose payer left before leaving stopped it still has its next date.
    await t.database.db
      .updateTable('expenses')
      .set({ next_occurrence_date: '2026-02-28' })
      .where('id', '=', paper.id)
      .execute();
    await dueBy('2026-02-28');

    const expenses = await list(ann);
    expect(series(expenses, 'Phone')).toEqual(['2026-01-31']);
    expect(series(expenses, 'Paper')).toEqual(['2026-01-31']);
    expect(expenses.find((e) => e.id === phone.id)!.nextOccurrenceDate).toBeNull();
    expect(expenses.find((e) => e.id === paper.id)!.nextOccurrenceDate).toBeNull();
  });

  it('two app instances starting together on one database create each copy once', async () => {
    const database = await freshDatabase();
    const sweepAt = Date.parse('2026-03-31T08:00:00.000Z');
    const seed = await buildApp(testConfig(), { database, sweepIntervalMs: null, now: () => sweepAt });
    const instances: FastifyInstance[] = [];
    try {
      await seed.ready();
      const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker'], seed);
      await addExpense(ann, people, {
        title: 'Streaming',
        date: '2026-01-31',
        isRecurring: true,
        recurringInterval: 'monthly',
      });
      // Each instance sweeps as it starts; closing waits for the sweep in progress.
      instances.push(
        ...(await Promise.all(
          [1, 2].map(() => buildApp(testConfig(), { database, sweepIntervalMs: 60_000, now: () => sweepAt })),
        )),
      );
      await Promise.all(instances.splice(0).map((app) => app.close()));
      const expenses = await list(ann);
      expect(series(expenses, 'Streaming')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    } finally {
      await Promise.all(instances.map((app) => app.close()));
      await seed.close();
      await database.drop();
    }
  });
});
