// The money ledger through the API (docs/money.md): signed out, outside a household, and another
// household's payments, trash, activity and explanations.

import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ExplanationView } from '#shared/expenses/api.ts';
import { Client, signUp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';
import {
  activity,
  addExpense,
  expenses,
  figures,
  MEMBERS_ONLY,
  type Person,
  pay,
  payments,
  setUpLedgerApp,
  splitOf,
  trash,
} from './ledger-setup.ts';

const t = setUpLedgerApp();
const { householdWith } = t;

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
    ['GET /api/expenses/exchange-rates', (c) => c.get('/api/expenses/exchange-rates')],
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
      expect(response.json()).toEqual({ message: MEMBERS_ONLY, code: 'payment.members_only' });
    }
    expect(await ownerView()).toEqual(before);
    expect(await payments(zed)).toEqual(theirs);
  });

  it("never shows another household's payments, trash, activity or explanations", async () => {
    const { ann, ben, zed, yan, secrets } = await twoHouseholds();
    const urls = [
      '/api/payments',
      '/api/trash',
      '/api/expenses/exchange-rates',
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
