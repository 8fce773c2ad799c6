import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type ExpenseView, expensesApi } from '#shared/expenses/api.ts';
import { debtBetween } from '#shared/expenses/ledger.ts';
import { TRASH_DAYS } from '#shared/expenses/ledger-view.ts';
import { computeShares, type SplitPart, type SplitType } from '#shared/expenses/rules.ts';
import { expenseMessages, expenseSchemas } from '#shared/expenses/schemas.ts';
import {
  apportion,
  convertAmount,
  currencyExponent,
  formatAmount,
  isCurrency,
  maxAmount,
  parseAmount,
} from '#shared/money.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound, parse } from '../../http/errors.ts';
import { announceActivity, recordActivity } from '../activity/queries.ts';
import { householdCurrency, isMember } from '../households/queries.ts';
import { processImage } from '../images/process.ts';
import { insertImage } from '../images/queries.ts';
import { readImageUpload } from '../images/upload.ts';
import { notifyExpense } from '../push/notify.ts';
import { expenseChanges, expenseEntry, paymentEntry } from './changes.ts';
import {
  balanceFor,
  debtsShown,
  explainDebt,
  getPayment,
  householdBalances,
  insertPayment,
  sharesCovered,
} from './ledger.ts';
import {
  countExpenses,
  createExpense,
  currencyAndMembers,
  findSplit,
  getExpense,
  lastRates,
  listExpenses,
  setReceipt,
  setTrashed,
  updateExpense,
} from './queries.ts';

/** Expenses a settle-up announces one by one; past this, one event for all. */
const SETTLE_UP_EVENTS = 20;

export const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/** The 404 for restoring what is not in the trash, or has been there too long. */
export const notRestorable = (what: 'expense' | 'payment') =>
  notFound(what === 'expense' ? 'expense.not_in_trash' : 'payment.not_in_trash', { days: TRASH_DAYS });

/**
 * Takes the household's row for the rest of the transaction (a write that changes nothing), so
 * two settle-ups at the same moment run one after the other and the second sees the first's
 * payment. SQLite runs one write transaction at a time anyway.
 */
async function lockHousehold(trx: Db, householdId: string): Promise<void> {
  await sql`update households set simplify_debts = simplify_debts where id = ${householdId}`.execute(trx);
}

/** The cents of each share as stored (the same rule as the form's summary), or a 400 saying why not. */
function sharesFor(amountCents: number, splitType: SplitType, parts: SplitPart[]) {
  const result = computeShares(amountCents, splitType, parts);
  if (!result.ok) throw badRequest(expenseMessages[result.problem]);
  return result.shares;
}

/** A split as the API takes it: `amount` is the share's cents. */
const asPart = (s: { userId: string; amount: number; percent?: number | undefined }): SplitPart => ({
  userId: s.userId,
  cents: s.amount,
  percent: s.percent,
});

/** The currency a body's expense names, when it names a real one (its amounts are in it). */
function askedCurrency(body: unknown): string | null {
  const currency = (body as { expense?: { currency?: unknown } } | null)?.expense?.currency;
  return isCurrency(currency) ? currency : null;
}

/**
 * An expense's amount and shares in the household's currency. Paid in another currency, the
 * amount is converted at the rate once and the shares follow it in proportion, so they add up
 * to the converted amount exactly (docs/money.md, Currencies).
 */
function inHouseholdCurrency(
  household: string,
  spent: string,
  amount: number,
  shares: { userId: string; cents: number }[],
  rate: string | undefined,
) {
  if (spent === household) return { amountCents: amount, shares, original: null };
  if (!rate) throw badRequest(expenseMessages.rateRequired);
  const exponent = currencyExponent(household);
  const converted = convertAmount(amount, currencyExponent(spent), rate, exponent);
  if (converted <= 0 || converted > maxAmount(exponent)) throw badRequest(expenseMessages.convertedInvalid);
  const parts = apportion(
    converted,
    shares.map((s) => s.cents),
  );
  return {
    amountCents: converted,
    shares: shares.map((s, i) => ({ userId: s.userId, cents: parts[i] ?? 0 })),
    original: { currency: spent, amountMinor: amount, rate },
  };
}

