import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeTrash } from '#server/features/expenses/queries.ts';
import { expenseMessages } from '#shared/expenses.ts';
import {
  type ActivityPageView,
  type BalanceTotalsView,
  type DebtView,
  type ExplanationView,
  type HouseholdBalancesView,
  type PairLineView,
  type PaymentView,
  restorableSince,
  type TrashView,
} from '#shared/ledger-view.ts';
import { paymentMessages } from '#shared/payments.ts';
import { Client, createTestApp, signUp, type TestApp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

// The money ledger through the API (docs/money.md): payments, the two views of debts, settling,
// explanations, edits, the trash and the activity feed.

// The app's clock moves on a millisecond at every reading, so everything written has a moment of
// its own and "newest first" never meets a tie; today stays 2026-03-11.
const NOW = Date.parse('2026-03-11T12:00:00.000Z');
const TODAY = '2026-03-11';
const DAY_MS = 86_400_000;
let clock = NOW;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => (clock += 1) });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = NOW;
});

interface SplitView {
  id: string;
  userId: string | null;
  amount: string;
  settled: boolean;
  settledAt: string | null;
}
interface ExpenseView {
  id: string;
  title: string;
  amount: string;
  category: string;
  notes: string | null;
  paidBy: string | null;
  date: string;
  splitType: string;
  splits: SplitView[];
  fullySettled: boolean;
}
interface Person {
  client: Client;
  user: { id: string; email: string };
  firstName: string;
  lastName: string;
}
interface SettleUpAnswer {
  payment: PaymentView;
  amount: number;
  settledSplits: number;
}

const ZERO: BalanceTotalsView = { totalOwed: 0, totalOwing: 0, net: 0 };
const MEMBERS_ONLY = 'Both people in a payment must be members of your household';
const EXPENSE_MEMBERS_ONLY = 'The payer and everyone in the split must be members of your household';
const SHARES_NEEDED = 'splits: give the shares when the amount or the split type changes';

/** Signs up "First Last" people; the first creates the household and the others join in order. */
async function householdWith(names: string[]) {
  const people: Person[] = [];
  for (const name of names) {
    const [firstName = name, lastName = 'Tester'] = name.split(' ');
    people.push({ ...(await signUp(t.app, { firstName, lastName })), firstName, lastName });
  }
  const created = await people[0]!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json() as { id: string; inviteCode: string };
  for (const other of people.slice(1)) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return { household, people };
}

