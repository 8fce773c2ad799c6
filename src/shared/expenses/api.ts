import { z } from 'zod';
import { messageAuthor } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { knownApiError } from '../api-errors.ts';
import { daysInOrder, listDay, listIdFilter, listSearchText } from '../search/filters.ts';
import { answerDate, answerInstant, clientIdField } from '../validation.ts';
import { createPaymentSchema } from './payments.ts';
import { EXPENSE_STATUSES, RECURRING_INTERVALS, SPLIT_TYPES } from './rules.ts';
import { createExpenseSchema, updateExpenseSchema } from './schemas.ts';

// Expenses, payments, balances and the trash (docs/money.md). Amounts are 2-decimal strings
// ("12.50", "-3.00") except where an older contract sends numbers of dollars.

/** A split as GET /api/expenses shows it. */
const expenseSplitView = z.strictObject({
  id: z.string(),
  userId: z.string().nullable(),
  user: messageAuthor.nullable(),
  amount: z.string(),
  settled: z.boolean(),
  settledAt: answerInstant.nullable(),
});
export type ExpenseSplitView = z.output<typeof expenseSplitView>;

/** An expense as GET /api/expenses shows it, newest first. */
export const expenseView = z.strictObject({
  id: z.string(),
  title: z.string(),
  /** In the household's currency; shares too. */
  amount: z.string(),
  /**
   * Paid in another currency: its code, the amount in it (decimals as that currency is written)
   * and the rate it was converted at (household units per one unit of it); all null otherwise.
   */
  original: z.strictObject({ currency: z.string(), amount: z.string(), exchangeRate: z.string() }).nullable(),
  /** Lists show older categories too, not only the ones offered today. */
  category: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  paidBy: z.string().nullable(),
  paidByUser: messageAuthor.nullable(),
  /** The day it was spent, YYYY-MM-DD. */
  date: answerDate,
  createdAt: answerInstant,
  splitType: z.enum(SPLIT_TYPES),
  isRecurring: z.boolean(),
  recurrenceFrequency: z.enum(RECURRING_INTERVALS).nullable(),
  /** For a copy a recurring expense made: the expense that repeats. */
  recurrenceSourceId: z.string().nullable(),
  recurringEndDate: answerDate.nullable(),
  nextOccurrenceDate: answerDate.nullable(),
  splits: z.array(expenseSplitView),
  settledPercent: z.number(),
  fullySettled: z.boolean(),
});
export type ExpenseView = z.output<typeof expenseView>;

/** A payment: money that moved from one member to another. */
const paymentView = z.strictObject({
  id: z.string(),
  fromUserId: z.string(),
  toUserId: z.string(),
  amount: z.string(),
  /** The day the money moved (YYYY-MM-DD). */
  date: answerDate,
  note: z.string().nullable(),
  /** The shares this payment settled, when it was recorded by settling them. */
  splitIds: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: answerInstant,
  /** Set while the payment is in the household's trash. */
  deletedAt: answerInstant.nullable(),
});
export type PaymentView = z.output<typeof paymentView>;

/** The viewer's totals in the household's view, dollars as numbers. */
const balanceTotalsView = z.strictObject({
  totalOwed: z.number(),
  totalOwing: z.number(),
  /** What the viewer is owed overall (negative: what they owe). */
  net: z.number(),
});
export type BalanceTotalsView = z.output<typeof balanceTotalsView>;

/** One debt shown: `from` owes `to`, dollars as a number. */
const debtView = z.strictObject({
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  /** The expenses behind it, newest first (explanations: GET /api/balances/explain). */
  expenseIds: z.array(z.string()),
});
export type DebtView = z.output<typeof debtView>;

/** Both views of the household's debts and its choice between them. */
const householdBalancesView = z.strictObject({
  /** The household's setting: which view its debts are shown and settled in. */
  simplifyDebts: z.boolean(),
  /** Net per member, dollars as numbers (older contract). */
  members: z.array(z.strictObject({ userId: z.string(), net: z.number() })),
  simplified: z.array(debtView),
  pairwise: z.array(debtView),
});
export type HouseholdBalancesView = z.output<typeof householdBalancesView>;

