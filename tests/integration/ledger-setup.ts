// What the ledger-*.test.ts files share: the shapes the API answers, the app each file sets up
// with setUpLedgerApp, and helpers that add expenses, record payments and read the ledger
// (docs/money.md). People, shares and settling come from expenses-setup.ts.

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ActivityPageView } from '#shared/activity/api.ts';
import type {
  BalanceTotalsView,
  DebtView,
  ExpenseView,
  ExplanationView,
  HouseholdBalancesView,
  PaymentView,
  TrashView,
} from '#shared/expenses/api.ts';
import type { Person } from './expenses-setup.ts';
import { householdOf, setUpTestApp } from './helpers.ts';

export { type Person, settle, splitOf } from './expenses-setup.ts';

/** The app's clock at the start of every test; today stays 2026-03-11. */
export const NOW = Date.parse('2026-03-11T12:00:00.000Z');
export const TODAY = '2026-03-11';

export const ZERO: BalanceTotalsView = { totalOwed: 0, totalOwing: 0, net: 0 };
export const MEMBERS_ONLY = 'Both people in a payment must be members of your household';

/**
 * Registers the calling file's hooks (its own app and database) and returns them with the
 * helpers that work on them. The app's clock starts each test at NOW and moves on a millisecond
 * at every reading, so everything written has a moment of its own and "newest first" never
 * meets a tie; today stays 2026-03-11.
 */
export function setUpLedgerApp() {
  const t = setUpTestApp(NOW, { tick: 1 });
  /** Signs up "First Last" people; the first creates the household and the others join in order. */
  const householdWith = (names: string[]) => householdOf(t.app, names);
  return Object.assign(t, { householdWith });
}

/** The answer's JSON, after checking its status. */
export async function json<T>(request: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
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

export async function addExpense(
  payer: Person,
  members: Person[],
  fields: Record<string, unknown> = {},
  splits?: Record<string, unknown>[],
): Promise<ExpenseView> {
  return json(payer.client.post('/api/expenses', expenseBody(payer, members, fields, splits)), 201);
}

export const editExpense = (by: Person, id: string, body: Record<string, unknown>) =>
  json<ExpenseView>(by.client.patch(`/api/expenses/${id}`, body));
export const expenses = (by: Person) => json<ExpenseView[]>(by.client.get('/api/expenses'));
export const payments = (by: Person, query = '') =>
  json<PaymentView[]>(by.client.get(`/api/payments${query}`));
export const balance = (by: Person) => json<BalanceTotalsView>(by.client.get('/api/balance'));
export const balances = (by: Person) => json<HouseholdBalancesView>(by.client.get('/api/balances'));
export const trash = (by: Person) => json<TrashView>(by.client.get('/api/trash'));
export const activity = (by: Person, query = '') =>
  json<ActivityPageView>(by.client.get(`/api/activity${query}`));

export async function pay(
  by: Person,
  to: Person,
  amount: string | number,
  extra: Record<string, unknown> = {},
): Promise<PaymentView> {
  return json(by.client.post('/api/payments', { toUserId: to.user.id, amount, ...extra }), 201);
}

export async function setSimplify(by: Person, on: boolean) {
  const household = await json<{ simplifyDebts: boolean }>(
    by.client.patch('/api/households/current', { simplifyDebts: on }),
  );
  expect(household.simplifyDebts).toBe(on);
}

export function explain(by: Person, from: Person, to: Person, view?: 'pairwise' | 'simplified') {
  const query = `from=${from.user.id}&to=${to.user.id}${view ? `&view=${view}` : ''}`;
  return json<ExplanationView>(by.client.get(`/api/balances/explain?${query}`));
}

/** "12.34" or "-3.00" (or a number of dollars) → integer cents. */
export const cents = (amount: string | number) => Math.round(Number(amount) * 100);
export const debt = (from: Person, to: Person, amount: number) => ({
  from: from.user.id,
  to: to.user.id,
  amount,
});
/** Debts without the expenses behind them, in a fixed order to compare. */
export const debts = (list: Pick<DebtView, 'from' | 'to' | 'amount'>[]) =>
  list
    .map(({ from, to, amount }) => ({ from, to, amount }))
    .sort((x, y) => `${x.from}>${x.to}`.localeCompare(`${y.from}>${y.to}`));

/** Every figure of the household's balances, as each member sees them. */
export async function figures(people: Person[]) {
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