/** The answer's JSON, after checking its status. */
async function json<T>(request: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const response = await request;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** A create payload as the web form sends it; an equal split among `members` unless `splits`. */
function expenseBody(
  payer: Person,
  members: Person[],
  fields: Record<string, unknown> = {},
  splits?: Record<string, unknown>[],
) {
  return {
    expense: {
      title: 'Groceries',
      amount: '30.00',
      category: 'groceries',
      date: '2026-03-10',
      splitType: 'equal',
      paidBy: payer.user.id,
      ...fields,
    },
    splits: splits ?? members.map((m) => ({ userId: m.user.id, amount: '0.00' })),
  };
}

async function addExpense(
  payer: Person,
  members: Person[],
  fields: Record<string, unknown> = {},
  splits?: Record<string, unknown>[],
): Promise<ExpenseView> {
  return json(payer.client.post('/api/expenses', expenseBody(payer, members, fields, splits)), 201);
}

const editExpense = (by: Person, id: string, body: Record<string, unknown>) =>
  json<ExpenseView>(by.client.patch(`/api/expenses/${id}`, body));
const expenses = (by: Person) => json<ExpenseView[]>(by.client.get('/api/expenses'));
const payments = (by: Person, query = '') => json<PaymentView[]>(by.client.get(`/api/payments${query}`));
const balance = (by: Person) => json<BalanceTotalsView>(by.client.get('/api/balance'));
const balances = (by: Person) => json<HouseholdBalancesView>(by.client.get('/api/balances'));
const trash = (by: Person) => json<TrashView>(by.client.get('/api/trash'));
const activity = (by: Person, query = '') => json<ActivityPageView>(by.client.get(`/api/activity${query}`));

async function pay(
  by: Person,
  to: Person,
  amount: string | number,
  extra: Record<string, unknown> = {},
): Promise<PaymentView> {
  return json(by.client.post('/api/payments', { toUserId: to.user.id, amount, ...extra }), 201);
}

async function setSimplify(by: Person, on: boolean) {
  const household = await json<{ simplifyDebts: boolean }>(
    by.client.patch('/api/households/current', { simplifyDebts: on }),
  );
  expect(household.simplifyDebts).toBe(on);
}

function explain(by: Person, from: Person, to: Person, view?: 'pairwise' | 'simplified') {
  const query = `from=${from.user.id}&to=${to.user.id}${view ? `&view=${view}` : ''}`;
  return json<ExplanationView>(by.client.get(`/api/balances/explain?${query}`));
}

const splitOf = (expense: ExpenseView, person: Person) => {
  const split = expense.splits.find((s) => s.userId === person.user.id);
  if (!split) throw new Error(`no split for ${person.firstName}`);
  return split;
};
/** Each member's share of an expense, by user id. */
const sharesOf = (expense: ExpenseView) =>
  Object.fromEntries(expense.splits.map((s) => [s.userId, s.amount]));
const settle = (by: Person, splitId: string) =>
  by.client.patch(`/api/expense-splits/${splitId}`, { settled: true });
/** "12.34" or "-3.00" (or a number of dollars) → integer cents. */
const cents = (amount: string | number) => Math.round(Number(amount) * 100);
const debt = (from: Person, to: Person, amount: number) => ({ from: from.user.id, to: to.user.id, amount });
/** Debts without the expenses behind them, in a fixed order to compare. */
const debts = (list: Pick<DebtView, 'from' | 'to' | 'amount'>[]) =>
  list
    .map(({ from, to, amount }) => ({ from, to, amount }))
    .sort((x, y) => `${x.from}>${x.to}`.localeCompare(`${y.from}>${y.to}`));
const byId = (people: Person[], id: string) => people.find((p) => p.user.id === id)!;

/** Every figure of the household's balances, as each member sees them. */
async function figures(people: Person[]) {
  const shown = await balances(people[0]!);
  const each: BalanceTotalsView[] = [];
  for (const person of people) each.push(await balance(person));
  return {
    simplifyDebts: shown.simplifyDebts,
    members: shown.members,
    simplified: debts(shown.simplified),
    pairwise: debts(shown.pairwise),
    each,
  };
}

/**
 * The issue's household: a pays 40.00 for all four, b 30.00 for b, c and d, c 20.00 for c and d,
 * d 12.00 for all four, a 7.00 for a and c. Nets: a +30.50, b +7.00, c −16.50, d −21.00.
 */
async function issueHousehold() {
  const { household, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole', 'Dan Dunn']);
  const [a, b, c, d] = people as [Person, Person, Person, Person];
  const made = {
    groceries: await addExpense(a, [a, b, c, d], { title: 'Groceries', amount: '40.00' }),
    internet: await addExpense(b, [b, c, d], { title: 'Internet', amount: '30.00', category: 'internet' }),
    cleaning: await addExpense(c, [c, d], { title: 'Cleaning', amount: '20.00', category: 'cleaning' }),
    pizza: await addExpense(d, [a, b, c, d], { title: 'Pizza', amount: '12.00', category: 'dining' }),
    taxi: await addExpense(a, [a, c], { title: 'Taxi', amount: '7.00', category: 'transportation' }),
  };
  return { household, people, a, b, c, d, made };
}

/** Each debtor settles up every debt shown to them, one at a time, as the screen offers it. */
async function settleEverythingShown(people: Person[]) {
  const shown = await balances(people[0]!);
  const owed = shown.simplifyDebts ? shown.simplified : shown.pairwise;
  for (const d of owed) {
    const answer = await json<SettleUpAnswer>(
      byId(people, d.from).client.post('/api/settle-up', { toUserId: d.to }),
    );
    expect(answer.amount).toBe(d.amount);
    expect(answer.payment).toMatchObject({
      fromUserId: d.from,
      toUserId: d.to,
      amount: d.amount.toFixed(2),
      date: TODAY,
      deletedAt: null,
    });
  }
  return owed;
}

describe('POST /api/payments', () => {
  it('records a payment (201): the amount as "12.34", dated today unless told, the note trimmed', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const response = await ben.client.post('/api/payments', {
      toUserId: ann.user.id,
      amount: '12.34',
      note: '  For the pizza  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const payment: PaymentView = response.json();
    expect(payment).toEqual({
      id: expect.any(String),
      fromUserId: ben.user.id,
      toUserId: ann.user.id,
      amount: '12.34',
      date: TODAY,
      note: 'For the pizza',
      splitIds: [],
      createdBy: ben.user.id,
      createdAt: expect.any(String),
      deletedAt: null,
    });
    expect(Date.parse(payment.createdAt)).toBeGreaterThanOrEqual(NOW);

    // The one paid may record it too, with a number amount and an empty note.
    const received = await json<PaymentView>(
      ann.client.post('/api/payments', {
        fromUserId: ben.user.id,
        toUserId: ann.user.id,
        amount: 5,
        note: '   ',
      }),
      201,
    );
    expect(received).toMatchObject({ fromUserId: ben.user.id, toUserId: ann.user.id, amount: '5.00' });
    expect(received).toMatchObject({ note: null, createdBy: ann.user.id });
    const dated = await pay(ben, ann, '1000000.00', { date: '2026-03-01', fromUserId: ben.user.id });
    expect(dated).toMatchObject({ amount: '1000000.00', date: '2026-03-01' });

    expect(await payments(ann)).toEqual([received, payment, dated]);
    expect(await payments(ben)).toEqual([received, payment, dated]);
  });

  it('refuses a payment between two other members (403), recording nothing', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const response = await cat.client.post('/api/payments', {
      fromUserId: ben.user.id,
      toUserId: ann.user.id,
      amount: '10.00',
    });
    expect(response.statusCode).toBe(403);
    expect(typeof response.json().message).toBe('string');
    expect(await payments(ann)).toEqual([]);
    expect((await activity(ann, '?kind=money')).entries).toEqual([]);
  });

  it('refuses bad amounts, the same member twice, a missing payee and anyone outside the household (400)', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const away = await householdWith(['Zed Zimmer']);
    const zed = away.people[0]!;
    const loner = await signUp(t.app);

    const badAmounts: unknown[] = [
      0,
      '0',
      '0.00',
      -5,
      '-5.00',
      '1000000.01',
      1000000.01,
      2_000_000,
      '12.345',
      12.345,
      'abc',
      '12,34',
      '$5',
      '1e3',
      '5.',
      '',
      '   ',
      null,
      true,
      {},
      [],
    ];
    for (const amount of badAmounts) {
      const response = await ben.client.post('/api/payments', { toUserId: ann.user.id, amount });
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(response.json(), JSON.stringify(amount)).toEqual({ message: paymentMessages.amountInvalid });
    }
    const noAmount = await ben.client.post('/api/payments', { toUserId: ann.user.id });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toEqual({ message: paymentMessages.amountInvalid });

    const refused: [string, Record<string, unknown>, string | RegExp][] = [
      ['oneself', { toUserId: ben.user.id }, paymentMessages.sameMember],
      [
        'the same member twice',
        { fromUserId: ann.user.id, toUserId: ann.user.id },
        paymentMessages.sameMember,
      ],
      ['no payee', {}, /Choose who was paid/],
      ['an empty payee', { toUserId: '' }, /Choose who was paid/],
      ['a member of another household', { toUserId: zed.user.id }, MEMBERS_ONLY],
      ['a payer of another household', { fromUserId: zed.user.id, toUserId: ben.user.id }, MEMBERS_ONLY],
      ['someone in no household', { toUserId: loner.user.id }, MEMBERS_ONLY],
      ['an unknown id', { toUserId: 'nobody-at-all' }, MEMBERS_ONLY],
      ['a malformed date', { toUserId: ann.user.id, date: '11/03/2026' }, /date/],
    ];
    for (const [what, body, message] of refused) {
      const response = await ben.client.post('/api/payments', { amount: '10.00', ...body });
      expect(response.statusCode, what).toBe(400);
      if (typeof message === 'string') expect(response.json(), what).toEqual({ message });
      else expect(response.json().message, what).toMatch(message);
    }

    expect(await payments(ann)).toEqual([]);
    expect(await balance(ann)).toEqual(ZERO);
    expect((await activity(ann, '?kind=money')).entries).toEqual([]);
    expect(await payments(zed)).toEqual([]);
  });

  it('answers a repeated clientId from the same member with the first payment (200, same id), recording one', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const first = await ben.client.post('/api/payments', {
      toUserId: ann.user.id,
      amount: '7.50',
      clientId: 'tap-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await ben.client.post('/api/payments', {
      toUserId: ann.user.id,
      amount: '7.50',
      clientId: 'tap-1',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Whatever the repeat says, the first payment stands.
    const changed = await ben.client.post('/api/payments', {
      toUserId: ann.user.id,
      amount: '99.00',
      clientId: 'tap-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(first.json());
    expect(await payments(ann)).toEqual([first.json()]);
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 7.5, net: -7.5 });
    expect((await activity(ann, '?kind=payment_recorded')).entries).toHaveLength(1);

    // Another member's clientId is theirs: the same string records their own payment.
    const other = await pay(ann, ben, '2.50', { clientId: 'tap-1' });
    expect(other.id).not.toBe(first.json().id);
    expect(await payments(ben)).toHaveLength(2);
  });

  it('records a double tap once: the same clientId sent twice at the same moment answers one payment', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    // Several rounds: on PostgreSQL the two requests really overlap.
    for (let round = 0; round < 5; round++) {
      const body = { toUserId: ann.user.id, amount: '3.00', clientId: `double-tap-${round}` };
      const answers = await Promise.all([
        ben.client.post('/api/payments', body),
        ben.client.post('/api/payments', body),
      ]);
      expect(
        answers.map((a) => a.statusCode).sort(),
        `round ${round}: ${answers.map((a) => a.body).join(' ')}`,
      ).toEqual([200, 201]);
      expect(answers[0]!.json().id, `round ${round}`).toBe(answers[1]!.json().id);
    }
    expect(await payments(ann)).toHaveLength(5);
    expect(await balance(ben)).toEqual({ totalOwed: 15, totalOwing: 0, net: 15 });
  });

  it('moves the balances: paying reduces what the payer owes, and paying more than owed turns the debt round', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    await addExpense(ann, [ann, ben], { amount: '30.00' });
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 15, net: -15 });

    await pay(ben, ann, '10.00');
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 5, net: -5 });
    expect(await balance(ann)).toEqual({ totalOwed: 5, totalOwing: 0, net: 5 });
    let shown = await balances(ann);
    expect(debts(shown.simplified)).toEqual([debt(ben, ann, 5)]);
    expect(debts(shown.pairwise)).toEqual([debt(ben, ann, 5)]);

    await pay(ben, ann, '8.00');
    expect(await balance(ben)).toEqual({ totalOwed: 3, totalOwing: 0, net: 3 });
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 3, net: -3 });
    shown = await balances(ben);
    expect(debts(shown.simplified)).toEqual([debt(ann, ben, 3)]);
    expect(debts(shown.pairwise)).toEqual([debt(ann, ben, 3)]);
    expect(shown.members).toEqual(
      expect.arrayContaining([
        { userId: ann.user.id, net: -3 },
        { userId: ben.user.id, net: 3 },
      ]),
    );
  });
});