/** A member's net as the ledger makes it: paid − shares + payments made − payments received. */
const memberNetView = z.strictObject({
  userId: z.string(),
  paid: z.string(),
  shares: z.string(),
  paymentsMade: z.string(),
  paymentsReceived: z.string(),
  net: z.string(),
});
export type MemberNetView = z.output<typeof memberNetView>;

/** A line of a person-to-person breakdown: positive adds to what `from` owes `to`. */
const pairLineView = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('expense'),
    id: z.string(),
    title: z.string(),
    date: answerDate,
    amount: z.string(),
  }),
  z.strictObject({
    kind: z.literal('payment'),
    id: z.string(),
    date: answerDate,
    note: z.string().nullable(),
    amount: z.string(),
  }),
]);
export type PairLineView = z.output<typeof pairLineView>;

/** Why `from` owes `to` what a view shows; the lines add up to `amount`. */
const explanationView = z.discriminatedUnion('view', [
  z.strictObject({
    view: z.literal('pairwise'),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    lines: z.array(pairLineView),
  }),
  z.strictObject({
    view: z.literal('simplified'),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    members: z.array(memberNetView),
    /** Why this transfer, in words. */
    reason: z.string(),
  }),
]);
export type ExplanationView = z.output<typeof explanationView>;

/** What can still be restored, newest deletion first. */
const trashView = z.strictObject({
  expenses: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      amount: z.string(),
      date: answerDate,
      deletedAt: answerInstant,
      deletedBy: z.string().nullable(),
    }),
  ),
  payments: z.array(paymentView),
});
export type TrashView = z.output<typeof trashView>;

/** What a settle-up recorded. */
const settleUpView = z.strictObject({
  /** The one payment recorded, of exactly the debt shown. */
  payment: paymentView,
  /** Its amount in dollars (older contract). */
  amount: z.number(),
  /** How many of the caller's shares it settled. */
  settledSplits: z.number(),
});
export type SettleUpView = z.output<typeof settleUpView>;

const idParams = z.object({ id: z.string().min(1).max(100) });
/** An older page starts after the last id of the one before. */
const pageQuery = z.object({ before: z.string().max(100).optional() });

/** The filters of the expenses list and its counts, all optional and combined (docs/expenses.md, Filters). */
const expenseFilters = {
  /** Contained in the title, category, description or notes, ignoring case. */
  q: listSearchText,
  /** A member's user id: expenses they paid or have a share in. */
  member: listIdFilter,
  category: listIdFilter,
  /** Inclusive days (YYYY-MM-DD) on the expense's date. */
  from: listDay('from'),
  to: listDay('to'),
};

const expenseListQuery = pageQuery
  .extend({
    ...expenseFilters,
    status: z.enum(EXPENSE_STATUSES, { error: knownApiError('expense.status_invalid') }).optional(),
  })
  .refine(daysInOrder.check, daysInOrder.params);

/** How many expenses of the household match, per tab of the Expenses screen. */
const expenseCountsView = z.strictObject({ all: z.number(), unsettled: z.number(), settled: z.number() });
export type ExpenseCountsView = z.output<typeof expenseCountsView>;

const expenseOperation = { tag: 'Expenses', access: 'member' } as const;

