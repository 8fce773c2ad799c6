// What the expenses-*.test.ts files share: the shapes the API answers, the app each file sets up
// with setUpExpensesApp, and helpers that sign people up, add expenses and read the lists and
// balances. The ledger-*.test.ts files use some of them too.

import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ExpenseView, HouseholdBalancesView, PaymentView } from '#shared/expenses/api.ts';
import { parseDollarsToCents } from '#shared/money.ts';
import { type Client, householdOf, type Member, type multipart, setUpTestApp } from './helpers.ts';

/** The app's clock at the start of every test. */
export const NOW = Date.parse('2026-03-11T12:00:00.000Z');

export type Person = Member;

/**
 * Registers the calling file's hooks (its own app and database) and returns them with the
 * helpers that work on them. The app's clock, back at NOW before every test, stamps createdAt
 * and settledAt and gives the default expense date.
 */
export function setUpExpensesApp() {
  const t = setUpTestApp(NOW);
  /** Signs up "First Last" people (on this file's app unless another is given) into a household. */
  const householdWith = (names: string[], app: FastifyInstance = t.app) => householdOf(app, names);

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

  return Object.assign(t, { householdWith, rowCounts });
}

/** A create payload as the web form sends it: amounts as strings, one split per member. */
export function payload(
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

export async function addExpense(
  payer: Person,
  members: Person[],
  expense: Record<string, unknown> = {},
  splits?: Record<string, unknown>[],
): Promise<ExpenseView> {
  const response = await payer.client.post('/api/expenses', payload(payer, members, expense, splits));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function list(by: Person, query = ''): Promise<ExpenseView[]> {
  const response = await by.client.get(`/api/expenses${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The viewer's totals in the household's view and their net, dollars as numbers. */
export async function balance(by: Person): Promise<{ totalOwed: number; totalOwing: number; net: number }> {
  const response = await by.client.get('/api/balance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function balances(by: Person): Promise<HouseholdBalancesView> {
  const response = await by.client.get('/api/balance/simplified');
  expect(response.statusCode, response.body).toBe(200);
  // The web app's path answers the same.
  expect((await by.client.get('/api/balances')).json()).toEqual(response.json());
  return response.json();
}

/** Any member may choose the view: simplified (the default) or person to person. */
export async function simplify(by: Person, on: boolean) {
  const response = await by.client.patch('/api/households/current', { simplifyDebts: on });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().simplifyDebts).toBe(on);
}

export async function payments(by: Person): Promise<PaymentView[]> {
  const response = await by.client.get('/api/payments');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function settle(by: Person, splitId: string) {
  return by.client.patch(`/api/expense-splits/${splitId}`, { settled: true });
}
export const splitOf = <S extends { userId: string | null }>(expense: { splits: S[] }, person: Person) => {
  const split = expense.splits.find((s) => s.userId === person.user.id);
  if (!split) throw new Error(`no split for ${person.firstName}`);
  return split;
};
export const cents = (amount: string) => parseDollarsToCents(amount)!;
export const amountsBy = (expense: ExpenseView, people: Person[]) =>
  people.map((p) => splitOf(expense, p).amount);

export const receiptPng = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .png()
    .toBuffer();

export function uploadReceipt(by: Client, expenseId: string, form: ReturnType<typeof multipart>) {
  return by.request({
    method: 'POST',
    url: `/api/expenses/${expenseId}/receipt`,
    payload: form.payload,
    headers: form.headers,
  });
}

/** RFC 4180 reader for the export: quoted cells may hold commas, doubled quotes and newlines. */
export function parseCsv(text: string): string[][] {
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