describe('GET /api/payments', () => {
  it('lists newest first, 50 a page, paging with before=<last id>; 404 for an unknown cursor; trashed ones left out', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const made: PaymentView[] = [];
    for (let i = 1; i <= 52; i++) made.push(await pay(i % 2 ? ben : ann, i % 2 ? ann : ben, `${i}.00`));
    // Recorded last but dated earlier: it comes after every payment of today.
    const older = await pay(ben, ann, '0.50', { date: '2026-03-01' });
    const trashed = await pay(ben, ann, '0.75');
    expect((await ben.client.delete(`/api/payments/${trashed.id}`)).statusCode).toBe(204);

    const expected = [...made].reverse().concat(older);
    const first = await payments(ann);
    expect(first).toHaveLength(50);
    expect(first).toEqual(expected.slice(0, 50));
    const second = await payments(ann, `?before=${first[49]!.id}`);
    expect(second).toEqual(expected.slice(50));
    expect(await payments(ann, `?before=${second[second.length - 1]!.id}`)).toEqual([]);
    expect([...first, ...second].map((p) => p.id)).not.toContain(trashed.id);

    const unknown = await ann.client.get('/api/payments?before=no-such-payment');
    expect(unknown.statusCode).toBe(404);
    expect(typeof unknown.json().message).toBe('string');
  });
});

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

    clock += 29 * DAY_MS;
    // Still in the trash after 29 days (and both sessions, a day old or more, are renewed).
    expect((await trash(ann)).payments.map((p) => p.id)).toEqual([lost.id, kept.id]);
    expect((await trash(ben)).expenses.map((e) => e.id)).toEqual([lostExpense.id]);
    expect((await json<PaymentView>(ben.client.post(`/api/payments/${kept.id}/restore`))).id).toBe(kept.id);
    // A day and a second later, the rest has been in the trash for more than 30 days.
    clock += DAY_MS + 1000;
    expect((await ben.client.post(`/api/payments/${lost.id}/restore`)).statusCode).toBe(404);
    expect((await ben.client.post(`/api/expenses/${lostExpense.id}/restore`)).statusCode).toBe(404);
    expect(await trash(ann)).toEqual({ expenses: [], payments: [] });
    expect(await payments(ann)).toEqual([kept]);
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 4, net: -4 });

    // The scheduler's sweep then empties the trash for good; what was restored stays.
    await purgeTrash(t.database.db, restorableSince(clock));
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

