// The money ledger through the API (docs/money.md): the activity feed.
import { describe, expect, it } from 'vitest';
import {
  activity,
  addExpense,
  editExpense,
  json,
  type Person,
  pay,
  setSimplify,
  setUpLedgerApp,
} from './ledger-setup.ts';

const t = setUpLedgerApp();
const { householdWith } = t;

describe('GET /api/activity', () => {
  it('lists every money change newest first, with who made it, and each edited field before → after', async () => {
    const { household, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const expense = await addExpense(ann, people, {
      title: 'Electricity',
      amount: '30.00',
      category: 'utilities',
    });
    await editExpense(ben, expense.id, { expense: { amount: '45.00' } });
    expect((await ann.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(204);
    expect((await ben.client.post(`/api/expenses/${expense.id}/restore`)).statusCode).toBe(200);
    const payment = await pay(ben, ann, '5.00');
    expect((await ann.client.delete(`/api/payments/${payment.id}`)).statusCode).toBe(204);
    expect((await ben.client.post(`/api/payments/${payment.id}/restore`)).statusCode).toBe(200);
    await setSimplify(ben, false);
    // Setting it to what it already is changes nothing, and is not news.
    await setSimplify(ann, false);

    const page = await activity(ann, '?kind=money');
    expect(page.nextBefore).toBeNull();
    const onExpense = { type: 'expense', id: expense.id };
    const onPayment = { type: 'payment', id: payment.id };
    expect(page.entries.map((e) => [e.kind, e.actorId, e.subject])).toEqual([
      ['setting_changed', ben.user.id, { type: 'household', id: household.id }],
      ['payment_restored', ben.user.id, onPayment],
      ['payment_deleted', ann.user.id, onPayment],
      ['payment_recorded', ben.user.id, onPayment],
      ['expense_restored', ben.user.id, onExpense],
      ['expense_deleted', ann.user.id, onExpense],
      ['expense_edited', ben.user.id, onExpense],
      ['expense_created', ann.user.id, onExpense],
    ]);
    const moments = page.entries.map((e) => Date.parse(e.at));
    expect(moments).toEqual([...moments].sort((x, y) => y - x));
    expect(new Set(page.entries.map((e) => e.id)).size).toBe(page.entries.length);

    const [setting, , , recorded, , , edited, created] = page.entries;
    expect(setting!.changes).toEqual([{ field: 'Simplify debts', before: 'On', after: 'Off' }]);
    expect(edited!.changes.map((c) => c.field)).toEqual(['Amount', 'Shares']);
    expect(edited!.changes[0]).toEqual({ field: 'Amount', before: '30.00', after: '45.00' });
    expect(edited!.changes[1]!.before).toContain('Ann A. 15.00');
    expect(edited!.changes[1]!.after).toContain('Ben B. 22.50');
    expect(created!.summary).toContain('Electricity');
    expect(recorded!.summary).toContain('5.00');
    for (const entry of page.entries.filter((e) => e !== setting && e !== edited))
      expect(entry.changes, entry.kind).toEqual([]);

    // Each kind on its own.
    expect((await activity(ben, '?kind=payment_deleted')).entries.map((e) => e.kind)).toEqual([
      'payment_deleted',
    ]);
  });

  it('names the payer before → after when an edit changes who paid, and records nothing for an edit that changes nothing', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const expense = await addExpense(ann, people, { title: 'Electricity', amount: '30.00' });
    await editExpense(ben, expense.id, { expense: { title: 'Electricity', amount: '30.00' } });
    expect((await activity(ann, '?kind=expense_edited')).entries).toEqual([]);

    await editExpense(ben, expense.id, { expense: { paidBy: ben.user.id, date: '2026-03-08' } });
    const [edited, ...rest] = (await activity(ann, '?kind=expense_edited')).entries;
    expect(rest).toEqual([]);
    expect(edited!.actorId).toBe(ben.user.id);
    expect(edited!.changes).toEqual([
      { field: 'Date', before: '2026-03-10', after: '2026-03-08' },
      { field: 'Paid by', before: 'Ann A.', after: 'Ben B.' },
    ]);
  });

  it('lists chores created and completed, events created and members joined, filtered by kind and member', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const chore = await json<{ id: string }>(
      ann.client.post('/api/chores', {
        title: 'Dishes',
        assignedTo: ben.user.id,
        dueDate: '2026-03-12T18:00:00.000Z',
      }),
      201,
    );
    await json(ben.client.patch(`/api/chores/${chore.id}`, { status: 'done' }));
    const event = await json<{ id: string }>(
      ann.client.post('/api/calendar', { title: 'House meeting', startDate: '2026-03-12T19:00:00.000Z' }),
      201,
    );
    const expense = await addExpense(ben, people);

    const kinds = async (query = '') => (await activity(ann, query)).entries.map((e) => e.kind);
    const all = (await activity(ben)).entries;
    expect(all.map((e) => [e.kind, e.actorId, e.subject])).toEqual([
      ['expense_created', ben.user.id, { type: 'expense', id: expense.id }],
      ['event_created', ann.user.id, { type: 'event', id: event.id }],
      ['chore_completed', ben.user.id, { type: 'chore', id: chore.id }],
      ['chore_created', ann.user.id, { type: 'chore', id: chore.id }],
      ['member_joined', ben.user.id, { type: 'member', id: ben.user.id }],
    ]);
    expect(await kinds('?kind=money')).toEqual(['expense_created']);
    expect(await kinds('?kind=chores')).toEqual(['chore_completed', 'chore_created']);
    expect(await kinds('?kind=events')).toEqual(['event_created']);
    expect(await kinds('?kind=members')).toEqual(['member_joined']);
    expect(await kinds('?kind=chore_completed')).toEqual(['chore_completed']);
    expect(await kinds(`?memberId=${ben.user.id}`)).toEqual([
      'expense_created',
      'chore_completed',
      'member_joined',
    ]);
    expect(await kinds(`?memberId=${ann.user.id}`)).toEqual(['event_created', 'chore_created']);
    expect(await kinds(`?kind=chores&memberId=${ben.user.id}`)).toEqual(['chore_completed']);
    expect(await kinds('?memberId=nobody-at-all')).toEqual([]);

    const bad = await ann.client.get('/api/activity?kind=gossip');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/kind/);
  });

  it('lists chores edited and deleted, events deleted and members who left', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const chore = await json<{ id: string }>(
      ann.client.post('/api/chores', {
        title: 'Dishes',
        assignedTo: ann.user.id,
        dueDate: '2026-03-12T18:00:00.000Z',
      }),
      201,
    );
    await json(ben.client.patch(`/api/chores/${chore.id}`, { title: 'Pots and pans' }));
    expect((await ben.client.delete(`/api/chores/${chore.id}`)).statusCode).toBe(204);
    const event = await json<{ id: string }>(
      ann.client.post('/api/calendar', { title: 'House meeting', startDate: '2026-03-12T19:00:00.000Z' }),
      201,
    );
    await json(ben.client.patch(`/api/calendar-events/${event.id}`, { title: 'House meeting, moved' }));
    expect((await cat.client.delete(`/api/calendar-events/${event.id}`)).statusCode).toBe(204);
    expect((await cat.client.post('/api/households/leave')).statusCode).toBe(204);

    const chores = (await activity(ann, '?kind=chores')).entries;
    expect(chores.map((e) => [e.kind, e.actorId])).toEqual([
      ['chore_deleted', ben.user.id],
      ['chore_edited', ben.user.id],
      ['chore_created', ann.user.id],
    ]);
    expect(chores[1]!.changes).toEqual([{ field: 'Title', before: 'Dishes', after: 'Pots and pans' }]);
    expect((await activity(ben, '?kind=events')).entries.map((e) => [e.kind, e.actorId, e.subject])).toEqual([
      ['event_deleted', cat.user.id, { type: 'event', id: event.id }],
      ['event_edited', ben.user.id, { type: 'event', id: event.id }],
      ['event_created', ann.user.id, { type: 'event', id: event.id }],
    ]);
    expect((await activity(ben, '?kind=members')).entries.map((e) => [e.kind, e.subject.id])).toEqual([
      ['member_left', cat.user.id],
      ['member_joined', cat.user.id],
      ['member_joined', ben.user.id],
    ]);
    // Someone who left sees the household's feed no more.
    expect((await cat.client.get('/api/activity')).statusCode).toBe(404);
  });

  it('pages 50 entries at a time with before=nextBefore until nextBefore is null; 404 for an unknown cursor', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    for (let i = 1; i <= 55; i++) await pay(ben, ann, `${i}.00`);

    const first = await activity(ann);
    expect(first.entries).toHaveLength(50);
    expect(first.nextBefore).toBe(first.entries[49]!.id);
    const second = await activity(ann, `?before=${first.nextBefore}`);
    expect(second.nextBefore).toBeNull();
    // 55 payments and Ben joining.
    expect(second.entries).toHaveLength(6);
    expect(second.entries[5]!.kind).toBe('member_joined');
    const every = [...first.entries, ...second.entries];
    expect(new Set(every.map((e) => e.id)).size).toBe(56);
    const moments = every.map((e) => Date.parse(e.at));
    expect(moments).toEqual([...moments].sort((x, y) => y - x));

    // Filtered pages page the same way.
    const money = await activity(ann, '?kind=money');
    expect(money.entries).toHaveLength(50);
    expect(money.nextBefore).not.toBeNull();
    const moneyRest = await activity(ann, `?kind=money&before=${money.nextBefore}`);
    expect(moneyRest).toMatchObject({ nextBefore: null });
    expect(moneyRest.entries).toHaveLength(5);

    const unknown = await ann.client.get('/api/activity?before=no-such-entry');
    expect(unknown.statusCode).toBe(404);
    expect(typeof unknown.json().message).toBe('string');
  });
});
