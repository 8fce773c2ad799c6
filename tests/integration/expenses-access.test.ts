// Expenses through the API: signed out, outside a household, and another household's expenses.
import { describe, expect, it } from 'vitest';
import {
  addExpense,
  balance,
  balances,
  list,
  payload,
  receiptPng,
  settle,
  setUpExpensesApp,
  splitOf,
  uploadReceipt,
} from './expenses-setup.ts';
import { Client, multipart, signUp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

const t = setUpExpensesApp();
const { householdWith, rowCounts } = t;

describe('sign-in and household required', () => {
  const routes: [string, string, (client: Client) => Promise<{ statusCode: number }>][] = [
    ['GET', '/api/expenses', (c) => c.get('/api/expenses')],
    ['POST', '/api/expenses', (c) => c.post('/api/expenses', { expense: { title: 'X' }, splits: [] })],
    ['DELETE', '/api/expenses/:id', (c) => c.delete('/api/expenses/some-expense')],
    ['PATCH', '/api/expense-splits/:id', (c) => c.patch('/api/expense-splits/some-split', { settled: true })],
    ['GET', '/api/balance', (c) => c.get('/api/balance')],
    ['GET', '/api/balances', (c) => c.get('/api/balances')],
    ['GET', '/api/balance/simplified', (c) => c.get('/api/balance/simplified')],
    ['POST', '/api/settle-up', (c) => c.post('/api/settle-up', { toUserId: 'someone' })],
    [
      'POST',
      '/api/expenses/:id/receipt',
      async (c) =>
        uploadReceipt(c, 'some-expense', multipart('receipt', 'till.png', 'image/png', await receiptPng())),
    ],
    ['GET', '/api/expenses/export.csv', (c) => c.get('/api/expenses/export.csv')],
    ['GET', '/api/export.json', (c) => c.get('/api/export.json')],
  ];

  it('answers 401 without a session on every route', async () => {
    const anonymous = new Client(t.app);
    for (const [method, path, call] of routes) {
      expect((await call(anonymous)).statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 404 to a signed-in user without a household on every route, writing nothing', async () => {
    const loner = await signUp(t.app);
    const before = await rowCounts();
    for (const [method, path, call] of routes) {
      expect((await call(loner.client)).statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('shuts out a member who has left: 404 on the old expenses, and nothing changes', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const expense = await addExpense(ann, people);
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    const before = await list(ann);
    expect((await ben.client.get('/api/expenses')).statusCode).toBe(404);
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(404);
    expect((await ben.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(404);
    expect((await ben.client.post('/api/settle-up', { toUserId: ann.user.id })).statusCode).toBe(404);
    expect(await list(ann)).toEqual(before);
  });
});

describe('another household', () => {
  async function twoHouseholds() {
    const home = await householdWith(['Ann Archer', 'Ben Baker']);
    const away = await householdWith(['Zed Zimmer', 'Yan Young']);
    const [ann, ben] = [home.admin, home.others[0]!];
    const expense = await addExpense(ann, home.people, {
      title: 'Secret sofa',
      description: 'Velvet, from the auction',
      amount: '412.34',
    });
    await addExpense(away.admin, away.people, { title: 'Own bill' });
    const ownerView = async () => ({
      expenses: await list(ann),
      balance: await balance(ben),
      balances: await balances(ann),
      csv: (await ann.client.get('/api/expenses/export.csv')).body,
      counts: await rowCounts(),
    });
    const secrets = [
      expense.title,
      expense.description!,
      '412.34',
      '206.17',
      ann.user.id,
      ben.user.id,
      ann.user.email,
      home.household.id,
    ];
    return { home, away, ann, ben, outsider: away.admin, expense, ownerView, secrets };
  }

  it('cannot delete, settle, attach a receipt to or page from an expense it does not own (404)', async () => {
    const { outsider, ann, ben, expense, ownerView, secrets } = await twoHouseholds();
    const png = await receiptPng();
    const calls = [
      (c: Client) => c.delete(`/api/expenses/${expense.id}`),
      (c: Client) => c.patch(`/api/expense-splits/${splitOf(expense, ben).id}`, { settled: true }),
      (c: Client) => c.patch(`/api/expense-splits/${splitOf(expense, ann).id}`, { settled: true }),
      (c: Client) => c.patch(`/api/expense-splits/${splitOf(expense, ben).id}`, { settled: false }),
      (c: Client) => uploadReceipt(c, expense.id, multipart('receipt', 'till.png', 'image/png', png)),
      (c: Client) => c.post('/api/settle-up', { toUserId: ann.user.id }),
      (c: Client) => c.get(`/api/expenses?before=${expense.id}`),
    ];
    for (const call of calls) {
      await expectIsolated({ outsider: outsider.client, call, ownerView, secrets });
    }
    // And the other way round: the owner cannot settle up with the outsider either.
    await expectIsolated({
      outsider: ann.client,
      call: (c) => c.post('/api/settle-up', { toUserId: outsider.user.id }),
      ownerView,
      secrets: [outsider.user.email],
    });
  });

  it('never shows another household’s expenses in its lists, balances or exports', async () => {
    const { away, outsider, expense, secrets } = await twoHouseholds();
    for (const url of [
      '/api/expenses',
      '/api/balance',
      '/api/balances',
      '/api/balance/simplified',
      '/api/expenses/export.csv',
      '/api/export.json',
    ]) {
      const response = await outsider.client.get(url);
      expect(response.statusCode, url).toBe(200);
      for (const secret of [...secrets, expense.id, ...expense.splits.map((s) => s.id)]) {
        expect(response.body, url).not.toContain(secret);
      }
    }
    expect((await list(outsider)).map((e) => e.title)).toEqual(['Own bill']);
    expect(await balance(away.others[0]!)).toEqual({ totalOwed: 0, totalOwing: 15, net: -15 });
  });

  it('cannot name a member of another household as payer or in a split (400, nothing written)', async () => {
    const { outsider, away, ann, ben, ownerView } = await twoHouseholds();
    const before = await ownerView();
    for (const body of [
      payload(ann, away.people),
      payload(outsider, [...away.people, ben]),
      payload(outsider, [ann]),
    ]) {
      const response = await outsider.client.post('/api/expenses', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The payer and everyone in the split must be members of your household',
        code: 'expense.members_only',
      });
      expect(response.body).not.toContain(ann.user.email);
    }
    expect(await ownerView()).toEqual(before);
    expect((await list(outsider)).map((e) => e.title)).toEqual(['Own bill']);
  });
});
