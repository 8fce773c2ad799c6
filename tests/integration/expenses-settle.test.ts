// Expenses through the API: settling a share, and settling up with a member.

import { describe, expect, it } from 'vitest';
import type { SettleUpView } from '#shared/expenses/api.ts';
import {
  addExpense,
  balance,
  balances,
  cents,
  list,
  NOW,
  payments,
  settle,
  setUpExpensesApp,
  simplify,
  splitOf,
} from './expenses-setup.ts';
import { signUp } from './helpers.ts';

const t = setUpExpensesApp();
const { householdWith, rowCounts } = t;

describe('PATCH /api/expense-splits/:id', () => {
  it("lets the split's member or the payer settle it (200), once, with the time it happened", async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const expense = await addExpense(ann, people);

    t.clock = NOW + 60_000;
    const byMember = await settle(ben, splitOf(expense, ben).id);
    expect(byMember.statusCode).toBe(200);
    expect(byMember.json()).toMatchObject({
      id: splitOf(expense, ben).id,
      userId: ben.user.id,
      amount: '10.00',
      settled: true,
      settledAt: new Date(NOW + 60_000).toISOString(),
    });

    t.clock = NOW + 120_000;
    const byPayer = await settle(ann, splitOf(expense, cat).id);
    expect(byPayer.statusCode).toBe(200);
    expect(byPayer.json()).toMatchObject({ userId: cat.user.id, settled: true });

    // Settling again changes nothing, not even the time.
    t.clock = NOW + 180_000;
    const again = await settle(ben, splitOf(expense, ben).id);
    expect(again.statusCode).toBe(200);
    expect(again.json().settledAt).toBe(new Date(NOW + 60_000).toISOString());

    const [after] = await list(cat);
    expect(after!.splits.every((s) => s.settled)).toBe(true);
    expect(after).toMatchObject({ settledPercent: 100, fullySettled: true });
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    // Each settling recorded one payment of that share to the payer, linked to it, by whoever
    // settled it; settling again recorded nothing.
    expect(await payments(ben)).toEqual([
      {
        id: expect.any(String),
        fromUserId: cat.user.id,
        toUserId: ann.user.id,
        amount: '10.00',
        date: '2026-03-11',
        note: null,
        splitIds: [splitOf(expense, cat).id],
        createdBy: ann.user.id,
        createdAt: new Date(NOW + 120_000).toISOString(),
        deletedAt: null,
      },
      {
        id: expect.any(String),
        fromUserId: ben.user.id,
        toUserId: ann.user.id,
        amount: '10.00',
        date: '2026-03-11',
        note: null,
        splitIds: [splitOf(expense, ben).id],
        createdBy: ben.user.id,
        createdAt: new Date(NOW + 60_000).toISOString(),
        deletedAt: null,
      },
    ]);
  });

  it('refuses a third member (403), un-settling (400) and the payer’s own share (400)', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const expense = await addExpense(ann, people);
    const view = async () => ({ list: await list(ann), counts: await rowCounts() });
    const before = await view();

    const third = await settle(cat, splitOf(expense, ben).id);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({
      message: 'Only the payer or the member who owes it can settle a split',
      code: 'expense.settle_not_allowed',
    });

    for (const by of [ann, ben]) {
      const unsettle = await by.client.patch(`/api/expense-splits/${splitOf(expense, ben).id}`, {
        settled: false,
      });
      expect(unsettle.statusCode).toBe(400);
      expect(unsettle.json()).toEqual({
        message: 'A settled split cannot be unsettled',
        code: 'expense.cannot_unsettle',
      });
    }

    for (const by of [ann, ben]) {
      const own = await settle(by, splitOf(expense, ann).id);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({
        message: "The payer's own share has nothing to settle",
        code: 'expense.payer_share',
      });
    }

    for (const body of [{}, { settled: 'yes' }, { settled: 1 }, null]) {
      const response = await ben.client.request({
        method: 'PATCH',
        url: `/api/expense-splits/${splitOf(expense, ben).id}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await view()).toEqual(before);

    // Once settled, it stays settled.
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(200);
    const back = await ann.client.patch(`/api/expense-splits/${splitOf(expense, ben).id}`, {
      settled: false,
    });
    expect(back.statusCode).toBe(400);
    expect(splitOf((await list(ann))[0]!, ben).settled).toBe(true);
  });

  it('answers 404 for an unknown split', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    const response = await settle(ann, 'no-such-split');
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('POST /api/settle-up', () => {
  it("person to person: pays the pair's debt in one payment, settling those shares and nobody else's", async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const rent = await addExpense(ann, people, { title: 'Rent', amount: '30.00' });
    const power = await addExpense(ann, [ann, ben], { title: 'Power', amount: '7.01' });
    const snacks = await addExpense(cat, [ben, cat], { title: 'Snacks', amount: '4.00' });
    await simplify(cat, false);

    t.clock = NOW + 5_000;
    const response = await ben.client.post('/api/settle-up', { toUserId: ann.user.id });
    expect(response.statusCode).toBe(200);
    const answer: SettleUpView = response.json();
    expect(answer).toEqual({
      payment: {
        id: expect.any(String),
        fromUserId: ben.user.id,
        toUserId: ann.user.id,
        amount: '13.50',
        date: '2026-03-11',
        note: null,
        splitIds: [splitOf(rent, ben).id, splitOf(power, ben).id].sort(),
        createdBy: ben.user.id,
        createdAt: new Date(NOW + 5_000).toISOString(),
        deletedAt: null,
      },
      amount: 13.5,
      settledSplits: 2,
    });
    expect(await payments(cat)).toEqual([answer.payment]);

    const byId = new Map((await list(ann)).map((e) => [e.id, e]));
    expect(splitOf(byId.get(rent.id)!, ben)).toMatchObject({
      settled: true,
      settledAt: new Date(NOW + 5_000).toISOString(),
    });
    expect(splitOf(byId.get(power.id)!, ben).settled).toBe(true);
    expect(splitOf(byId.get(rent.id)!, cat).settled).toBe(false);
    expect(splitOf(byId.get(snacks.id)!, ben).settled).toBe(false);

    const b = await balances(ann);
    expect(
      b.pairwise.filter((d) => [d.from, d.to].sort().join() === [ann.user.id, ben.user.id].sort().join()),
    ).toEqual([]);
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 2, net: -2 });
    expect(await balance(ann)).toEqual({ totalOwed: 10, totalOwing: 0, net: 10 });

    const nothing = await ben.client.post('/api/settle-up', { toUserId: ann.user.id });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({
      message: 'You owe this member nothing in the balances shown',
      code: 'balance.nothing_owed',
    });
    expect(await payments(ann)).toEqual([answer.payment]);
  });

  it('simplified (the default): pays the transfer shown, which may cover debts to someone else', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const rent = await addExpense(ann, people, { title: 'Rent', amount: '30.00' });
    const power = await addExpense(ann, [ann, ben], { title: 'Power', amount: '7.01' });
    const snacks = await addExpense(cat, [ben, cat], { title: 'Snacks', amount: '4.00' });
    // Nets: Ann +23.50, Ben −15.50 (10.00 + 3.50 to Ann, 2.00 to Cat), Cat −8.00.
    expect((await balances(ben)).simplified.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual([
      { from: ben.user.id, to: ann.user.id, amount: 15.5 },
      { from: cat.user.id, to: ann.user.id, amount: 8 },
    ]);

    const response = await ben.client.post('/api/settle-up', { toUserId: ann.user.id });
    expect(response.statusCode).toBe(200);
    // The payment is linked to the whole shares it covers, oldest first: Rent and Power.
    expect(response.json()).toMatchObject({
      payment: {
        fromUserId: ben.user.id,
        toUserId: ann.user.id,
        amount: '15.50',
        splitIds: [splitOf(rent, ben).id, splitOf(power, ben).id].sort(),
      },
      amount: 15.5,
      settledSplits: 2,
    });
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    expect(await balance(ann)).toEqual({ totalOwed: 8, totalOwing: 0, net: 8 });
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 8, net: -8 });
    // Ben owes Cat nothing in the view shown, though his share of Snacks is not linked to a payment.
    const toCat = await ben.client.post('/api/settle-up', { toUserId: cat.user.id });
    expect(toCat.statusCode).toBe(409);
    expect(splitOf((await list(ann)).find((e) => e.id === snacks.id)!, ben).settled).toBe(false);
    expect(await payments(cat)).toHaveLength(1);
  });

  it('pays what the pair nets to: a debt the other way round is taken off first', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const owed = await addExpense(ann, [ann, ben], { amount: '20.00' });
    const reverse = await addExpense(ben, [ann, ben], { amount: '6.00' });
    // Ben owes Ann 10.00 and Ann owes Ben 3.00: Ben pays 7.00, which covers no whole share.
    const response = await ben.client.post('/api/settle-up', { toUserId: ann.user.id });
    expect(response.statusCode).toBe(200);
    const answer: SettleUpView = response.json();
    expect(answer).toEqual({
      payment: {
        id: expect.any(String),
        fromUserId: ben.user.id,
        toUserId: ann.user.id,
        amount: '7.00',
        date: '2026-03-11',
        note: null,
        splitIds: [],
        createdBy: ben.user.id,
        createdAt: new Date(NOW).toISOString(),
        deletedAt: null,
      },
      amount: 7,
      settledSplits: 0,
    });
    expect(await payments(ann)).toEqual([answer.payment]);
    for (const on of [true, false]) {
      await simplify(ann, on);
      expect(await balances(ben)).toMatchObject({ simplified: [], pairwise: [] });
      expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
      expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
      for (const [from, to] of [
        [ben, ann],
        [ann, ben],
      ] as const)
        expect((await from.client.post('/api/settle-up', { toUserId: to.user.id })).statusCode).toBe(409);
    }
    const shares = await list(ann);
    expect(splitOf(shares.find((e) => e.id === owed.id)!, ben).settled).toBe(false);
    expect(splitOf(shares.find((e) => e.id === reverse.id)!, ann).settled).toBe(false);
  });

  it('refuses oneself (400), a non-member (404) and a missing member id (400), changing nothing', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const loner = await signUp(t.app, { firstName: 'Dee' });
    await addExpense(ann, people);
    const before = await rowCounts();

    const self = await ben.client.post('/api/settle-up', { toUserId: ben.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      message: 'You cannot settle up with yourself',
      code: 'balance.settle_with_self',
    });

    for (const toUserId of ['no-such-user', loner.user.id]) {
      const response = await ben.client.post('/api/settle-up', { toUserId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: 'No such member in your household',
        code: 'household.no_such_member',
      });
    }
    for (const body of [{}, { toUserId: '' }, { toUserId: 7 }]) {
      expect((await ben.client.post('/api/settle-up', body)).statusCode).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 15, net: -15 });
  });

  it('pays the debt once when the same member settles up twice at the same moment', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const ben = others[0]!;
    let owedCents = 0;
    // Several rounds: on PostgreSQL the two requests really overlap, and each round is a chance
    // for both to read the same debt and pay it twice.
    for (let round = 0; round < 5; round++) {
      let roundCents = 0;
      for (let i = 0; i < 4; i++) {
        const expense = await addExpense(ann, people, { title: `Bill ${round}.${i}`, amount: `${3 + i}.00` });
        roundCents += cents(splitOf(expense, ben).amount);
      }
      owedCents += roundCents;
      const answers = await Promise.all([
        ben.client.post('/api/settle-up', { toUserId: ann.user.id }),
        ben.client.post('/api/settle-up', { toUserId: ann.user.id }),
      ]);
      // One pays what Ben owes; the other finds nothing left to pay.
      expect(answers.map((a) => a.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
      const paid = answers.find((a) => a.statusCode === 200)!.json() as SettleUpView;
      expect(paid, `round ${round}`).toMatchObject({
        amount: roundCents / 100,
        settledSplits: 4,
        payment: { fromUserId: ben.user.id, toUserId: ann.user.id },
      });
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
        message: 'You owe this member nothing in the balances shown',
        code: 'balance.nothing_owed',
      });
      // Never overpaid: Ben owes nothing and is owed nothing.
      expect(await balance(ben), `round ${round}`).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    }

    // The recorded payments add up to what was owed, once.
    const recorded = await payments(ann);
    expect(recorded).toHaveLength(5);
    expect(recorded.every((p) => p.fromUserId === ben.user.id && cents(p.amount) > 0)).toBe(true);
    expect(recorded.reduce((sum, p) => sum + cents(p.amount), 0)).toBe(owedCents);
    expect((await list(ann)).every((e) => splitOf(e, ben).settled)).toBe(true);
  });
});
