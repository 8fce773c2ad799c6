import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createExpenseSchema,
  customSplit,
  equalSplit,
  expenseMessages,
  percentageSplit,
  percentagesAddUp,
} from '#shared/expenses.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { badRequest, conflict, forbidden, notFound, parse } from '../../http/errors.ts';
import { isMember } from '../households/queries.ts';
import { processImage } from '../images/process.ts';
import { insertImage } from '../images/queries.ts';
import { readImageUpload } from '../images/upload.ts';
import { notifyExpense } from '../push/notify.ts';
import {
  balanceFor,
  createExpense,
  deleteExpense,
  findSplit,
  getExpense,
  householdBalances,
  listExpenses,
  setReceipt,
  settleSplit,
  settleUp,
} from './queries.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** Expenses a settle-up announces one by one; past this, one event for all. */
const SETTLE_UP_EVENTS = 20;
const listQuery = z.object({ before: z.string().max(100).optional() });
const settleSchema = z.object({ settled: z.boolean({ error: 'settled must be true or false' }) });
const settleUpSchema = z.object({ toUserId: z.string({ error: 'toUserId is required' }).min(1).max(100) });

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

export function expenseRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  app.get('/api/expenses', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { before } = parse(listQuery, request.query);
    return ctx.reads.serve(
      request,
      reply,
      '/api/expenses',
      before ?? null,
      { householdId: member.householdId, viewerId: member.userId },
      async () => {
        const expenses = await listExpenses(db, member.householdId, before);
        if (!expenses) throw notFound('No such expense to page from');
        return expenses;
      },
    );
  });

  app.post('/api/expenses', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { expense, splits } = parse(createExpenseSchema, request.body);
    for (const userId of [expense.paidBy, ...splits.map((s) => s.userId)]) {
      if (!(await isMember(db, member.householdId, userId))) {
        throw badRequest('The payer and everyone in the split must be members of your household');
      }
    }
    // The server decides the cents: equal splits spread the remainder, percentages round by
    // largest remainder, custom amounts must add up within a cent.
    let shares: { userId: string; cents: number }[] | null;
    if (expense.splitType === 'equal') {
      shares = equalSplit(
        expense.amount,
        splits.map((s) => s.userId),
      );
    } else if (expense.splitType === 'percentage' && splits.every((s) => s.percent !== undefined)) {
      if (!percentagesAddUp(splits.map((s) => s.percent!)))
        throw badRequest(expenseMessages.percentagesDontAddUp);
      shares = percentageSplit(
        expense.amount,
        splits.map((s) => ({ userId: s.userId, percent: s.percent! })),
      );
    } else {
      shares = customSplit(
        expense.amount,
        splits.map((s) => ({ userId: s.userId, cents: s.amount })),
      );
    }
    if (!shares) throw badRequest(expenseMessages.splitsDontAddUp);
    const id = await createExpense(
      db,
      member.householdId,
      member.userId,
      {
        title: expense.title,
        amountCents: expense.amount,
        category: expense.category,
        description: expense.description,
        notes: expense.notes,
        paidBy: expense.paidBy,
        date: expense.date ?? today(ctx.now()),
        splitType: expense.splitType,
        isRecurring: expense.isRecurring,
        recurringInterval: expense.recurringInterval,
        recurringEndDate: expense.recurringEndDate ?? null,
        splits: shares,
      },
      ctx.now(),
    );
    const created = (await getExpense(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, { type: 'new_expense', expense: created });
    await notifyExpense(ctx, member.userId, created);
    return reply.status(201).send(created);
  });

  app.delete('/api/expenses/:id', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(idParams, request.params);
    const expense = await getExpense(db, member.householdId, id);
    if (!expense) throw notFound('Expense not found');
    if (expense.fullySettled) throw conflict('A fully settled expense cannot be deleted');
    await deleteExpense(db, member.householdId, id);
    await events.toHousehold(member.householdId, { type: 'expense_deleted', id });
    return reply.status(204).send();
  });

  app.patch('/api/expense-splits/:id', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(idParams, request.params);
    const { settled } = parse(settleSchema, request.body);
    const split = await findSplit(db, member.householdId, id);
    if (!split) throw notFound('Split not found');
    if (!settled) throw badRequest('A settled split cannot be unsettled');
    if (split.user_id === split.paid_by) throw badRequest("The payer's own share has nothing to settle");
    if (member.userId !== split.paid_by && member.userId !== split.user_id) {
      throw forbidden('Only the payer or the member who owes it can settle a split');
    }
    await settleSplit(db, id, ctx.now());
    const expense = (await getExpense(db, member.householdId, split.expense_id))!;
    await events.toHousehold(member.householdId, { type: 'expense_updated', expense });
    return expense.splits.find((s) => s.id === id);
  });

  app.get('/api/balance', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    return ctx.reads.serve(request, reply, '/api/balance', null, { ...member, viewerId: member.userId }, () =>
      balanceFor(db, member.householdId, member.userId),
    );
  });

  // The simplified transfers with their explanations, and the pairwise view. Both paths answer
  // the same: /api/balance/simplified is the name, /api/balances the web app's. The
  // same for every member, kept as a household read.
  for (const url of ['/api/balance/simplified', '/api/balances']) {
    app.get(url, async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      return ctx.reads.serve(
        request,
        reply,
        '/api/balances',
        null,
        { householdId: member.householdId, viewerId: member.userId },
        () => householdBalances(db, member.householdId),
      );
    });
  }

  app.post('/api/settle-up', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { toUserId } = parse(settleUpSchema, request.body);
    if (toUserId === member.userId) throw badRequest('You cannot settle up with yourself');
    if (!(await isMember(db, member.householdId, toUserId)))
      throw notFound('No such member in your household');
    const result = await settleUp(db, member.householdId, member.userId, toUserId, ctx.now());
    if (result.expenseIds.length > SETTLE_UP_EVENTS) {
      // Settling a long history: one event tells every screen to read again, rather than hundreds.
      await events.toHousehold(member.householdId, { type: 'expense_updated' });
    } else {
      for (const expenseId of result.expenseIds) {
        const expense = await getExpense(db, member.householdId, expenseId);
        if (expense) await events.toHousehold(member.householdId, { type: 'expense_updated', expense });
      }
    }
    return { settledSplits: result.settledSplits, amount: result.amount };
  });

  app.post('/api/expenses/:id/receipt', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(idParams, request.params);
    if (!(await getExpense(db, member.householdId, id))) throw notFound('Expense not found');
    const image = await processImage(await readImageUpload(request, 'receipt'));
    await setReceipt(db, member.householdId, id, await insertImage(db, member.userId, image, 'receipt'));
    const expense = (await getExpense(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, { type: 'expense_updated', expense });
    return expense;
  });

  app.get('/api/expenses/export.csv', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="hearth-expenses.csv"')
      .send(ctx.downloads.open('expensesCsv', { householdId: member.householdId }));
  });
}