describe('PATCH /api/expense-splits/:id', () => {
  it('records a payment of the share linked to it, once however often it is settled', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { amount: '30.00' });
    const split = splitOf(expense, ben);

    const settled = await json<SplitView>(settle(ben, split.id));
    expect(settled).toMatchObject({ id: split.id, settled: true, settledAt: expect.any(String) });
    const [payment, ...rest] = await payments(cat);
    expect(rest).toEqual([]);
    expect(payment).toMatchObject({
      fromUserId: ben.user.id,
      toUserId: ann.user.id,
      amount: '10.00',
      date: TODAY,
      splitIds: [split.id],
      createdBy: ben.user.id,
      deletedAt: null,
    });
    const recorded = (await activity(cat, '?kind=payment_recorded')).entries;
    expect(recorded.map((e) => e.subject)).toEqual([{ type: 'payment', id: payment!.id }]);

    // Settling again, by either of the two, records nothing more.
    expect((await settle(ben, split.id)).statusCode).toBe(200);
    expect(await json<SplitView>(settle(ann, split.id))).toMatchObject({ id: split.id, settled: true });
    expect(await payments(cat)).toEqual([payment]);
    expect((await activity(cat, '?kind=payment_recorded')).entries).toHaveLength(1);
    expect(await balance(ben)).toEqual(ZERO);
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 10, net: -10 });
    expect(await balance(ann)).toEqual({ totalOwed: 10, totalOwing: 0, net: 10 });
  });

  it('records one payment when a share is settled twice at the same moment', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    for (let round = 0; round < 5; round++) {
      const expense = await addExpense(ann, people, { title: `Bill ${round}`, amount: '10.00' });
      const split = splitOf(expense, ben);
      const answers = await Promise.all([settle(ben, split.id), settle(ann, split.id)]);
      expect(
        answers.map((a) => a.statusCode),
        `round ${round}: ${answers.map((a) => a.body).join(' ')}`,
      ).toEqual([200, 200]);
      const linked = (await payments(ann)).filter((p) => p.splitIds.includes(split.id));
      expect(linked, `round ${round}`).toHaveLength(1);
    }
    expect(await payments(ann)).toHaveLength(5);
    expect(await balance(ben)).toEqual(ZERO);
  });

  it('opens the share again when its payment is trashed, and settles it again when the payment is restored', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { amount: '30.00' });
    const split = splitOf(expense, ben);
    expect((await settle(ann, split.id)).statusCode).toBe(200);
    const [payment] = await payments(ann);
    expect(payment!.splitIds).toEqual([split.id]);

    expect((await ben.client.delete(`/api/payments/${payment!.id}`)).statusCode).toBe(204);
    let listed = (await expenses(cat)).find((e) => e.id === expense.id)!;
    expect(splitOf(listed, ben)).toMatchObject({ settled: false, settledAt: null });
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 10, net: -10 });

    expect((await cat.client.post(`/api/payments/${payment!.id}/restore`)).statusCode).toBe(200);
    listed = (await expenses(cat)).find((e) => e.id === expense.id)!;
    expect(splitOf(listed, ben)).toMatchObject({ settled: true, settledAt: expect.any(String) });
    expect(await balance(ben)).toEqual(ZERO);
    expect(await payments(ann)).toEqual([payment]);
  });
});

