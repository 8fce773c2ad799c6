// The money ledger through the API (docs/money.md): settling up in either view of the debts,
// and the explanations of each debt.

import { describe, expect, it } from 'vitest';
import type { PairLineView, SettleUpView } from '#shared/expenses/api.ts';
import {
  addExpense,
  balance,
  balances,
  cents,
  debt,
  debts,
  explain,
  json,
  type Person,
  pay,
  payments,
  setSimplify,
  settle,
  setUpLedgerApp,
  splitOf,
  TODAY,
  ZERO,
} from './ledger-setup.ts';

const t = setUpLedgerApp();
const { householdWith } = t;

const byId = (people: Person[], id: string) => people.find((p) => p.user.id === id)!;

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
    const answer = await json<SettleUpView>(
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
      (await json<SettleUpView>(ben.client.post('/api/settle-up', { toUserId: ann.user.id }))).amount,
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