export function expenseRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  /** Tells every screen of the household about a changed expense. */
  const announceExpense = async (householdId: string, expense: ExpenseView) =>
    events.toHousehold(householdId, { type: 'expense_updated', expense });

  route(
    app,
    expensesApi.list,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      const { before, ...filters } = parse(expensesApi.list.query, request.query);
      const expenses = await listExpenses(db, member.householdId, before, filters);
      if (!expenses) throw notFound('expense.no_cursor_entry');
      return expenses;
    },
    { config: { cache: 'household' } },
  );

  // The tab counts of the whole household, not of the pages a client has loaded.
  route(
    app,
    expensesApi.counts,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      const filters = parse(expensesApi.counts.query, request.query);
      return countExpenses(db, member.householdId, filters);
    },
    { config: { cache: 'household' } },
  );

  route(
    app,
    expensesApi.exchangeRates,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      return lastRates(db, member.householdId);
    },
    { config: { cache: 'household' } },
  );

  route(app, expensesApi.create, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const people = await ctx.auth.people(member.householdId, () =>
      currencyAndMembers(db, member.householdId),
    );
    const household = people.currency;
    const spent = askedCurrency(request.body) ?? household;
    const { expense, splits } = parse(expenseSchemas(currencyExponent(spent)).create, request.body);
    if (![expense.paidBy, ...splits.map((s) => s.userId)].every((id) => people.members.has(id))) {
      throw badRequest('expense.members_only');
    }
    const money = inHouseholdCurrency(
      household,
      spent,
      expense.amount,
      sharesFor(expense.amount, expense.splitType, splits.map(asPart)),
      expense.exchangeRate,
    );
    const title = expense.title;
    const { expense: created, also: entry } = await createExpense(
      db,
      member.householdId,
      member.userId,
      {
        title,
        amountCents: money.amountCents,
        category: expense.category,
        description: expense.description,
        notes: expense.notes,
        paidBy: expense.paidBy,
        date: expense.date ?? today(ctx.now()),
        splitType: expense.splitType,
        isRecurring: expense.isRecurring,
        recurringInterval: expense.recurringInterval,
        recurringEndDate: expense.recurringEndDate ?? null,
        splits: money.shares,
        original: money.original,
      },
      ctx.now(),
      // In the same transaction, so that a new expense costs one commit.
      (trx, created) =>
        recordActivity(
          trx,
          expenseEntry(member, 'expense_created', {
            id: created,
            title,
            amount: formatAmount(money.amountCents, currencyExponent(household)),
          }),
          ctx.now(),
        ),
      people,
    );
    await events.toHousehold(member.householdId, { type: 'new_expense', expense: created });
    await announceActivity(events, member.householdId, [entry]);
    await notifyExpense(ctx, member.userId, created, household);
    return reply.status(201).send(created);
  });

  // Any member may edit an expense, as in Splitwise; every change is in the activity feed.
  route(app, expensesApi.update, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.update.params, request.params);
    const household = await householdCurrency(db, member.householdId);
    const found = await getExpense(db, member.householdId, id);
    // The amounts sent are in the currency the body names, else the one the expense was paid in.
    const beforeSpent = found?.original?.currency ?? household;
    const spent = askedCurrency(request.body) ?? beforeSpent;
    const { expense: fields, splits } = parse(expenseSchemas(currencyExponent(spent)).update, request.body);
    const before = found;
    if (!before) throw notFound('expense.not_found');
    const current = new Set(before.splits.map((s) => s.userId));
    if (fields.paidBy !== undefined && fields.paidBy !== before.paidBy) {
      if (!(await isMember(db, member.householdId, fields.paidBy))) throw badRequest('expense.members_only');
    }
    for (const split of splits ?? []) {
      if (!current.has(split.userId) && !(await isMember(db, member.householdId, split.userId)))
        throw badRequest('expense.members_only');
    }
    const minor = (amount: string, currency: string) => parseAmount(amount, currencyExponent(currency)) ?? 0;
    if (spent !== beforeSpent && fields.amount === undefined)
      throw badRequest(expenseMessages.amountForCurrency);
    const amount =
      fields.amount ??
      (before.original ? minor(before.original.amount, beforeSpent) : minor(before.amount, household));
    const rate = spent === household ? undefined : (fields.exchangeRate ?? before.original?.exchangeRate);
    const splitType = fields.splitType ?? (before.splitType as SplitType);
    const converting =
      spent !== beforeSpent || (rate !== undefined && rate !== before.original?.exchangeRate);
    const reshare =
      splits !== undefined || fields.amount !== undefined || fields.splitType !== undefined || converting;
    let spentShares: { userId: string; cents: number }[] | null = null;
    if (splits) spentShares = sharesFor(amount, splitType, splits.map(asPart));
    else if (reshare && fields.amount === undefined && fields.splitType === undefined) {
      // Only the currency or the rate changed: the shares keep their proportions.
      const kept = before.splits.flatMap((s) =>
        s.userId ? [{ userId: s.userId, cents: minor(s.amount, household) }] : [],
      );
      const parts = apportion(
        amount,
        kept.map((s) => s.cents),
      );
      spentShares = kept.map((s, i) => ({ userId: s.userId, cents: parts[i] ?? 0 }));
    } else if (reshare) {
      if (splitType !== 'equal') throw badRequest('expense.shares_needed', { field: 'splits' });
      spentShares = sharesFor(
        amount,
        'equal',
        before.splits.flatMap((s) => (s.userId ? [{ userId: s.userId }] : [])),
      );
    }
    const money = spentShares ? inHouseholdCurrency(household, spent, amount, spentShares, rate) : null;
    const shares = money?.shares ?? null;
    // Shares equal to the ones kept are not replaced, so their payments stay linked.
    const sameShares =
      shares !== null &&
      shares.length === before.splits.length &&
      shares.every((s) =>
        before.splits.some((old) => old.userId === s.userId && minor(old.amount, household) === s.cents),
      );
    const changes = {
      title: fields.title,
      amountCents:
        money && money.amountCents !== minor(before.amount, household) ? money.amountCents : undefined,
      original: money ? money.original : undefined,
      category: fields.category,
      description: fields.description,
      notes: fields.notes,
      paidBy: fields.paidBy,
      date: fields.date,
      splitType: fields.splitType,
    };
    const entry = await db.transaction().execute(async (trx) => {
      await updateExpense(trx, member.householdId, id, changes, sameShares ? null : shares, ctx.now());
      const after = (await getExpense(trx, member.householdId, id))!;
      const changed = expenseChanges(before, after);
      if (changed.length === 0) return null;
      return recordActivity(trx, expenseEntry(member, 'expense_edited', after, changed), ctx.now());
    });
    const after = (await getExpense(db, member.householdId, id))!;
    await announceExpense(member.householdId, after);
    if (entry) await announceActivity(events, member.householdId, [entry]);
    return after;
  });

  // Deleting moves the expense to the trash, from which any member can restore it. With
  // ?series=true a copy of a recurring expense takes the expense that repeats with it, which
  // stops the repeats (restoring that one starts them again); the copies made stay.
  route(app, expensesApi.remove, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.remove.params, request.params);
    const { series } = parse(expensesApi.remove.query, request.query);
    const expense = await getExpense(db, member.householdId, id);
    if (!expense) throw notFound('expense.not_found');
    if (expense.fullySettled) throw conflict('expense.settled_cannot_delete');
    const source =
      series === 'true' && expense.recurrenceSourceId
        ? await getExpense(db, member.householdId, expense.recurrenceSourceId)
        : null;
    const trashed = [expense, ...(source ? [source] : [])];
    const entries = await db.transaction().execute(async (trx) => {
      const written = [];
      for (const item of trashed) {
        if (
          !(await setTrashed(trx, 'expenses', member.householdId, item.id, { by: member.userId }, ctx.now()))
        )
          continue;
        written.push(await recordActivity(trx, expenseEntry(member, 'expense_deleted', item), ctx.now()));
      }
      return written;
    });
    if (entries.length === 0) throw notFound('expense.not_found');
    for (const entry of entries)
      await events.toHousehold(member.householdId, { type: 'expense_deleted', id: entry.subject.id! });
    await announceActivity(events, member.householdId, entries);
    return reply.status(204).send();
  });

  route(app, expensesApi.restore, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.restore.params, request.params);
    const trashed = await getExpense(db, member.householdId, id, { trashed: true });
    // Only what is still restorable moves back; anything else is not in the trash.
    const entry = await db.transaction().execute(async (trx) => {
      if (!trashed || !(await setTrashed(trx, 'expenses', member.householdId, id, null, ctx.now())))
        return null;
      return recordActivity(trx, expenseEntry(member, 'expense_restored', trashed), ctx.now());
    });
    if (!entry) throw notRestorable('expense');
    const restored = (await getExpense(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, { type: 'new_expense', expense: restored });
    await announceActivity(events, member.householdId, [entry]);
    return restored;
  });

  // Settling a share records a payment of it from its member to the payer, linked to it.
  route(app, expensesApi.settleSplit, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.settleSplit.params, request.params);
    const { settled } = parse(expensesApi.settleSplit.body, request.body);
    const split = await findSplit(db, member.householdId, id);
    if (!split) throw notFound('expense.split_not_found');
    if (!settled) throw badRequest('expense.cannot_unsettle');
    if (split.user_id === split.paid_by) throw badRequest('expense.payer_share');
    if (member.userId !== split.paid_by && member.userId !== split.user_id) {
      throw forbidden('expense.settle_not_allowed');
    }
    if (!split.user_id || !split.paid_by) throw conflict('expense.share_without_debtor');
    const from = split.user_id;
    const to = split.paid_by;
    const entry = await db.transaction().execute(async (trx) => {
      // Claims the share: a second request at the same moment waits for this one's row and then
      // finds it settled, so one payment is recorded.
      const claim = await trx
        .updateTable('expense_splits')
        .set({ settled: true, settled_at: ctx.now() })
        .where('id', '=', id)
        .where('settled', '=', false)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 0) return null;
      const payment = await insertPayment(
        trx,
        member.householdId,
        member.userId,
        {
          from,
          to,
          cents: split.amount_cents,
          date: today(ctx.now()),
          note: null,
          clientId: null,
          splitIds: [id],
        },
        ctx.now(),
      );
      return recordActivity(
        trx,
        paymentEntry(member, 'payment_recorded', {
          id: payment.id,
          from,
          to,
          amount: formatAmount(
            split.amount_cents,
            currencyExponent(await householdCurrency(trx, member.householdId)),
          ),
        }),
        ctx.now(),
      );
    });
    const expense = (await getExpense(db, member.householdId, split.expense_id))!;
    await announceExpense(member.householdId, expense);
    if (entry) {
      await events.toHousehold(member.householdId, { type: 'payment_recorded', id: entry.subject.id! });
      await announceActivity(events, member.householdId, [entry]);
    }
    return expense.splits.find((s) => s.id === id);
  });

  route(
    app,
    expensesApi.balance,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      return balanceFor(db, member.householdId, member.userId);
    },
    { config: { cache: 'member' } },
  );

  // Both views with the household's choice, under two names (/api/balances is the web app's).
  // The same for every member, kept as a household read.
  for (const operation of [expensesApi.simplifiedBalances, expensesApi.balances]) {
    route(
      app,
      operation,
      async (request, reply) => {
        const member = await requireMember(ctx, request, reply);
        return householdBalances(db, member.householdId);
      },
      { config: { cache: 'household' } },
    );
  }

  route(app, expensesApi.explain, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { from, to, view } = parse(expensesApi.explain.query, request.query);
    if (from === to) throw badRequest('balance.same_member');
    return explainDebt(db, member.householdId, from, to, view);
  });

  // Records one payment of exactly the debt shown from the caller to that member.
  route(app, expensesApi.settleUp, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { toUserId, clientId } = parse(expensesApi.settleUp.body, request.body);
    if (toUserId === member.userId) throw badRequest('balance.settle_with_self');
    if (!(await isMember(db, member.householdId, toUserId))) throw notFound('household.no_such_member');
    const result = await db.transaction().execute(async (trx) => {
      await lockHousehold(trx, member.householdId);
      if (clientId) {
        const first = await trx
          .selectFrom('payments')
          .select('id')
          .where('household_id', '=', member.householdId)
          .where('created_by', '=', member.userId)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        if (first) return { paymentId: first.id, splitIds: [] as string[], entry: null };
      }
      const cents = debtBetween(await debtsShown(trx, member.householdId), member.userId, toUserId);
      if (cents === 0) return null;
      const splitIds = await sharesCovered(trx, member.householdId, member.userId, toUserId, cents);
      const payment = await insertPayment(
        trx,
        member.householdId,
        member.userId,
        {
          from: member.userId,
          to: toUserId,
          cents,
          date: today(ctx.now()),
          note: null,
          clientId: clientId ?? null,
          splitIds,
        },
        ctx.now(),
      );
      const entry = await recordActivity(
        trx,
        paymentEntry(member, 'payment_recorded', {
          id: payment.id,
          from: member.userId,
          to: toUserId,
          amount: formatAmount(cents, currencyExponent(await householdCurrency(trx, member.householdId))),
        }),
        ctx.now(),
      );
      return { paymentId: payment.id, splitIds, entry };
    });
    if (!result) throw conflict('balance.nothing_owed');
    const payment = (await getPayment(db, member.householdId, result.paymentId))!;
    if (result.entry) {
      const expenseIds = result.splitIds.length
        ? (
            await db
              .selectFrom('expense_splits')
              .select('expense_id')
              .distinct()
              .where('id', 'in', result.splitIds)
              .execute()
          ).map((r) => r.expense_id)
        : [];
      if (expenseIds.length > SETTLE_UP_EVENTS) {
        // Settling a long history: one event tells every screen to read again, rather than hundreds.
        await events.toHousehold(member.householdId, { type: 'expense_updated' });
      } else {
        for (const expenseId of expenseIds) {
          const expense = await getExpense(db, member.householdId, expenseId);
          if (expense) await announceExpense(member.householdId, expense);
        }
      }
      await events.toHousehold(member.householdId, { type: 'payment_recorded', payment });
      await announceActivity(events, member.householdId, [result.entry]);
    }
    return { payment, amount: Number(payment.amount), settledSplits: payment.splitIds.length };
  });

  route(app, expensesApi.receipt, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.receipt.params, request.params);
    if (!(await getExpense(db, member.householdId, id))) throw notFound('expense.not_found');
    const image = await processImage(await readImageUpload(request, 'receipt'));
    await setReceipt(db, member.householdId, id, await insertImage(db, member.userId, image, 'receipt'));
    const expense = (await getExpense(db, member.householdId, id))!;
    await announceExpense(member.householdId, expense);
    return expense;
  });

  route(app, expensesApi.exportCsv, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="hearth-expenses.csv"')
      .send(ctx.downloads.open('expensesCsv', { householdId: member.householdId }));
  });
}
