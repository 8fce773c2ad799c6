import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { runDueRecurringExpenses } from '#server/features/expenses/queries.ts';
import type { HouseholdBalancesView, PaymentView } from '#shared/ledger-view.ts';
import { parseDollarsToCents } from '#shared/money.ts';
import { Client, createTestApp, freshDatabase, signUp, type TestApp, testConfig } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

// The app's clock: it stamps createdAt and settledAt and gives the default expense date.
const NOW = Date.parse('2026-03-11T12:00:00.000Z');
let clock = NOW;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = NOW;
});

interface UserView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  profileColor: string;
  profileImageUrl: string | null;
}
interface SplitView {
  id: string;
  userId: string | null;
  user: UserView | null;
  amount: string;
  settled: boolean;
  settledAt: string | null;
}
interface ExpenseView {
  id: string;
  title: string;
  amount: string;
  category: string;
  description: string | null;
  notes: string | null;
  receiptUrl: string | null;
  paidBy: string | null;
  paidByUser: UserView | null;
  date: string;
  createdAt: string;
  splitType: string;
  isRecurring: boolean;
  recurrenceFrequency: string | null;
  recurrenceSourceId: string | null;
  recurringEndDate: string | null;
  nextOccurrenceDate: string | null;
  splits: SplitView[];
  settledPercent: number;
  fullySettled: boolean;
}
interface SettleUp {
  payment: PaymentView;
  amount: number;
  settledSplits: number;
}
interface Person {
  client: Client;
  user: { id: string; email: string };
  firstName: string;
  lastName: string;
}

/** Signs up "First Last" people; the first creates the household and the others join in order. */
async function householdWith(names: string[], app: FastifyInstance = t.app) {
  const people: Person[] = [];
  for (const name of names) {
    const [firstName = name, lastName = 'Tester'] = name.split(' ');
    people.push({ ...(await signUp(app, { firstName, lastName })), firstName, lastName });
  }
  const [admin, ...others] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json() as { id: string; name: string; inviteCode: string };
  for (const other of others) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
  }
  return { household, admin: admin!, others, people };
}

/** A create payload as the web form sends it: amounts as strings, one split per member. */
function payload(
  payer: Person,
  members: Person[],
  expense: Record<string, unknown> = {},
  splits?: Record<string, unknown>[],
) {
  return {
    expense: {
      title: 'Groceries',
      amount: '30.00',
      category: 'groceries',
      description: '',
      date: '2026-03-10',
      splitType: 'equal',
      paidBy: payer.user.id,
      isRecurring: false,
      recurringInterval: 'monthly',
      ...expense,
    },
    splits: splits ?? members.map((m) => ({ userId: m.user.id, amount: '10.00' })),
  };
}