describe('POST /api/settle-up', () => {
  it("settles the issue's four-member household with Simplify debts on: the transfers shown bring every balance to 0", async () => {
    const { people, a, b, c, d } = await issueHousehold();
    const shown = await balances(b);
    expect(shown.simplifyDebts).toBe(true);
    expect(
      (await json<{ simplifyDebts: boolean }>(c.client.get('/api/households/current'))).simplifyDebts,
    ).toBe(true);
    expect(debts(shown.simplified)).toEqual(debts([debt(d, a, 21), debt(c, a, 9.5), debt(c, b, 7)]));
    expect(await balance(a)).toEqual({ totalOwed: 30.5, totalOwing: 0, net: 30.5 });
    expect(await balance(b)).toEqual({ totalOwed: 7, totalOwing: 0, net: 7 });
    expect(await balance(c)).toEqual({ totalOwed: 0, totalOwing: 16.5, net: -16.5 });
    expect(await balance(d)).toEqual({ totalOwed: 0, totalOwing: 21, net: -21 });

    const paid = await settleEverythingShown(people);
    expect(paid).toHaveLength(3);
    for (const person of people) expect(await balance(person), person.firstName).toEqual(ZERO);
    let after = await balances(a);
    expect(after.simplified).toEqual([]);
    expect(after.members.map((m) => m.net)).toEqual([0, 0, 0, 0]);
    // Person to person, what is left goes round in circles: everyone owes as much as they are owed
    // (d paid a 21.00 where a owed d 3.00 and d owed a 10.00, and so on).
    expect(debts(after.pairwise)).toEqual(
      debts([debt(b, a, 10), debt(c, a, 4), debt(a, d, 14), debt(c, b, 3), debt(d, b, 7), debt(d, c, 7)]),
    );
    for (const person of people) {
      const owed = after.pairwise
        .filter((p) => p.to === person.user.id)
        .reduce((s, p) => s + cents(p.amount), 0);
      const owing = after.pairwise
        .filter((p) => p.from === person.user.id)
        .reduce((s, p) => s + cents(p.amount), 0);
      expect(owed - owing, person.firstName).toBe(0);
    }
    expect((await d.client.post('/api/settle-up', { toUserId: a.user.id })).statusCode).toBe(409);

    // Turning Simplify debts off shows those circles; paying them clears both views.
    await setSimplify(a, false);
    await settleEverythingShown(people);
    after = await balances(c);
    expect(after.simplified).toEqual([]);
    expect(after.pairwise).toEqual([]);
    for (const person of people) expect(await balance(person), person.firstName).toEqual(ZERO);
  });

  it("settles the issue's household with Simplify debts off: each person-to-person debt paid brings every balance and both views to 0", async () => {
    const { people, a, b, c, d } = await issueHousehold();
    // Any member may switch the setting, not only the household's admin.
    await setSimplify(b, false);
    const shown = await balances(a);
    expect(shown.simplifyDebts).toBe(false);
    expect(debts(shown.pairwise)).toEqual(
      debts([debt(b, a, 10), debt(c, a, 13.5), debt(d, a, 7), debt(c, b, 10), debt(d, b, 7), debt(d, c, 7)]),
    );
    expect(await balance(a)).toEqual({ totalOwed: 30.5, totalOwing: 0, net: 30.5 });
    expect(await balance(b)).toEqual({ totalOwed: 17, totalOwing: 10, net: 7 });
    expect(await balance(c)).toEqual({ totalOwed: 7, totalOwing: 23.5, net: -16.5 });
    expect(await balance(d)).toEqual({ totalOwed: 0, totalOwing: 21, net: -21 });

    const paid = await settleEverythingShown(people);
    expect(paid).toHaveLength(6);
    for (const person of people) expect(await balance(person), person.firstName).toEqual(ZERO);
    const after = await balances(d);
    expect(after.simplified).toEqual([]);
    expect(after.pairwise).toEqual([]);
    expect(after.members.map((m) => m.net)).toEqual([0, 0, 0, 0]);
    expect(await payments(a)).toHaveLength(6);
  });

  it('answers 409 when the caller owes that member nothing in the view shown, recording nothing', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    const nothingYet = await ben.client.post('/api/settle-up', { toUserId: ann.user.id });
    expect(nothingYet.statusCode).toBe(409);
    expect(typeof nothingYet.json().message).toBe('string');

    await addExpense(ann, people, { amount: '30.00' });
    // The one owed has nothing to pay.
    expect((await ann.client.post('/api/settle-up', { toUserId: ben.user.id })).statusCode).toBe(409);
    expect(
      (await json<SettleUpAnswer>(ben.client.post('/api/settle-up', { toUserId: ann.user.id }))).amount,
    ).toBe(15);
    expect((await ben.client.post('/api/settle-up', { toUserId: ann.user.id })).statusCode).toBe(409);
    expect(await payments(ann)).toHaveLength(1);
    expect(await balance(ben)).toEqual(ZERO);
  });
});

