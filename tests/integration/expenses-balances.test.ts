// Expenses through the API: the balances, in the simplified and the person-to-person view.

import { describe, expect, it } from 'vitest';
import type { HouseholdBalancesView } from '#shared/expenses/api.ts';
import {
  addExpense,
  balance,
  balances,
  type Person,
  settle,
  setUpExpensesApp,
  simplify,
  splitOf,
} from './expenses-setup.ts';

const t = setUpExpensesApp();
const { householdWith } = t;

const netOf = (b: HouseholdBalancesView, person: Person) =>
  b.members.find((m) => m.userId === person.user.id)?.net ?? 0;

describe('GET /api/balance', () => {
  it('A pays 30.00 split three ways: A is owed 20, B and C owe 10 each, as numbers', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const totals = async () => Promise.all(people.map((p) => balance(p)));
    for (const person of people)
      expect(await balance(person)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    const expense = await addExpense(ann, people);
    expect(await totals()).toEqual([
      { totalOwed: 20, totalOwing: 0, net: 20 },
      { totalOwed: 0, totalOwing: 10, net: -10 },
      { totalOwed: 0, totalOwing: 10, net: -10 },
    ]);

    // Cat pays 23.00 for Ann and herself: Ann owes Cat 11.50, Cat owes Ann 10.00.
    // Nets: Ann +8.50, Ben −10.00, Cat +1.50; cents come through as fractions.
    await addExpense(cat, [ann, cat], { amount: '23.00' });
    // Simplified (the default): Ben pays Ann 8.50 and Cat 1.50, so nobody both owes and is owed.
    const simplified = [
      { totalOwed: 8.5, totalOwing: 0, net: 8.5 },
      { totalOwed: 0, totalOwing: 10, net: -10 },
      { totalOwed: 1.5, totalOwing: 0, net: 1.5 },
    ];
    expect(await totals()).toEqual(simplified);
    // Person to person: Ben owes Ann 10.00 and Ann owes Cat 1.50 (11.50 − 10.00). Owed and owing
    // are reported separately, not netted; the net is the same in either view.
    await simplify(ben, false);
    expect(await totals()).toEqual([
      { totalOwed: 10, totalOwing: 1.5, net: 8.5 },
      { totalOwed: 0, totalOwing: 10, net: -10 },
      { totalOwed: 1.5, totalOwing: 0, net: 1.5 },
    ]);

    // Ben settles his share: his payment of 10.00 clears what he owed Ann, in both views.
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(200);
    const settled = [
      { totalOwed: 0, totalOwing: 1.5, net: -1.5 },
      { totalOwed: 0, totalOwing: 0, net: 0 },
      { totalOwed: 1.5, totalOwing: 0, net: 1.5 },
    ];
    expect(await totals()).toEqual(settled);
    await simplify(cat, true);
    expect(await totals()).toEqual(settled);
  });
});