export const expensesApi = {
  list: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/expenses',
    summary:
      "A page of the household's expenses, newest first, filtered by q, member, category, from, to, status",
    query: expenseListQuery,
    responses: { 200: z.array(expenseView) },
  }),
  counts: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/expenses/counts',
    summary: "How many of the household's expenses match the filters: all, unsettled and settled",
    query: z.object(expenseFilters).refine(daysInOrder.check, daysInOrder.params),
    responses: { 200: expenseCountsView },
  }),
  create: operation({
    ...expenseOperation,
    method: 'POST',
    path: '/api/expenses',
    summary: 'Add an expense and its shares',
    body: createExpenseSchema,
    responses: { 201: expenseView },
  }),
  update: operation({
    ...expenseOperation,
    method: 'PATCH',
    path: '/api/expenses/:id',
    summary: 'Edit an expense, and its shares when they change',
    params: idParams,
    body: updateExpenseSchema,
    responses: { 200: expenseView },
  }),
  remove: operation({
    ...expenseOperation,
    method: 'DELETE',
    path: '/api/expenses/:id',
    summary: 'Move an expense (with series=true, also the expense it repeats) to the trash',
    params: idParams,
    query: z.object({
      series: z.enum(['true', 'false'], { error: 'series must be true or false' }).default('false'),
    }),
    responses: { 204: null },
  }),
  restore: operation({
    ...expenseOperation,
    method: 'POST',
    path: '/api/expenses/:id/restore',
    summary: 'Bring an expense back from the trash',
    params: idParams,
    responses: { 200: expenseView },
  }),
  settleSplit: operation({
    ...expenseOperation,
    method: 'PATCH',
    path: '/api/expense-splits/:id',
    summary: 'Settle one share, recording its payment to the payer',
    params: idParams,
    body: z.object({ settled: z.boolean({ error: 'settled must be true or false' }) }),
    responses: { 200: expenseSplitView },
  }),
  balance: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/balance',
    summary: "The viewer's totals owed and owing",
    responses: { 200: balanceTotalsView },
  }),
  balances: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/balances',
    summary: "The household's debts in both views, and which one it uses",
    responses: { 200: householdBalancesView },
  }),
  simplifiedBalances: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/balance/simplified',
    summary: 'The same answer as GET /api/balances, under its older name',
    responses: { 200: householdBalancesView },
  }),
  explain: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/balances/explain',
    summary: 'Why one member owes another what a view shows',
    query: z.object({
      from: z.string({ error: 'from is required' }).min(1).max(100),
      to: z.string({ error: 'to is required' }).min(1).max(100),
      view: z.enum(['pairwise', 'simplified'], { error: 'view must be pairwise or simplified' }).optional(),
    }),
    responses: { 200: explanationView },
  }),
  settleUp: operation({
    ...expenseOperation,
    method: 'POST',
    path: '/api/settle-up',
    summary: 'Pay a member exactly the debt shown to them',
    body: z.object({
      toUserId: z.string({ error: 'toUserId is required' }).min(1).max(100),
      clientId: clientIdField.optional(),
    }),
    responses: { 200: settleUpView },
  }),
  receipt: operation({
    ...expenseOperation,
    method: 'POST',
    path: '/api/expenses/:id/receipt',
    summary: 'Attach a receipt photo to an expense, replacing any before',
    params: idParams,
    body: { multipart: { receipt: 'file' } },
    responses: { 200: expenseView },
  }),
  exportCsv: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/expenses/export.csv',
    summary: 'Every share of every expense as a spreadsheet',
    responses: { 200: 'text/csv' },
  }),
  createPayment: operation({
    ...expenseOperation,
    method: 'POST',
    path: '/api/payments',
    summary: 'Record money paid from one member to another',
    body: createPaymentSchema,
    // 200: the same device sent it again, and gets the payment its first request recorded.
    responses: { 201: paymentView, 200: paymentView },
  }),
  payments: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/payments',
    summary: "A page of the household's payments, newest first",
    query: pageQuery,
    responses: { 200: z.array(paymentView) },
  }),
  removePayment: operation({
    ...expenseOperation,
    method: 'DELETE',
    path: '/api/payments/:id',
    summary: 'Move a payment to the trash',
    params: idParams,
    responses: { 204: null },
  }),
  restorePayment: operation({
    ...expenseOperation,
    method: 'POST',
    path: '/api/payments/:id/restore',
    summary: 'Bring a payment back from the trash',
    params: idParams,
    responses: { 200: paymentView },
  }),
  exchangeRates: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/expenses/exchange-rates',
    summary: 'The rate last used for each other currency, as the expense form offers it again',
    responses: { 200: z.record(z.string(), z.string()) },
  }),
  trash: operation({
    ...expenseOperation,
    method: 'GET',
    path: '/api/trash',
    summary: 'The expenses and payments that can still be restored',
    responses: { 200: trashView },
  }),
};
