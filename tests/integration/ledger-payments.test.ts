// The money ledger through the API (docs/money.md): recording and listing payments, and the
// payment that settling a share records.

import { describe, expect, it } from 'vitest';
import type { ExpenseSplitView, PaymentView } from '#shared/expenses/api.ts';
import { paymentMessages } from '#shared/expenses/payments.ts';

import { signUp } from './helpers.ts';
import {
  activity,
  addExpense,
  balance,
  balances,
  debt,
  debts,
  expenses,
  json,
  MEMBERS_ONLY,
  NOW,
  type Person,
  pay,
  payments,
  settle,
  setUpLedgerApp,
  splitOf,
  TODAY,
  ZERO,
} from './ledger-setup.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpLedgerApp();
const { householdWith } = t;

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
      expectRefusal(response.json(), paymentMessages.amountInvalid);
    }
    const noAmount = await ben.client.post('/api/payments', { toUserId: ann.user.id });
    expect(noAmount.statusCode).toBe(400);
    expectRefusal(noAmount.json(), paymentMessages.amountInvalid);

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
      if (typeof message === 'string') expectRefusal(response.json(), message);
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

describe('PATCH /api/expense-splits/:id', () => {
  it('records a payment of the share linked to it, once however often it is settled', async () => {
    const { people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    const expense = await addExpense(ann, people, { amount: '30.00' });
    const split = splitOf(expense, ben);

    const settled = await json<ExpenseSplitView>(settle(ben, split.id));
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
    expect(await json<ExpenseSplitView>(settle(ann, split.id))).toMatchObject({
      id: split.id,
      settled: true,
    });
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