async function addExpense(
  payer: Person,
  members: Person[],
  expense: Record<string, unknown> = {},
  splits?: Record<string, unknown>[],
): Promise<ExpenseView> {
  const response = await payer.client.post('/api/expenses', payload(payer, members, expense, splits));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function list(by: Person, query = ''): Promise<ExpenseView[]> {
  const response = await by.client.get(`/api/expenses${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The viewer's totals in the household's view and their net, dollars as numbers. */
async function balance(by: Person): Promise<{ totalOwed: number; totalOwing: number; net: number }> {
  const response = await by.client.get('/api/balance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function balances(by: Person): Promise<HouseholdBalancesView> {
  const response = await by.client.get('/api/balance/simplified');
  expect(response.statusCode, response.body).toBe(200);
  // The web app's path answers the same.
  expect((await by.client.get('/api/balances')).json()).toEqual(response.json());
  return response.json();
}

/** Any member may choose the view: simplified (the default) or person to person. */
async function simplify(by: Person, on: boolean) {
  const response = await by.client.patch('/api/households/current', { simplifyDebts: on });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().simplifyDebts).toBe(on);
}

async function payments(by: Person): Promise<PaymentView[]> {
  const response = await by.client.get('/api/payments');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function settle(by: Person, splitId: string) {
  return by.client.patch(`/api/expense-splits/${splitId}`, { settled: true });
}

const splitOf = (expense: ExpenseView, person: Person) => {
  const split = expense.splits.find((s) => s.userId === person.user.id);
  if (!split) throw new Error(`no split for ${person.firstName}`);
  return split;
};
const cents = (amount: string) => parseDollarsToCents(amount)!;
const sumCents = (splits: SplitView[]) => splits.reduce((sum, s) => sum + cents(s.amount), 0);
const amountsBy = (expense: ExpenseView, people: Person[]) => people.map((p) => splitOf(expense, p).amount);
const netOf = (b: HouseholdBalancesView, person: Person) =>
  b.members.find((m) => m.userId === person.user.id)?.net ?? 0;

/** Rows in the money tables of the whole database: a refused request must change none of them. */
async function rowCounts() {
  const db = t.database.db;
  const count = async (
    table: 'expenses' | 'expense_splits' | 'payments' | 'payment_splits' | 'activity' | 'images',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    expenses: await count('expenses'),
    splits: await count('expense_splits'),
    payments: await count('payments'),
    paymentSplits: await count('payment_splits'),
    activity: await count('activity'),
    images: await count('images'),
  };
}

/** A multipart/form-data body built by hand, as a browser's FormData sends it. */
function multipart(field: string, filename: string, contentType: string, data: Buffer | string) {
  const boundary = '----HearthReceiptBoundary7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const receiptPng = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .png()
    .toBuffer();

function uploadReceipt(by: Client, expenseId: string, form: ReturnType<typeof multipart>) {
  return by.request({
    method: 'POST',
    url: `/api/expenses/${expenseId}/receipt`,
    payload: form.payload,
    headers: form.headers,
  });
}

/** RFC 4180 reader for the export: quoted cells may hold commas, doubled quotes and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe('POST /api/expenses', () => {
  it('answers 201 with amounts as strings, the payer and every split with its user', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const response = await ann.client.post(
      '/api/expenses',
      payload(ann, people, {
        title: '  Weekly shop  ',
        description: '  Milk, eggs and bread ',
        notes: ' Receipt in the drawer ',
        isRecurring: true,
        recurringInterval: 'monthly',
      }),
    );
    expect(response.statusCode).toBe(201);
    const expense: ExpenseView = response.json();
    expect(expense).toMatchObject({
      id: expect.any(String),
      title: 'Weekly shop',
      amount: '30.00',
      category: 'groceries',
      description: 'Milk, eggs and bread',
      notes: 'Receipt in the drawer',
      receiptUrl: null,
      paidBy: ann.user.id,
      paidByUser: { id: ann.user.id, firstName: 'Ann', lastName: 'Archer', email: ann.user.email },
      date: '2026-03-10',
      createdAt: new Date(NOW).toISOString(),
      splitType: 'equal',
      isRecurring: true,
      recurrenceFrequency: 'monthly',
      nextOccurrenceDate: '2026-04-10',
      settledPercent: 0,
      fullySettled: false,
    });
    expect(expense.splits).toHaveLength(3);
    for (const person of people) {
      const split = splitOf(expense, person);
      expect(split).toMatchObject({
        id: expect.any(String),
        amount: '10.00',
        user: { id: person.user.id, firstName: person.firstName, lastName: person.lastName },
      });
    }
    // The payer's own share is settled from the start; the others owe theirs.
    expect(splitOf(expense, ann)).toMatchObject({ settled: true, settledAt: new Date(NOW).toISOString() });
    for (const other of others)
      expect(splitOf(expense, other)).toMatchObject({ settled: false, settledAt: null });
    expect(response.body).not.toMatch(/password/i);
    expect(await list(others[1]!)).toEqual([expense]);
  });

  it("dates the expense today by the server's clock when no date is given, and takes a number amount", async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const body = payload(ann, people, { amount: 12.5, description: undefined });
    delete (body.expense as Record<string, unknown>).date;
    const response = await ann.client.post('/api/expenses', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ date: '2026-03-11', amount: '12.50', description: null });
  });

  it('splits equally to the cent, whatever amounts the client sent: 10.00 / 3 → 3.34, 3.33, 3.33', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const expense = await addExpense(ann, people, { amount: '10.00' }, [
      { userId: people[0]!.user.id, amount: '9.00' },
      { userId: people[1]!.user.id, amount: '0.50' },
      { userId: people[2]!.user.id, amount: '0.00' },
    ]);
    expect(amountsBy(expense, people)).toEqual(['3.34', '3.33', '3.33']);
    expect(sumCents(expense.splits)).toBe(1000);

    for (const [amount, parts] of [
      ['100.00', 3],
      ['0.01', 3],
      ['0.05', 2],
      ['999999.99', 3],
    ] as const) {
      const members = people.slice(0, parts);
      const made = await addExpense(ann, members, { amount });
      expect(made.splits).toHaveLength(parts);
      expect(sumCents(made.splits)).toBe(cents(amount));
      const shares = made.splits.map((s) => cents(s.amount));
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
  });

  it('splits by percentages that add up to 100 (within 0.1), to the exact total', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [a, b, c] = people.map((p) => p.user.id);
    const byPercent = (percents: number[]) =>
      [a, b, c].map((userId, i) => ({ userId, amount: '0.00', percent: percents[i] }));

    const half = await addExpense(
      ann,
      people,
      { amount: '99.99', splitType: 'percentage' },
      byPercent([50, 30, 20]),
    );
    expect(half.splitType).toBe('percentage');
    expect(sumCents(half.splits)).toBe(9999);
    // 49.995, 29.997, 19.998: the two largest remainders get the two cents left over.
    expect(amountsBy(half, people)).toEqual(['49.99', '30.00', '20.00']);

    const thirds = await addExpense(
      ann,
      people,
      { amount: '100.00', splitType: 'percentage' },
      byPercent([33.3, 33.3, 33.3]),
    );
    expect(sumCents(thirds.splits)).toBe(10000);
    expect(amountsBy(thirds, people)).toEqual(['33.34', '33.33', '33.33']);

    const before = await rowCounts();
    for (const percents of [
      [50, 49.8, 0],
      [50, 30, 20.2],
      [10, 10, 10],
    ]) {
      const response = await ann.client.post(
        '/api/expenses',
        payload(ann, people, { amount: '30.00', splitType: 'percentage' }, byPercent(percents)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The percentages must add up to 100%' });
    }
    const over = await ann.client.post(
      '/api/expenses',
      payload(ann, people, { splitType: 'percentage' }, byPercent([150, -25, -25])),
    );
    expect(over.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('takes custom amounts that add up to the total within 0.01, and never stores a cent more or less', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const custom = (amounts: string[]) => people.map((p, i) => ({ userId: p.user.id, amount: amounts[i] }));

    const exact = await addExpense(ann, people, { splitType: 'custom' }, custom(['5.00', '12.50', '12.50']));
    expect(amountsBy(exact, people)).toEqual(['5.00', '12.50', '12.50']);
    expect(exact.splitType).toBe('custom');

    for (const amounts of [
      ['10.00', '10.00', '9.99'],
      ['10.00', '10.01', '10.00'],
    ]) {
      const nearly = await addExpense(ann, people, { splitType: 'custom' }, custom(amounts));
      expect(sumCents(nearly.splits)).toBe(3000);
    }

    const before = await rowCounts();
    for (const amounts of [
      ['10.00', '10.00', '9.98'],
      ['10.00', '10.00', '10.02'],
      ['0.00', '0.00', '0.00'],
      ['30.00', '30.00', '30.00'],
    ]) {
      const response = await ann.client.post(
        '/api/expenses',
        payload(ann, people, { splitType: 'custom' }, custom(amounts)),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The split amounts must add up to the total amount' });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('accepts up to 1,000,000.00 and a payer who is not in the split', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const big = await addExpense(ann, others, { amount: '1000000.00' });
    expect(big.amount).toBe('1000000.00');
    expect(amountsBy(big, others)).toEqual(['500000.00', '500000.00']);
    expect(big.splits.every((s) => !s.settled)).toBe(true);
    expect(await balance(ann)).toEqual({ totalOwed: 1_000_000, totalOwing: 0, net: 1_000_000 });
  });

  it('refuses bad input with 400 and a message naming the problem, writing nothing', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const outsider = (await householdWith(['Zed Zimmer'])).admin;
    const ben = others[0]!;
    const amountMessage = 'Amount must be more than 0 and at most 1,000,000.00, with at most 2 decimals';
    const members = 'The payer and everyone in the split must be members of your household';
    const base = payload(ann, people);
    const withExpense = (fields: Record<string, unknown>) => ({
      ...base,
      expense: { ...base.expense, ...fields },
    });
    const cases: [string, unknown, string | null][] = [
      ['blank title', withExpense({ title: '   ' }), 'Title is required'],
      ['missing title', withExpense({ title: undefined }), 'Title is required'],
      ['title of the wrong type', withExpense({ title: 42 }), 'Title is required'],
      ['zero amount', withExpense({ amount: '0.00' }), amountMessage],
      ['negative amount', withExpense({ amount: '-5.00' }), amountMessage],
      ['three decimals', withExpense({ amount: '10.001' }), amountMessage],
      ['over the maximum', withExpense({ amount: '1000000.01' }), amountMessage],
      ['not a number', withExpense({ amount: 'ten' }), amountMessage],
      ['empty amount', withExpense({ amount: '' }), amountMessage],
      ['missing amount', withExpense({ amount: undefined }), amountMessage],
      ['amount as an object', withExpense({ amount: { value: 10 } }), amountMessage],
      ['number amount with float noise', withExpense({ amount: 0.1 + 0.2 }), amountMessage],
      ['missing payer', withExpense({ paidBy: undefined }), 'Choose who paid'],
      ['empty payer', withExpense({ paidBy: '' }), 'Choose who paid'],
      ['payer from another household', withExpense({ paidBy: outsider.user.id }), members],
      ['unknown payer', withExpense({ paidBy: 'no-such-user' }), members],
      [
        'split member from another household',
        { ...base, splits: [...base.splits, { userId: outsider.user.id, amount: '0.00' }] },
        members,
      ],
      ['unknown split member', { ...base, splits: [{ userId: 'no-such-user', amount: '30.00' }] }, members],
      [
        'the same member twice',
        {
          ...base,
          splits: [
            { userId: ben.user.id, amount: '15.00' },
            { userId: ben.user.id, amount: '15.00' },
          ],
        },
        'Each member can appear only once in the split',
      ],
      ['no split', { ...base, splits: [] }, 'Add at least one person to split with'],
      ['missing splits', { expense: base.expense }, null],
      ['splits not a list', { ...base, splits: { userId: ben.user.id } }, null],
      ['split without a member', { ...base, splits: [{ amount: '30.00' }] }, null],
      ['unknown category', withExpense({ category: 'yachts' }), null],
      ['unknown split type', withExpense({ splitType: 'shares' }), null],
      ['unknown interval', withExpense({ isRecurring: true, recurringInterval: 'daily' }), null],
      ['recurring flag not a boolean', withExpense({ isRecurring: 'yes' }), null],
      ['impossible date', withExpense({ date: '2026-02-30' }), null],
      ['date in another format', withExpense({ date: '10/03/2026' }), null],
      ['impossible end date', withExpense({ isRecurring: true, recurringEndDate: 'soon' }), null],
      ['title too long', withExpense({ title: 'x'.repeat(121) }), null],
      ['no expense object', { splits: base.splits }, null],
      ['expense not an object', { ...base, expense: 'Groceries' }, null],
      ['null body', null, null],
      ['array body', [base], null],
    ];
    const before = await rowCounts();
    for (const [label, body, message] of cases) {
      const response = await ann.client.request({
        method: 'POST',
        url: '/api/expenses',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, label).toBe(400);
      const answer = response.json() as { message: string };
      expect(typeof answer.message, label).toBe('string');
      if (message) expect(answer.message, label).toBe(message);
      expect(response.body, label).not.toContain(outsider.user.email);
    }
    for (const raw of ['{"expense":', 'not json', '']) {
      const response = await ann.client.request({
        method: 'POST',
        url: '/api/expenses',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expect(response.statusCode, raw).toBe(400);
    }
    const text = await ann.client.request({
      method: 'POST',
      url: '/api/expenses',
      headers: { 'content-type': 'text/plain' },
      payload: 'Groceries 30.00',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(await rowCounts()).toEqual(before);
    expect(await list(ann)).toEqual([]);
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
  });

  it('refuses a payer or split member who has left the household (400)', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const cat = others[1]!;
    expect((await cat.client.post('/api/households/leave')).statusCode).toBe(204);
    const before = await rowCounts();
    for (const body of [payload(ann, people), payload(cat, people.slice(0, 2))]) {
      const response = await ann.client.post('/api/expenses', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'The payer and everyone in the split must be members of your household',
      });
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('GET /api/expenses', () => {
  it('lists newest first: by date, then by creation', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    for (const [title, date, at] of [
      ['early, made first', '2026-03-01', 0],
      ['late date', '2026-03-05', 1],
      ['early, made later', '2026-03-01', 2],
      ['middle', '2026-03-03', 3],
    ] as const) {
      clock = NOW + at * 1000;
      await addExpense(ann, people, { title, date });
    }
    expect((await list(people[1]!)).map((e) => e.title)).toEqual([
      'late date',
      'middle',
      'early, made later',
      'early, made first',
    ]);
  });

  it('pages beyond 200 with ?before=<id>, each expense exactly once in order; unknown cursor 404', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const dates = ['2026-02-27', '2026-02-28', '2026-03-01'];
    const total = 205;
    const created: { id: string; date: string; at: number }[] = [];
    for (let i = 0; i < total; i++) {
      // Pairs share a creation instant so the order also needs the id tie-break.
      clock = NOW + Math.floor(i / 2);
      const date = dates[i % 3]!;
      const response = await ann.client.post(
        '/api/expenses',
        payload(ann, people, { title: `Bill ${i}`, date, amount: '2.00' }),
      );
      expect(response.statusCode).toBe(201);
      created.push({ id: response.json().id, date, at: clock });
    }
    const expected = [...created]
      .sort((x, y) =>
        x.date !== y.date ? (x.date < y.date ? 1 : -1) : x.at !== y.at ? y.at - x.at : x.id < y.id ? 1 : -1,
      )
      .map((e) => e.id);

    const first = await list(ann);
    expect(first).toHaveLength(200);
    const second = await list(ann, `?before=${first[199]!.id}`);
    expect(second).toHaveLength(5);
    expect([...first, ...second].map((e) => e.id)).toEqual(expected);
    expect(await list(ann, `?before=${second[4]!.id}`)).toEqual([]);
    expect((await list(ann, `?before=${expected[2]}`)).map((e) => e.id)).toEqual(expected.slice(3, 203));

    const unknown = await ann.client.get('/api/expenses?before=no-such-expense');
    expect(unknown.statusCode).toBe(404);
    expect(typeof unknown.json().message).toBe('string');

    // The exports read every page, not only the first.
    const csv = await ann.client.get('/api/expenses/export.csv');
    expect(parseCsv(csv.body)).toHaveLength(1 + total * 2);
    const exported = (await ann.client.get('/api/export.json')).json() as { expenses: ExpenseView[] };
    expect(exported.expenses.map((e) => e.id)).toEqual(expected);
  });
});

describe('DELETE /api/expenses/:id', () => {
  it('deletes an expense that is not fully settled (204): gone from the list and the balances, back on restore', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const keep = await addExpense(ann, people, { title: 'Keep' });
    const gone = await addExpense(ann, people, { title: 'Gone' });
    expect((await settle(ben, splitOf(gone, ben).id)).statusCode).toBe(200);
    const before = await list(ann);
    expect(await balance(ann)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });

    const response = await ben.client.delete(`/api/expenses/${gone.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await list(ann)).map((e) => e.id)).toEqual([keep.id]);
    // Gone's shares leave the balances. Ben's payment of his share is money that moved, so it
    // stays in the ledger and now covers his share of Keep: only Cat still owes Ann.
    expect(await balance(ann)).toEqual({ totalOwed: 10, totalOwing: 0, net: 10 });
    expect(await balance(ben)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 10, net: -10 });
    expect((await payments(cat)).map((p) => [p.fromUserId, p.toUserId, p.amount])).toEqual([
      [ben.user.id, ann.user.id, '10.00'],
    ]);
    expect(await settle(ann, splitOf(gone, cat).id)).toMatchObject({ statusCode: 404 });
    expect((await ann.client.delete(`/api/expenses/${gone.id}`)).statusCode).toBe(404);

    // It waits in the trash, and any member can bring it back as it was.
    const trash = await cat.client.get('/api/trash');
    expect(trash.statusCode).toBe(200);
    expect(trash.json().expenses).toEqual([
      {
        id: gone.id,
        title: 'Gone',
        amount: '30.00',
        date: '2026-03-10',
        deletedAt: new Date(NOW).toISOString(),
        deletedBy: ben.user.id,
      },
    ]);
    const restored = await cat.client.post(`/api/expenses/${gone.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual(before.find((e) => e.id === gone.id));
    expect(await list(ann)).toEqual(before);
    expect(await balance(ann)).toEqual({ totalOwed: 30, totalOwing: 0, net: 30 });
    expect((await cat.client.get('/api/trash')).json().expenses).toEqual([]);
    expect((await cat.client.post(`/api/expenses/${gone.id}/restore`)).statusCode).toBe(404);
  });

  it("answers 409 once every other member's share is settled, and keeps the expense", async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const expense = await addExpense(ann, people);
    for (const other of others)
      expect((await settle(other, splitOf(expense, other).id)).statusCode).toBe(200);
    const response = await ann.client.delete(`/api/expenses/${expense.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A fully settled expense cannot be deleted' });
    const [kept] = await list(ann);
    expect(kept).toMatchObject({ id: expense.id, fullySettled: true, settledPercent: 100 });
  });

  it('still deletes an expense whose only open share is tiny next to the settled ones', async () => {
    // 199.00 of 200.00 settled is 99.5%: not fully settled, however the percentage rounds.
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const expense = await addExpense(ann, people, { amount: '200.00', splitType: 'custom' }, [
      { userId: ann.user.id, amount: '0.00' },
      { userId: ben.user.id, amount: '199.00' },
      { userId: cat.user.id, amount: '1.00' },
    ]);
    expect((await settle(ben, splitOf(expense, ben).id)).statusCode).toBe(200);
    const [open] = await list(ann);
    expect(open!.fullySettled).toBe(false);
    expect((await ann.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(204);
    expect(await balance(cat)).toEqual({ totalOwed: 0, totalOwing: 0, net: 0 });
    // Ben's payment of 199.00 stays in the ledger: with the expense gone, Ann owes it back.
    expect(await balance(ann)).toEqual({ totalOwed: 0, totalOwing: 199, net: -199 });
    expect(await balance(ben)).toEqual({ totalOwed: 199, totalOwing: 0, net: 199 });
  });

  it('answers 404 for an unknown expense', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    const response = await ann.client.delete('/api/expenses/no-such-expense');
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('PATCH /api/expense-splits/:id', () => {
  it("lets the split's member or the payer settle it (200), once, with the time it happened", async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const expense = await addExpense(ann, people);

    clock = NOW + 60_000;
    const byMember = await settle(ben, splitOf(expense, ben).id);
    expect(byMember.statusCode).toBe(200);
    expect(byMember.json()).toMatchObject({
      id: splitOf(expense, ben).id,
      userId: ben.user.id,
      amount: '10.00',
      settled: true,
      settledAt: new Date(NOW + 60_000).toISOString(),
    });

    clock = NOW + 120_000;
    const byPayer = await settle(ann, splitOf(expense, cat).id);
    expect(byPayer.statusCode).toBe(200);
    expect(byPayer.json()).toMatchObject({ userId: cat.user.id, settled: true });

    // Settling again changes nothing, not even the time.
    clock = NOW + 180_000;
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
    expect(third.json()).toEqual({ message: 'Only the payer or the member who owes it can settle a split' });

    for (const by of [ann, ben]) {
      const unsettle = await by.client.patch(`/api/expense-splits/${splitOf(expense, ben).id}`, {
        settled: false,
      });
      expect(unsettle.statusCode).toBe(400);
      expect(unsettle.json()).toEqual({ message: 'A settled split cannot be unsettled' });
    }

    for (const by of [ann, ben]) {
      const own = await settle(by, splitOf(expense, ann).id);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ message: "The payer's own share has nothing to settle" });
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

describe('POST /api/settle-up', () => {
  it("person to person: pays the pair's debt in one payment, settling those shares and nobody else's", async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const rent = await addExpense(ann, people, { title: 'Rent', amount: '30.00' });
    const power = await addExpense(ann, [ann, ben], { title: 'Power', amount: '7.01' });
    const snacks = await addExpense(cat, [ben, cat], { title: 'Snacks', amount: '4.00' });
    await simplify(cat, false);

    clock = NOW + 5_000;
    const response = await ben.client.post('/api/settle-up', { toUserId: ann.user.id });
    expect(response.statusCode).toBe(200);
    const answer: SettleUp = response.json();
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
    expect(nothing.json()).toEqual({ message: 'You owe this member nothing in the balances shown' });
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
    const answer: SettleUp = response.json();
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
    expect(self.json()).toEqual({ message: 'You cannot settle up with yourself' });

    for (const toUserId of ['no-such-user', loner.user.id]) {
      const response = await ben.client.post('/api/settle-up', { toUserId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'No such member in your household' });
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
      const paid = answers.find((a) => a.statusCode === 200)!.json() as SettleUp;
      expect(paid, `round ${round}`).toMatchObject({
        amount: roundCents / 100,
        settledSplits: 4,
        payment: { fromUserId: ben.user.id, toUserId: ann.user.id },
      });
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
        message: 'You owe this member nothing in the balances shown',
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

describe('POST /api/expenses/:id/receipt', () => {
  it('stores an uploaded photo as WebP and links it from the expense', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const expense = await addExpense(ann, people);
    const response = await uploadReceipt(
      others[0]!.client,
      expense.id,
      multipart('receipt', 'till.png', 'image/png', await receiptPng()),
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated: ExpenseView = response.json();
    expect(updated.id).toBe(expense.id);
    expect(updated.receiptUrl).toMatch(/^\/api\/images\/[A-Za-z0-9_-]+$/);
    expect((await list(ann))[0]!.receiptUrl).toBe(updated.receiptUrl);

    const image = await ann.client.get(updated.receiptUrl!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // A receipt is for the household: no shared cache may keep it.
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 480 });

    // A new receipt replaces the old one, which is no longer served.
    const replaced = await uploadReceipt(
      ann.client,
      expense.id,
      multipart('receipt', 'again.png', 'image/png', await receiptPng()),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().receiptUrl).not.toBe(updated.receiptUrl);
    expect((await ann.client.get(updated.receiptUrl!)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, a wrong field or a JSON body (400), changing nothing', async () => {
    const { admin: ann, people } = await householdWith(['Ann Archer', 'Ben Baker']);
    const expense = await addExpense(ann, people);
    const before = await rowCounts();
    const text = await uploadReceipt(
      ann.client,
      expense.id,
      multipart('receipt', 'receipt.png', 'image/png', 'Total: 30.00\nThank you for shopping'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Please select an image file' });

    const wrongField = await uploadReceipt(
      ann.client,
      expense.id,
      multipart('photo', 'till.png', 'image/png', await receiptPng()),
    );
    expect(wrongField.statusCode).toBe(400);
    const json = await ann.client.post(`/api/expenses/${expense.id}/receipt`, {
      receipt: 'data:image/png;base64,',
    });
    expect(json.statusCode).toBe(400);

    expect(await rowCounts()).toEqual(before);
    expect((await list(ann))[0]!.receiptUrl).toBeNull();
  });

  it('answers 404 for an unknown expense', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    const response = await uploadReceipt(
      ann.client,
      'no-such-expense',
      multipart('receipt', 'till.png', 'image/png', await receiptPng()),
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('GET /api/expenses/export.csv: one row per split, quoted where needed, formulas neutralised', async () => {
    const { admin: ann, others, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const ben = others[0]!;
    const tricky = 'Pizza, "the good one"\nand wings';
    clock = NOW;
    const pizza = await addExpense(ann, people, {
      title: tricky,
      amount: '10.00',
      date: '2026-03-02',
      category: 'dining',
    });
    clock = NOW + 1000;
    await addExpense(ben, [ann, ben], {
      title: '=HYPERLINK("http://evil.example","Click")',
      amount: '5.00',
      date: '2026-03-01',
    });
    clock = NOW + 2000;
    await addExpense(ann, [ann, ben], {
      title: '@SUM(A1:A9)',
      amount: '1.00',
      date: '2026-02-28',
      category: 'other',
    });
    expect((await settle(ben, splitOf(pizza, ben).id)).statusCode).toBe(200);

    const response = await ben.client.get('/api/expenses/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment/);
    expect(response.body.split('\r\n')[0]).toBe('date,title,category,payer,member,amount,settled');
    expect(response.body).toContain('"Pizza, ""the good one""\nand wings"');

    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual(['date', 'title', 'category', 'payer', 'member', 'amount', 'settled']);
    expect(rows).toHaveLength(3 + 2 + 2);
    const pizzaRows = rows.filter((r) => r[1] === tricky);
    expect(pizzaRows.map((r) => r[4]).sort()).toEqual(['Ann A.', 'Ben B.', 'Cat C.']);
    for (const row of pizzaRows) {
      expect(row.slice(0, 4)).toEqual(['2026-03-02', tricky, 'dining', 'Ann A.']);
      expect(row[6]).toBe(row[4] === 'Cat C.' ? 'false' : 'true');
    }
    expect(pizzaRows.map((r) => cents(r[5]!)).reduce((a, b) => a + b, 0)).toBe(1000);

    // Cells a spreadsheet would run as formulas start with a quote instead.
    const formulas = rows.filter((r) => r[1]!.includes('HYPERLINK') || r[1]!.includes('SUM'));
    expect(formulas).toHaveLength(4);
    for (const row of formulas) {
      expect(row[1]).toMatch(/^'[=@]/);
      expect(row.every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
    }
    expect(formulas.find((r) => r[1]!.includes('HYPERLINK'))!.slice(3, 6)).toEqual([
      'Ben B.',
      expect.any(String),
      '2.50',
    ]);
    expect(rows.map((r) => r[0])).toEqual([...rows.map((r) => r[0]!)].sort().reverse());
  });

  it("GET /api/export.json: the caller's household, expenses, chores and messages, nothing of others", async () => {
    const home = await householdWith(['Ann Archer', 'Ben Baker']);
    const away = await householdWith(['Zed Zimmer', 'Yan Young']);
    const ann = home.admin;
    const expense = await addExpense(ann, home.people, { title: 'Shared rug' });
    expect(
      (
        await ann.client.post('/api/chores', {
          title: 'Hoover the rug',
          assignedTo: ann.user.id,
          dueDate: '2026-03-12T18:00:00.000Z',
        })
      ).statusCode,
    ).toBe(201);
    expect((await ann.client.post('/api/messages', { content: 'Rug is here' })).statusCode).toBe(201);

    await addExpense(away.admin, away.people, { title: 'Secret vault', description: 'Hidden cash' });
    await away.admin.client.post('/api/chores', {
      title: 'Secret chore',
      assignedTo: away.admin.user.id,
      dueDate: '2026-03-12T18:00:00.000Z',
    });
    await away.admin.client.post('/api/messages', { content: 'Secret message' });

    const response = await home.others[0]!.client.get('/api/export.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const data = response.json() as {
      household: { id: string; name: string; members: { userId: string }[] };
      expenses: ExpenseView[];
      chores: { title: string }[];
      messages: { content: string }[];
    };
    expect(data.household).toMatchObject({ id: home.household.id, name: home.household.name });
    expect(data.household.members.map((m) => m.userId).sort()).toEqual(
      home.people.map((p) => p.user.id).sort(),
    );
    expect(data.expenses).toEqual([expense]);
    expect(data.chores.map((c) => c.title)).toEqual(['Hoover the rug']);
    expect(data.messages.map((m) => m.content)).toContain('Rug is here');
    for (const secret of [
      'Secret',
      'Hidden cash',
      away.household.id,
      away.household.inviteCode,
      ...away.people.map((p) => p.user.id),
    ]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/password/i);
  });
});

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
      });
      expect(response.body).not.toContain(ann.user.email);
    }
    expect(await ownerView()).toEqual(before);
    expect((await list(outsider)).map((e) => e.title)).toEqual(['Own bill']);
  });
});