describe('GET /api/balances', () => {
  it('nets members, simplifies a chain to at most n − 1 transfers that zero every balance', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    // Ben owes Ann 10, Cat owes Ben 10: a chain the simplified view shortens to Cat → Ann.
    const first = await addExpense(ann, [ann, ben], { amount: '20.00', title: 'Ann paid' });
    const second = await addExpense(ben, [ben, cat], { amount: '20.00', title: 'Ben paid' });
    let b = await balances(cat);
    expect(netOf(b, ann)).toBe(10);
    expect(netOf(b, ben)).toBe(0);
    expect(netOf(b, cat)).toBe(-10);
    expect(b.simplified).toEqual([
      { from: cat.user.id, to: ann.user.id, amount: 10, expenseIds: expect.any(Array) },
    ]);
    expect(b.simplified[0]!.expenseIds.sort()).toEqual([first.id, second.id].sort());
    expect(b.pairwise).toEqual(
      expect.arrayContaining([
        { from: ben.user.id, to: ann.user.id, amount: 10, expenseIds: expect.arrayContaining([first.id]) },
        { from: cat.user.id, to: ben.user.id, amount: 10, expenseIds: expect.arrayContaining([second.id]) },
      ]),
    );
    expect(b.pairwise).toHaveLength(2);

    // Cat pays 6.00 for all three: every balance moves, still at most two transfers.
    const third = await addExpense(cat, people, { amount: '6.00', title: 'Cat paid' });
    b = await balances(ann);
    expect(Object.fromEntries(people.map((p) => [p.firstName, netOf(b, p)]))).toEqual({
      Ann: 8,
      Ben: -2,
      Cat: -6,
    });
    expect(b.members.reduce((sum, m) => sum + Math.round(m.net * 100), 0)).toBe(0);
    expect(b.simplified.length).toBeLessThanOrEqual(people.length - 1);
    const after = new Map(b.members.map((m) => [m.userId, Math.round(m.net * 100)]));
    for (const transfer of b.simplified) {
      expect(transfer.amount).toBeGreaterThan(0);
      expect(transfer.expenseIds.length).toBeGreaterThan(0);
      for (const id of transfer.expenseIds) expect([first.id, second.id, third.id]).toContain(id);
      after.set(transfer.from, (after.get(transfer.from) ?? 0) + Math.round(transfer.amount * 100));
      after.set(transfer.to, (after.get(transfer.to) ?? 0) - Math.round(transfer.amount * 100));
    }
    expect([...after.values()].every((c) => c === 0)).toBe(true);
    // Person to person, each pair netted once: Ben owes Ann 10, Cat owes Ben 10 − 2, Ann owes Cat 2.
    expect(b.pairwise.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual(
      expect.arrayContaining([
        { from: ben.user.id, to: ann.user.id, amount: 10 },
        { from: cat.user.id, to: ben.user.id, amount: 8 },
        { from: ann.user.id, to: cat.user.id, amount: 2 },
      ]),
    );
    expect(b.pairwise).toHaveLength(3);
    // Every member sees the same view.
    expect(await balances(ben)).toEqual(b);

    expect(b.simplifyDebts).toBe(true);

    // The largest debtor pays the largest creditor: Cat pays Ann 6, then Ben pays Ann 2.
    expect(b.simplified.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual([
      { from: cat.user.id, to: ann.user.id, amount: 6 },
      { from: ben.user.id, to: ann.user.id, amount: 2 },
    ]);

    // Settling up in the default view pays those transfers and brings every net to 0 …
    for (const [from, amount] of [
      [cat, 6],
      [ben, 2],
    ] as const) {
      const response = await from.client.post('/api/settle-up', { toUserId: ann.user.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ amount, payment: { fromUserId: from.user.id } });
    }
    b = await balances(cat);
    expect(b.simplified).toEqual([]);
    expect(b.members.every((m) => m.net === 0)).toBe(true);
    for (const person of people)
      expect(await balance(person)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    // … and leaves a loop of equal person-to-person debts (Cat paid Ann 6.00, Ben paid Ann 2.00):
    // Ben owes Ann 10 − 2, Cat owes Ben 8, Ann owes Cat 2 + 6.
    expect(b.pairwise.map(({ from, to, amount }) => ({ from, to, amount }))).toEqual(
      expect.arrayContaining([
        { from: ben.user.id, to: ann.user.id, amount: 8 },
        { from: cat.user.id, to: ben.user.id, amount: 8 },
        { from: ann.user.id, to: cat.user.id, amount: 8 },
      ]),
    );
    expect(b.pairwise).toHaveLength(3);

    // Person to person, everyone sees the loop, and three payments of 8.00 clear it.
    await simplify(ann, false);
    for (const person of people)
      expect(await balance(person)).toEqual({ totalOwed: 8, totalOwing: 8, net: 0 });
    for (const [from, to] of [
      [ben, ann],
      [cat, ben],
      [ann, cat],
    ] as const) {
      const response = await from.client.post('/api/settle-up', { toUserId: to.user.id });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ amount: 8, payment: { amount: '8.00' } });
    }
    b = await balances(cat);
    expect(b).toMatchObject({ simplifyDebts: false, simplified: [], pairwise: [] });
    expect(b.members.every((m) => m.net === 0)).toBe(true);
    for (const person of people)
      expect(await balance(person)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    // Nothing is left to settle in either direction.
    expect((await ben.client.post('/api/settle-up', { toUserId: cat.user.id })).statusCode).toBe(409);
  });
});
