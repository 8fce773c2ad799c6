import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { fileHash, readSplitwise } from '#server/features/imports/parse.ts';
import { acceptImport } from '#server/features/imports/queries.ts';
import {
  planImport,
  SPLITWISE_MAX_BYTES,
  SPLITWISE_MAX_PROBLEMS,
  SPLITWISE_MAX_ROWS,
} from '#shared/imports/splitwise.ts';
import { Client, createTestApp, PASSWORD, signUp, type TestApp, testConfig } from './helpers.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const GROUP = fixture('splitwise-group.csv');
const SMALL = fixture('splitwise-small.csv');
const TRUNCATED = fixture('splitwise-truncated.csv');
const CURRENCIES = fixture('splitwise-currencies.csv');

const NOW = Date.parse('2026-03-11T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

interface Person {
  client: Client;
  user: { id: string };
}

/** "First Last" people; the first creates the household (in US dollars unless told) and the others join. */
async function householdWith(names: string[], currency = 'USD') {
  const people: Person[] = [];
  for (const name of names) {
    const [firstName = name, lastName = 'Tester'] = name.split(' ');
    people.push(await signUp(t.app, { firstName, lastName }));
  }
  const created = await people[0]!.client.post('/api/households', { name: `${names[0]}'s place`, currency });
  expect(created.statusCode).toBe(201);
  const { inviteCode } = created.json() as { inviteCode: string };
  for (const other of people.slice(1)) {
    expect((await other.client.post('/api/households/join', { inviteCode })).statusCode).toBe(200);
  }
  return people;
}

async function counts(client: Client) {
  const expenses = (await client.get('/api/expenses')).json() as unknown[];
  const balances = (await client.get('/api/balances')).json() as {
    members: { userId: string; net: number }[];
  };
  // Everyone in the household is listed; those at 0 say nothing about the import.
  return { expenses: expenses.length, balances: balances.members.filter((m) => m.net !== 0) };
}

interface Accepted {
  id: string;
  state: 'importing' | 'done';
  expenses: number;
  payments: number;
  skippedRows: number;
  carriedOver: number;
}

/** What the web app does after a 202: asks until the server has written the import. */
async function untilWritten(client: Client, accepted: Accepted): Promise<Accepted> {
  for (;;) {
    const response = await client.get(`/api/import/splitwise/${accepted.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const state = response.json() as Accepted;
    if (state.state === 'done') return state;
    await sleep(10);
  }
}

/** Posts an import, expects it accepted (202) and waits until it is written. */
async function imported(client: Client, body: unknown): Promise<{ accepted: Accepted; written: Accepted }> {
  const response = await client.post('/api/import/splitwise', body);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
  const accepted = response.json() as Accepted;
  expect(response.headers.location).toBe(`/api/import/splitwise/${accepted.id}`);
  return { accepted, written: await untilWritten(client, accepted) };
}

describe('Splitwise import: authorisation', () => {
  it('answers 401 when signed out and 404 outside a household, on both steps', async () => {
    const anonymous = new Client(t.app);
    const { client: loner } = await signUp(t.app);
    for (const url of ['/api/import/splitwise/preview', '/api/import/splitwise']) {
      const body = { csv: SMALL, mapping: {} };
      expect((await anonymous.post(url, body)).statusCode).toBe(401);
      const response = await loner.post(url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('You are not in a household');
    }
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const { accepted } = await imported(ann!.client, {
      csv: SMALL,
      mapping: { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id },
    });
    const status = `/api/import/splitwise/${accepted.id}`;
    expect((await anonymous.get(status)).statusCode).toBe(401);
    expect((await loner.get(status)).json().message).toBe('You are not in a household');
    // Another household learns nothing about it, not even that it exists.
    const [stranger] = await householdWith(['Zed Stranger']);
    const foreign = await stranger!.client.get(status);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('There is no such import in your household');
    expect((await bo!.client.get(status)).statusCode).toBe(200);
  });
});

describe('Splitwise import: preview', () => {
  it('finds people, suggests members, counts rows and totals each currency', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const response = await ann!.client.post('/api/import/splitwise/preview', { csv: GROUP });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      people: [
        { name: 'Ann Lee', suggestedUserId: ann!.user.id },
        { name: 'Bo Chen', suggestedUserId: bo!.user.id },
        { name: 'Cy Diaz', suggestedUserId: null },
      ],
      currency: 'USD',
      expenseCount: 5,
      paymentCount: 1,
      dateRange: { from: '2024-03-01', to: '2024-03-06' },
      total: '215.00',
      finalBalances: [
        { name: 'Ann Lee', amount: -5 },
        { name: 'Bo Chen', amount: 0 },
        { name: 'Cy Diaz', amount: 5 },
      ],
      balancesMatch: true,
      householdCurrency: 'USD',
      currencies: [
        {
          currency: 'USD',
          expenseCount: 4,
          paymentCount: 1,
          total: '215.00',
          needsRate: false,
          finalBalances: [-5, 0, 5],
          balancesMatch: true,
        },
        {
          currency: 'EUR',
          expenseCount: 1,
          paymentCount: 0,
          total: '30.00',
          needsRate: true,
          finalBalances: [20, -10, -10],
          balancesMatch: true,
        },
      ],
      problems: [],
      problemCount: 0,
    });
    // A preview writes nothing.
    expect((await counts(ann!.client)).expenses).toBe(0);
  });

  it('answers 400 with a clear message for a truncated or foreign file', async () => {
    const [ann] = await householdWith(['Ann Lee']);
    const cut = await ann!.client.post('/api/import/splitwise/preview', { csv: TRUNCATED });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/cut off or damaged/);
    const lastLineMissing = GROUP.split('\n').slice(0, 9).join('\n');
    const short = await ann!.client.post('/api/import/splitwise/preview', { csv: lastLineMissing });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/ends with a 'Total balance' line/);
    const foreign = await ann!.client.post('/api/import/splitwise/preview', { csv: 'name,email\nAnn,a@x\n' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/not a Splitwise export/);
    const huge = `${GROUP}${' '.repeat(2 * 1024 * 1024)}`;
    const tooBig = await ann!.client.post('/api/import/splitwise/preview', { csv: huge });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is too large (the limit is 2 MB)');
    const empty = await ann!.client.post('/api/import/splitwise/preview', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/csv/);
  });
});

describe('Splitwise import: import', () => {
  it('imports expenses and payments; balances equal the file’s final balances; a second import is 409', async () => {
    const [ann, bo, cy] = await householdWith(['Ann Lee', 'Bo Chen', 'Cy Diaz']);
    const mapping = { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id, 'Cy Diaz': cy!.user.id };
    const { accepted, written } = await imported(bo!.client, { csv: GROUP, mapping, rates: { EUR: '1.10' } });
    // Every row has one payer and everyone is mapped: the ledger adds up to the file by itself.
    const counted = { expenses: 5, payments: 1, skippedRows: 0, carriedOver: 0 };
    expect(accepted).toEqual({ id: expect.any(String), state: 'importing', ...counted });
    expect(written).toEqual({ id: accepted.id, state: 'done', ...counted });

    const expenses = (await cy!.client.get('/api/expenses')).json() as {
      title: string;
      description: string | null;
      category: string;
      amount: string;
      date: string;
      paidBy: string;
      splits: { userId: string; amount: string; settled: boolean }[];
    }[];
    const byTitle = new Map(expenses.map((e) => [e.title, e]));
    expect([...byTitle.keys()].sort()).toEqual(
      ['Dinner at "Luigi\'s" with wine', 'Electricity', 'Groceries, big shop', 'Museum', 'Taxi home'].sort(),
    );
    expect(byTitle.get('Groceries, big shop')).toMatchObject({
      amount: '90.00',
      category: 'groceries',
      date: '2024-03-01',
      paidBy: ann!.user.id,
    });
    const dinner = byTitle.get('Dinner at "Luigi\'s" with wine')!;
    expect(dinner).toMatchObject({
      paidBy: bo!.user.id,
      category: 'dining',
      description: 'Dinner at "Luigi\'s"\nwith wine',
    });
    expect(Object.fromEntries(dinner.splits.map((s) => [s.userId, s.amount]))).toEqual({
      [ann!.user.id]: '15.00',
      [bo!.user.id]: '15.00',
      [cy!.user.id]: '15.00',
    });
    expect(byTitle.get('Electricity')!.category).toBe('electric');
    expect(byTitle.get('Taxi home')).toMatchObject({ category: 'transportation', paidBy: cy!.user.id });
    expect(byTitle.get('Museum')).toMatchObject({
      amount: '33.00',
      original: { currency: 'EUR', amount: '30.00', exchangeRate: '1.1' },
    });

    // The balance queries agree with the file's Total balance lines: USD -5, 0, 5 and EUR 20,
    // -10, -10 at 1.10 dollars a euro.
    const { balances } = await counts(ann!.client);
    const net = (id: string) => balances.find((m) => m.userId === id)?.net ?? 0;
    expect([net(ann!.user.id), net(bo!.user.id), net(cy!.user.id)]).toEqual([17, -11, -6]);
    expect((await ann!.client.get('/api/balance')).json()).toEqual({ totalOwed: 17, totalOwing: 0, net: 17 });
    // Splitwise's payment is a payment of the ledger.
    const payments = (await ann!.client.get('/api/payments')).json() as {
      fromUserId: string;
      toUserId: string;
      amount: string;
      note: string;
    }[];
    expect(payments).toMatchObject([
      { fromUserId: bo!.user.id, toUserId: ann!.user.id, amount: '30.00', note: 'Imported from Splitwise' },
    ]);

    // The same file again (even saved with Windows line endings) is refused, and nothing changes.
    const before = await counts(ann!.client);
    for (const csv of [GROUP, GROUP.replace(/\n/g, '\r\n')]) {
      const again = await ann!.client.post('/api/import/splitwise', { csv, mapping, rates: { EUR: '1.10' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This file has already been imported into your household');
    }
    expect(await counts(ann!.client)).toEqual(before);
  });

  it('two imports of one file at the same time: one 202, one 409', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const mapping = { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id };
    const answers = await Promise.all([
      ann!.client.post('/api/import/splitwise', { csv: SMALL, mapping }),
      bo!.client.post('/api/import/splitwise', { csv: SMALL, mapping }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    await untilWritten(ann!.client, answers.find((r) => r.statusCode === 202)!.json() as Accepted);
    // The file's two rows, once.
    expect((await counts(ann!.client)).expenses).toBe(2);
  });

  it('a truncated file is a 400 and writes nothing', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const mapping = { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id, 'Cy Diaz': null };
    const response = await ann!.client.post('/api/import/splitwise', { csv: TRUNCATED, mapping });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/cut off/);
    expect(await counts(ann!.client)).toEqual({ expenses: 0, balances: [] });
  });

  it('refuses another household’s member ids, an incomplete mapping or a member chosen twice', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const [stranger] = await householdWith(['Zed Stranger']);
    const attempts: [Record<string, string | null>, RegExp][] = [
      [{ 'Ann Lee': ann!.user.id, 'Bo Chen': stranger!.user.id }, /member of your household/],
      [{ 'Ann Lee': ann!.user.id }, /choose a member or Skip for Bo Chen/],
      [{ 'Ann Lee': ann!.user.id, 'Bo Chen': ann!.user.id }, /chosen once/],
      [{ 'Ann Lee': null, 'Bo Chen': null }, /at least one person/],
    ];
    for (const [mapping, message] of attempts) {
      const response = await ann!.client.post('/api/import/splitwise', { csv: SMALL, mapping });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await counts(ann!.client)).toEqual({ expenses: 0, balances: [] });
    expect(await counts(stranger!.client)).toEqual({ expenses: 0, balances: [] });
    // Refused attempts do not count as imports: the file can still be imported.
    await imported(bo!.client, { csv: SMALL, mapping: { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id } });
    const { balances } = await counts(ann!.client);
    expect(balances.find((m) => m.userId === ann!.user.id)?.net).toBe(-595);
    expect(balances.find((m) => m.userId === bo!.user.id)?.net).toBe(595);
  });

  it('skipping a person skips the rows they paid; another household may import the same file', async () => {
    const [ann] = await householdWith(['Ann Lee']);
    const { written } = await imported(ann!.client, {
      csv: SMALL,
      mapping: { 'Ann Lee': ann!.user.id, 'Bo Chen': null },
    });
    expect(written).toMatchObject({ expenses: 1, payments: 0, skippedRows: 1, carriedOver: 0 });
    const [snack] = (await ann!.client.get('/api/expenses')).json() as { title: string; splits: unknown[] }[];
    expect(snack).toMatchObject({ title: 'Snacks', splits: [{ userId: ann!.user.id, amount: '5.00' }] });
  });
});

describe('Splitwise import: several currencies (issue 28)', () => {
  interface Expense {
    title: string;
    amount: string;
    paidBy: string;
    splits: { userId: string; amount: string; settled: boolean }[];
    original: { currency: string; amount: string; exchangeRate: string } | null;
  }

  async function everyone(currency: string) {
    const [ann, bo, cy] = await householdWith(['Ann Lee', 'Bo Chen', 'Cy Diaz'], currency);
    const mapping = { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id, 'Cy Diaz': cy!.user.id };
    const nets = async () => {
      const { balances } = await counts(ann!.client);
      return [ann, bo, cy].map((p) => balances.find((m) => m.userId === p!.user.id)?.net ?? 0);
    };
    return { ann: ann!, bo: bo!, cy: cy!, mapping, nets };
  }

  const byTitle = async (client: Client) =>
    new Map(((await client.get('/api/expenses')).json() as Expense[]).map((e) => [e.title, e]));

  it('the preview totals each currency and asks a rate for each one but the household’s', async () => {
    const { ann } = await everyone('USD');
    const response = await ann.client.post('/api/import/splitwise/preview', { csv: CURRENCIES });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      currency: 'USD',
      expenseCount: 5,
      paymentCount: 1,
      total: '102.35',
      balancesMatch: true,
      householdCurrency: 'USD',
      currencies: [
        { currency: 'USD', expenseCount: 2, paymentCount: 0, total: '102.35', needsRate: false },
        { currency: 'EUR', expenseCount: 2, paymentCount: 0, total: '325.00', needsRate: true },
        {
          currency: 'JPY',
          expenseCount: 1,
          paymentCount: 1,
          total: '4500',
          needsRate: true,
          finalBalances: [-1500, -500, 2000],
          balancesMatch: true,
        },
      ],
      problems: [],
    });
  });

  it('a missing, malformed or unusable rate is a 400 naming the currency, and changes nothing', async () => {
    const { ann, mapping, nets } = await everyone('USD');
    const attempts: [unknown, string, string][] = [
      [
        undefined,
        'rates: give the exchange rate for EUR: how many USD one of it is worth',
        'import.rate_missing',
      ],
      [
        { EUR: '1.0837' },
        'rates: give the exchange rate for JPY: how many USD one of it is worth',
        'import.rate_missing',
      ],
      [
        { EUR: '1.0837', JPY: '0' },
        'Exchange rate must be a number more than 0, such as 1.09',
        'expense.rate_invalid',
      ],
      [
        { EUR: '-1', JPY: '0.0064' },
        'Exchange rate must be a number more than 0, such as 1.09',
        'expense.rate_invalid',
      ],
      [
        { EUR: '1.0837', JPY: '0.000001' },
        'rates.JPY: at this rate row 5 comes to 0 or to more than the largest amount in USD; check the rate',
        'import.rate_unusable',
      ],
    ];
    for (const [rates, message, code] of attempts) {
      const response = await ann.client.post('/api/import/splitwise', { csv: CURRENCIES, mapping, rates });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message, code });
    }
    expect(await counts(ann.client)).toEqual({ expenses: 0, balances: [] });
    expect(await nets()).toEqual([0, 0, 0]);
    // None of them counts as an import: with its rates, the file goes in.
    await imported(ann.client, { csv: CURRENCIES, mapping, rates: { EUR: '1.0837', JPY: '0.006431' } });
  });

  it('imports USD, EUR and JPY rows into a USD household: every row, converted, with its original', async () => {
    const { ann, bo, cy, mapping, nets } = await everyone('USD');
    const rates = { EUR: '1.0837', JPY: '0.006431', GBP: '1.27' };
    const { written } = await imported(bo.client, { csv: CURRENCIES, mapping, rates });
    // The hotel was paid by two people: the difference is carried over.
    expect(written).toMatchObject({ expenses: 5, payments: 1, skippedRows: 0, carriedOver: 2 });
    const expenses = await byTitle(cy.client);
    const shares = (e: Expense) => Object.fromEntries(e.splits.map((s) => [s.userId, s.amount]));
    expect(expenses.get('Groceries')).toMatchObject({ amount: '90.00', original: null });
    // 25.00 € at 1.0837 is 27.0925 → 27.09, its shares 8.33, 8.33, 8.34 in proportion.
    const museum = expenses.get('Museum')!;
    expect(museum).toMatchObject({
      amount: '27.09',
      paidBy: bo.user.id,
      original: { currency: 'EUR', amount: '25.00', exchangeRate: '1.0837' },
    });
    expect(shares(museum)).toEqual({ [ann.user.id]: '9.03', [bo.user.id]: '9.02', [cy.user.id]: '9.04' });
    // 4500 yen at 0.006431 is 28.9395 → 28.94, in thirds.
    const ramen = expenses.get('Ramen')!;
    expect(ramen).toMatchObject({
      amount: '28.94',
      paidBy: cy.user.id,
      original: { currency: 'JPY', amount: '4500', exchangeRate: '0.006431' },
    });
    expect(shares(ramen)).toEqual({ [ann.user.id]: '9.65', [bo.user.id]: '9.65', [cy.user.id]: '9.64' });
    expect(expenses.get('Hotel')).toMatchObject({
      amount: '325.11',
      original: { currency: 'EUR', amount: '300.00', exchangeRate: '1.0837' },
    });
    expect(expenses.get('Taxi')).toMatchObject({ amount: '12.35', original: null });
    for (const e of expenses.values()) {
      const cents = e.splits.reduce((sum, s) => sum + Math.round(Number(s.amount) * 100), 0);
      expect(cents, e.title).toBe(Math.round(Number(e.amount) * 100));
    }
    const payments = (await ann.client.get('/api/payments')).json() as { amount: string; note: string }[];
    expect(payments).toMatchObject([
      { amount: '6.43', note: 'Imported from Splitwise: 1000 JPY at 0.006431' },
    ]);

    // The file's final balances, each currency converted so that it adds up to 0:
    // USD 60.00, -36.17, -23.83; EUR 91.67, 116.67, -208.34 → 225.78 owed, 99.34 and 126.44;
    // JPY -1500, -500, 2000 → 12.86 owed to Cy, 9.65 and 3.21 (a tie of halves, to the first).
    expect(await nets()).toEqual([149.69, 87.06, -236.75]);
  });

  it('imports into a yen household: yen as they are, other currencies rounded to the yen', async () => {
    const { ann, mapping, nets } = await everyone('JPY');
    const preview = (await ann.client.post('/api/import/splitwise/preview', { csv: CURRENCIES })).json();
    expect(
      preview.currencies.map((c: { currency: string; needsRate: boolean }) => [c.currency, c.needsRate]),
    ).toEqual([
      ['USD', true],
      ['EUR', true],
      ['JPY', false],
    ]);
    const { written } = await imported(ann.client, {
      csv: CURRENCIES,
      mapping,
      rates: { USD: '151.25', EUR: '163.9', JPY: '2' },
    });
    expect(written).toMatchObject({ expenses: 5, payments: 1 });
    const expenses = await byTitle(ann.client);
    expect(expenses.get('Ramen')).toMatchObject({ amount: '4500', original: null });
    expect(expenses.get('Ramen')!.splits.map((s) => s.amount)).toEqual(['1500', '1500', '1500']);
    // $90.00 at 151.25 is 13612.5 yen → 13613.
    expect(expenses.get('Groceries')).toMatchObject({
      amount: '13613',
      original: { currency: 'USD', amount: '90.00', exchangeRate: '151.25' },
    });
    expect(expenses.get('Museum')).toMatchObject({ amount: '4098' });
    const [payment] = (await ann.client.get('/api/payments')).json() as { amount: string; note: string }[];
    expect(payment).toMatchObject({ amount: '1000', note: 'Imported from Splitwise' });
    // USD 60.00, -36.17, -23.83 → 9075, -5471, -3604; EUR → 15025, 19122, -34147; JPY as written.
    expect(await nets()).toEqual([22600, 13151, -35751]);
  });
});

describe('Splitwise import: written after the answer', () => {
  /** Accepts SMALL as the server does, without writing it: what a crash right after the 202 leaves. */
  async function acceptedOnly(people: Person[], mapping: Record<string, string | null>) {
    const household = (await people[0]!.client.get('/api/households/current')).json() as { id: string };
    const file = await readSplitwise(SMALL);
    const accepted = await acceptImport(
      t.database.db,
      household.id,
      people[0]!.user.id,
      fileHash(SMALL),
      {
        plan: planImport(file, mapping, { currency: 'USD', rates: {} }),
        lastDate: file.dateRange!.to,
        currency: 'USD',
      },
      NOW,
    );
    if (accepted === 'duplicate') throw new Error('SMALL was imported before');
    return accepted;
  }

  /** Another instance of the server on the same database; its start sweeps at once. */
  async function instance() {
    const app = await buildApp(testConfig(), {
      sweepIntervalMs: 60_000,
      database: t.database,
      now: () => NOW,
    });
    await app.ready();
    return app;
  }

  it('an import a restart cut short is written by the next start, once, even with two instances', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const accepted = await acceptedOnly([ann!, bo!], { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id });
    const status = await ann!.client.get(`/api/import/splitwise/${accepted.id}`);
    expect(status.json()).toMatchObject({ id: accepted.id, state: 'importing', expenses: 2 });
    // Accepted is imported as far as a second try is concerned.
    const again = await bo!.client.post('/api/import/splitwise', {
      csv: SMALL,
      mapping: { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id },
    });
    expect(again.statusCode).toBe(409);

    const started = await Promise.all([instance(), instance()]);
    try {
      expect(await untilWritten(ann!.client, accepted)).toMatchObject({ state: 'done', expenses: 2 });
      const viewer = new Client(started[0]!);
      viewer.cookie = ann!.client.cookie;
      const { expenses, balances } = await counts(viewer);
      expect(expenses).toBe(2);
      expect(balances.find((m) => m.userId === ann!.user.id)?.net).toBe(-595);
    } finally {
      await Promise.all(started.map((app) => app.close()));
    }
  });

  it('an import whose household changed its currency before it was written is dropped, writing nothing', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const accepted = await acceptedOnly([ann!, bo!], { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id });
    // The household has no money yet, so its currency may still change: the plan's dollars are stale.
    const changed = await ann!.client.request({
      method: 'PATCH',
      url: '/api/households/current',
      payload: { currency: 'EUR' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const app = await instance();
    try {
      let answer = await ann!.client.get(`/api/import/splitwise/${accepted.id}`);
      while (answer.statusCode === 200) {
        await sleep(10);
        answer = await ann!.client.get(`/api/import/splitwise/${accepted.id}`);
      }
      expect(answer.statusCode).toBe(404);
      expect(await counts(ann!.client)).toEqual({ expenses: 0, balances: [] });
    } finally {
      await app.close();
    }
  });

  it('an import naming someone who has since deleted their account is dropped, writing nothing', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const accepted = await acceptedOnly([ann!, bo!], { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id });
    const email = ((await bo!.client.get('/api/auth/user')).json() as { email: string }).email;
    const deleted = await bo!.client.request({
      method: 'DELETE',
      url: '/api/auth/user',
      payload: { email, password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const app = await instance();
    try {
      let answer = await ann!.client.get(`/api/import/splitwise/${accepted.id}`);
      while (answer.statusCode === 200) {
        await sleep(10);
        answer = await ann!.client.get(`/api/import/splitwise/${accepted.id}`);
      }
      expect(answer.statusCode).toBe(404);
      expect(await counts(ann!.client)).toEqual({ expenses: 0, balances: [] });
      // The file can be imported again, with the person who left skipped.
      await imported(ann!.client, { csv: SMALL, mapping: { 'Ann Lee': ann!.user.id, 'Bo Chen': null } });
      expect((await counts(ann!.client)).expenses).toBe(1);
    } finally {
      await app.close();
    }
  });
});

/** One request, with how long it took and the longest the event loop was held up meanwhile. */
async function measured(send: () => Promise<{ statusCode: number; body: string }>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  // The monitor counts from its first tick: a stall before that would go unseen.
  await sleep(30);
  const started = performance.now();
  const response = await send();
  const ms = performance.now() - started;
  // One more sampling interval, so a stall just before the answer is counted.
  await sleep(30);
  delay.disable();
  return { response, ms, stallMs: delay.max / 1e6 };
}

describe('Splitwise import: limits (issue 24)', () => {
  const HEADER = 'Date,Description,Category,Cost,Currency,Ann Lee,Bo Chen';
  const TOTAL = ',Total balance,,,USD,0.00,0.00';

  it('answers a 2 MB file of 300,000 short rows with a quick 413, without stalling the server', async () => {
    const [ann] = await householdWith(['Ann Lee']);
    const header = 'Date,Description,Category,Cost,Currency,Ann Lee';
    const total = ',Total balance,,,USD,0.00';
    const rows = Math.floor((SPLITWISE_MAX_BYTES - header.length - total.length - 2) / 7);
    const csv = `${header}\n${'x,,,,,\n'.repeat(rows)}${total}\n`;
    expect(rows).toBeGreaterThan(290_000);
    expect(csv.length).toBeLessThanOrEqual(SPLITWISE_MAX_BYTES);
    for (const url of ['/api/import/splitwise/preview', '/api/import/splitwise']) {
      const { response, ms, stallMs } = await measured(() =>
        ann!.client.post(url, { csv, mapping: { 'Ann Lee': ann!.user.id } }),
      );
      expect(response.statusCode, response.body.slice(0, 300)).toBe(413);
      expect(JSON.parse(response.body).message).toBe('The file has too many rows (the limit is 5,000)');
      expect(ms).toBeLessThan(1000);
      expect(stallMs).toBeLessThan(200);
    }
  });

  it('a file just under the row cap with many bad rows: the preview lists the first problems and counts them all', async () => {
    const [ann] = await householdWith(['Ann Lee', 'Bo Chen']);
    // Header, a blank line, the rows, a blank line and the total: exactly the cap.
    const count = SPLITWISE_MAX_ROWS - 4;
    const lines = Array.from({ length: count }, (_, i) =>
      i % 3 === 0
        ? `2024-02-30,Bad date ${i},Groceries,20.00,USD,10.00,-10.00`
        : `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},Groceries,20.00,USD,10.00,-10.00`,
    );
    const csv = [HEADER, '', ...lines, '', TOTAL].join('\n');
    const bad = Math.ceil(count / 3);
    const { response, ms, stallMs } = await measured(() =>
      ann!.client.post('/api/import/splitwise/preview', { csv }),
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const preview = JSON.parse(response.body) as {
      expenseCount: number;
      problems: { row: number; reason: string }[];
      problemCount: number;
    };
    expect(preview.expenseCount).toBe(count - bad);
    expect(preview.problemCount).toBe(bad);
    expect(preview.problems).toHaveLength(SPLITWISE_MAX_PROBLEMS);
    // Rows count as a spreadsheet does: the header is row 1 and the blank line row 2.
    expect(preview.problems.slice(0, 2)).toEqual([
      { row: 3, reason: "The date '2024-02-30' is not a date (YYYY-MM-DD)" },
      { row: 6, reason: "The date '2024-02-30' is not a date (YYYY-MM-DD)" },
    ]);
    expect(preview.problems.at(-1)!.row).toBe(3 + 3 * (SPLITWISE_MAX_PROBLEMS - 1));
    expect(response.body.length).toBeLessThan(20_000);
    expect(ms).toBeLessThan(1000);
    expect(stallMs).toBeLessThan(200);

    // One row more is over the cap.
    const over = await ann!.client.post('/api/import/splitwise/preview', { csv: `${csv}\n${TOTAL}` });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The file has too many rows (the limit is 5,000)');
  });

  it('imports a file at the row cap without holding up other requests', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const count = SPLITWISE_MAX_ROWS - 4;
    const lines = Array.from(
      { length: count },
      (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop ${i},Groceries,20.00,USD,10.00,-10.00`,
    );
    const csv = [HEADER, '', ...lines, '', `,Total balance,,,USD,${count * 10}.00,-${count * 10}.00`].join(
      '\n',
    );
    const mapping = { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id };
    // Measured until the rows are written: the writing after the answer must not stall either.
    let written: Accepted | undefined;
    const { response, stallMs } = await measured(async () => {
      const answer = await ann!.client.post('/api/import/splitwise', { csv, mapping });
      if (answer.statusCode === 202) written = await untilWritten(ann!.client, answer.json() as Accepted);
      return answer;
    });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
    expect(written).toMatchObject({
      state: 'done',
      expenses: count,
      payments: 0,
      skippedRows: 0,
      carriedOver: 0,
    });
    expect(stallMs).toBeLessThan(200);
    const { balances } = await counts(bo!.client);
    expect(balances.find((m) => m.userId === bo!.user.id)?.net).toBe(-count * 10);
  });

  it('a huge quoted value, thousands of columns or an endless line is a quick 4xx that names the limit', async () => {
    const [ann] = await householdWith(['Ann Lee', 'Bo Chen']);
    const size = SPLITWISE_MAX_BYTES - 1000;
    const cases: [string, number, string][] = [
      [
        `${HEADER}\n"${'a'.repeat(size)}"\n${TOTAL}\n`,
        400,
        'Row 2 has a value longer than 10,000 characters',
      ],
      [
        `${HEADER}\n"${'""'.repeat(size / 2)}"\n${TOTAL}\n`,
        400,
        'Row 2 has a value longer than 10,000 characters',
      ],
      [`${HEADER}\n${'a'.repeat(size)}\n${TOTAL}\n`, 400, 'Row 2 has a value longer than 10,000 characters'],
      [
        `${HEADER}\n${','.repeat(size)}\n${TOTAL}\n`,
        400,
        'The file has too many columns on row 2 (the limit is 100)',
      ],
      [
        `${HEADER}${',x'.repeat(size / 2)}\n${TOTAL}\n`,
        400,
        'The file has too many columns on row 1 (the limit is 100)',
      ],
      [`${HEADER}\n${'\n'.repeat(size)}${TOTAL}\n`, 413, 'The file has too many rows (the limit is 5,000)'],
      [
        `${HEADER}\n"${'a,\n'.repeat(Math.floor(size / 3))}`,
        400,
        'The file is cut off or damaged: a quoted field is never closed (near line 2)',
      ],
    ];
    for (const [csv, status, message] of cases) {
      const { response, ms, stallMs } = await measured(() =>
        ann!.client.post('/api/import/splitwise/preview', { csv }),
      );
      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      expect(JSON.parse(response.body).message).toBe(message);
      expect(ms).toBeLessThan(1000);
      expect(stallMs).toBeLessThan(200);
    }
  });

  it('imports a file with long runs of blank space quickly (the duplicate check reads it once)', async () => {
    const [ann, bo] = await householdWith(['Ann Lee', 'Bo Chen']);
    const blank = `${' '.repeat(99)}\n`.repeat(1000);
    const csv = SMALL.replace('\n,Total balance', `\n${blank},Total balance`);
    const mapping = { 'Ann Lee': ann!.user.id, 'Bo Chen': bo!.user.id };
    const { response, ms, stallMs } = await measured(() =>
      ann!.client.post('/api/import/splitwise', { csv, mapping }),
    );
    expect(response.statusCode, response.body.slice(0, 300)).toBe(202);
    expect(ms).toBeLessThan(1000);
    expect(stallMs).toBeLessThan(200);
    await untilWritten(ann!.client, JSON.parse(response.body) as Accepted);
    // The two rows: the ledger adds up to the file's balance with nothing carried over.
    expect((await counts(ann!.client)).expenses).toBe(2);
  });
});