describe('GET /api/balances/explain', () => {
  /** The issue's household with a payment and a settled share, for lines of both kinds. */
  async function explainedHousehold() {
    const household = await issueHousehold();
    const { a, b, c, made } = household;
    const cash = await pay(b, a, '4.00', { note: 'Cash' });
    expect((await settle(c, splitOf(made.taxi, c).id)).statusCode).toBe(200);
    return { ...household, cash };
  }

  it('explains every person-to-person debt with lines that add up exactly to it', async () => {
    const { people, a, b, d, made, cash } = await explainedHousehold();
    const shown = await balances(a);
    for (const from of people) {
      for (const to of people) {
        if (from === to) continue;
        const answer = await explain(from, from, to, 'pairwise');
        if (answer.view !== 'pairwise') throw new Error('expected a pairwise explanation');
        const label = `${from.firstName} → ${to.firstName}`;
        expect(answer.from, label).toBe(from.user.id);
        expect(answer.to, label).toBe(to.user.id);
        const sum = answer.lines.reduce((s, line) => s + cents(line.amount), 0);
        expect(sum, label).toBe(cents(answer.amount));
        const owes = shown.pairwise.find((p) => p.from === from.user.id && p.to === to.user.id);
        const owed = shown.pairwise.find((p) => p.from === to.user.id && p.to === from.user.id);
        const expected = owes ? cents(owes.amount) : owed ? -cents(owed.amount) : 0;
        expect(cents(answer.amount), label).toBe(expected);
      }
    }

    // b owes a the share of a's groceries, less the cash paid: newest first.
    const bToA = await explain(d, b, a, 'pairwise');
    expect(bToA).toEqual({
      view: 'pairwise',
      from: b.user.id,
      to: a.user.id,
      amount: '6.00',
      lines: [
        { kind: 'payment', id: cash.id, date: TODAY, note: 'Cash', amount: '-4.00' },
        { kind: 'expense', id: made.groceries.id, title: 'Groceries', date: '2026-03-10', amount: '10.00' },
      ] satisfies PairLineView[],
    });
    expect(debts(shown.pairwise)).toContainEqual(debt(b, a, 6));
    // d owes a a share of the groceries, and a owes d a share of the pizza.
    const dToA = await explain(b, d, a, 'pairwise');
    expect(dToA.amount).toBe('7.00');
    if (dToA.view !== 'pairwise') throw new Error('expected a pairwise explanation');
    expect(dToA.lines.map((l) => [l.id, l.amount]).sort()).toEqual(
      [
        [made.groceries.id, '10.00'],
        [made.pizza.id, '-3.00'],
      ].sort(),
    );
  });

  it("explains every simplified transfer: each member's paid − shares + payments made − payments received is their net", async () => {
    const { people, a, c } = await explainedHousehold();
    const shown = await balances(a);
    expect(shown.simplified.length).toBeGreaterThan(0);
    for (const transfer of shown.simplified) {
      const from = byId(people, transfer.from);
      const to = byId(people, transfer.to);
      const answer = await explain(c, from, to, 'simplified');
      if (answer.view !== 'simplified') throw new Error('expected a simplified explanation');
      expect(cents(answer.amount)).toBe(cents(transfer.amount));
      expect(typeof answer.reason).toBe('string');
      expect(answer.members.map((m) => m.userId).sort()).toEqual(people.map((p) => p.user.id).sort());
      for (const m of answer.members) {
        expect(cents(m.paid) - cents(m.shares) + cents(m.paymentsMade) - cents(m.paymentsReceived)).toBe(
          cents(m.net),
        );
        expect(cents(m.net)).toBe(cents(shown.members.find((s) => s.userId === m.userId)!.net));
      }
      expect(answer.members.reduce((s, m) => s + cents(m.net), 0)).toBe(0);
    }
    // a owes nobody: no transfer to explain.
    expect((await explain(c, a, c, 'simplified')).amount).toBe('0.00');
  });

  it("explains in the household's view when none is asked for", async () => {
    const { a, d } = await issueHousehold();
    const simplified = await explain(a, d, a);
    expect(simplified).toMatchObject({ view: 'simplified', amount: '21.00' });
    await setSimplify(d, false);
    expect(await explain(a, d, a)).toMatchObject({ view: 'pairwise', amount: '7.00' });
  });

  it('answers 400 when from and to are the same member, the view is unknown, or a member is missing', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const [ann, ben] = people as [Person, Person];
    for (const query of [
      `from=${ann.user.id}&to=${ann.user.id}`,
      `from=${ann.user.id}&to=${ben.user.id}&view=sideways`,
      `from=${ann.user.id}&to=${ben.user.id}&view=`,
      `from=${ann.user.id}`,
      `to=${ben.user.id}`,
      '',
    ]) {
      const response = await ann.client.get(`/api/balances/explain?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message, query).toBe('string');
    }
  });
});

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
      if (typeof message === 'string') expect(response.json(), what).toEqual({ message });
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

describe('sign-in and household required', () => {
  const routes: [string, (client: Client) => Promise<LightMyRequestResponse>][] = [
    ['POST /api/payments', (c) => c.post('/api/payments', { toUserId: 'someone', amount: '1.00' })],
    ['GET /api/payments', (c) => c.get('/api/payments')],
    ['DELETE /api/payments/:id', (c) => c.delete('/api/payments/some-payment')],
    ['POST /api/payments/:id/restore', (c) => c.post('/api/payments/some-payment/restore')],
    ['PATCH /api/expenses/:id', (c) => c.patch('/api/expenses/some-expense', { expense: { title: 'X' } })],
    ['DELETE /api/expenses/:id', (c) => c.delete('/api/expenses/some-expense')],
    ['POST /api/expenses/:id/restore', (c) => c.post('/api/expenses/some-expense/restore')],
    ['PATCH /api/expense-splits/:id', (c) => c.patch('/api/expense-splits/some-split', { settled: true })],
    ['POST /api/settle-up', (c) => c.post('/api/settle-up', { toUserId: 'someone' })],
    ['GET /api/trash', (c) => c.get('/api/trash')],
    ['GET /api/activity', (c) => c.get('/api/activity')],
    ['GET /api/balances/explain', (c) => c.get('/api/balances/explain?from=a&to=b')],
    ['PATCH /api/households/current', (c) => c.patch('/api/households/current', { simplifyDebts: false })],
  ];

  it('answers 401 without a session on every route', async () => {
    const anonymous = new Client(t.app);
    for (const [route, call] of routes) expect((await call(anonymous)).statusCode, route).toBe(401);
  });

  it('answers 404 to a signed-in user without a household on every route', async () => {
    const loner = await signUp(t.app);
    for (const [route, call] of routes) expect((await call(loner.client)).statusCode, route).toBe(404);
  });
});

describe('another household', () => {
  async function twoHouseholds() {
    const home = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const away = await householdWith(['Zed Zimmer', 'Yan Young']);
    const [ann, ben] = home.people as [Person, Person, Person];
    const [zed, yan] = away.people as [Person, Person];
    const expense = await addExpense(ann, home.people, { title: 'Secret sofa', amount: '412.35' });
    const trashedExpense = await addExpense(ann, home.people, { title: 'Hidden lamp', amount: '77.77' });
    expect((await ann.client.delete(`/api/expenses/${trashedExpense.id}`)).statusCode).toBe(204);
    const payment = await pay(ben, ann, '123.45', { note: 'Sofa money' });
    const trashedPayment = await pay(ben, ann, '98.76', { note: 'Lamp money' });
    expect((await ben.client.delete(`/api/payments/${trashedPayment.id}`)).statusCode).toBe(204);
    await addExpense(zed, away.people, { title: 'Own bill', amount: '10.00' });
    await pay(yan, zed, '1.00');
    const [entry] = (await activity(ann)).entries;
    const ownerView = async () => ({
      expenses: await expenses(ann),
      payments: await payments(ann),
      trash: await trash(ann),
      activity: await activity(ann),
      figures: await figures(home.people),
    });
    const secrets = [
      'Secret sofa',
      'Hidden lamp',
      'Sofa money',
      'Lamp money',
      '412.35',
      '123.45',
      '98.76',
      expense.id,
      trashedExpense.id,
      payment.id,
      trashedPayment.id,
      ann.user.id,
      ben.user.id,
      ann.user.email,
      home.household.id,
    ];
    return {
      home,
      away,
      ann,
      ben,
      zed,
      yan,
      expense,
      trashedExpense,
      payment,
      trashedPayment,
      entry,
      ownerView,
      secrets,
    };
  }

  it('cannot trash, restore or page from its payments, nor edit, trash or restore its expenses (404)', async () => {
    const { zed, ben, expense, trashedExpense, payment, trashedPayment, entry, ownerView, secrets } =
      await twoHouseholds();
    const calls = [
      (c: Client) => c.delete(`/api/payments/${payment.id}`),
      (c: Client) => c.post(`/api/payments/${trashedPayment.id}/restore`),
      (c: Client) => c.post(`/api/payments/${payment.id}/restore`),
      (c: Client) => c.get(`/api/payments?before=${payment.id}`),
      (c: Client) => c.patch(`/api/expenses/${expense.id}`, { expense: { title: 'Mine now' } }),
      (c: Client) => c.patch(`/api/expenses/${expense.id}`, { expense: { amount: '1.00' } }),
      (c: Client) =>
        c.patch(`/api/expenses/${expense.id}`, { splits: [{ userId: zed.user.id, amount: '0' }] }),
      (c: Client) => c.delete(`/api/expenses/${expense.id}`),
      (c: Client) => c.post(`/api/expenses/${trashedExpense.id}/restore`),
      (c: Client) => c.patch(`/api/expense-splits/${splitOf(expense, ben).id}`, { settled: true }),
      (c: Client) => c.get(`/api/activity?before=${entry!.id}`),
    ];
    for (const call of calls) await expectIsolated({ outsider: zed.client, call, ownerView, secrets });
  });

  it('cannot record a payment with a member of another household (400), on either side', async () => {
    const { ann, ben, zed, yan, ownerView } = await twoHouseholds();
    const before = await ownerView();
    const theirs = await payments(zed);
    for (const [by, body] of [
      [zed, { toUserId: ann.user.id, amount: '5.00' }],
      [zed, { fromUserId: ann.user.id, toUserId: zed.user.id, amount: '5.00' }],
      [ann, { toUserId: zed.user.id, amount: '5.00' }],
      [ben, { fromUserId: yan.user.id, toUserId: ben.user.id, amount: '5.00' }],
    ] as const) {
      const response = await by.client.post('/api/payments', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MEMBERS_ONLY });
    }
    expect(await ownerView()).toEqual(before);
    expect(await payments(zed)).toEqual(theirs);
  });

  it("never shows another household's payments, trash, activity or explanations", async () => {
    const { ann, ben, zed, yan, secrets } = await twoHouseholds();
    const urls = [
      '/api/payments',
      '/api/trash',
      '/api/activity',
      '/api/activity?kind=money',
      `/api/activity?memberId=${ann.user.id}`,
      '/api/balances',
      '/api/balance',
    ];
    for (const url of urls) {
      const response = await zed.client.get(url);
      expect(response.statusCode, url).toBe(200);
      for (const secret of secrets) expect(response.body, url).not.toContain(secret);
    }
    expect((await activity(zed, `?memberId=${ann.user.id}`)).entries).toEqual([]);
    expect((await payments(zed)).map((p) => [p.fromUserId, p.toUserId])).toEqual([
      [yan.user.id, zed.user.id],
    ]);
    expect(await trash(zed)).toEqual({ expenses: [], payments: [] });

    // Explaining a debt between members of another household tells nothing of them.
    for (const view of ['pairwise', 'simplified']) {
      const response = await zed.client.get(
        `/api/balances/explain?from=${ben.user.id}&to=${ann.user.id}&view=${view}`,
      );
      expect([200, 404], view).toContain(response.statusCode);
      for (const secret of secrets.filter((s) => s !== ann.user.id && s !== ben.user.id))
        expect(response.body, view).not.toContain(secret);
      if (response.statusCode === 200) {
        const answer = response.json() as ExplanationView;
        expect(answer.amount, view).toBe('0.00');
        if (answer.view === 'pairwise') expect(answer.lines).toEqual([]);
        else expect(answer.members.map((m) => m.userId).sort()).toEqual([zed.user.id, yan.user.id].sort());
      }
    }
  });
});
