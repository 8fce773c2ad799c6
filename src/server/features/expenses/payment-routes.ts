import type { FastifyInstance } from 'fastify';
import type { ActivityView } from '#shared/activity/api.ts';
import { expensesApi, type PaymentView } from '#shared/expenses/api.ts';
import { restorableSince } from '#shared/expenses/ledger-view.ts';
import { paymentSchema } from '#shared/expenses/payments.ts';
import { currencyExponent, formatAmount } from '#shared/money.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { badRequest, forbidden, notFound, parse } from '../../http/errors.ts';
import { announceActivity, recordActivity } from '../activity/queries.ts';
import { householdCurrency, isMember } from '../households/queries.ts';
import { paymentEntry } from './changes.ts';
import { getPayment, insertPayment, listPayments, setPaymentTrashed } from './ledger.ts';
import { trashedExpenses } from './queries.ts';
import { notRestorable, today } from './routes.ts';

/** A payment as its activity entries name it. */
const entryOf = (p: PaymentView) => ({ id: p.id, from: p.fromUserId, to: p.toUserId, amount: p.amount });

/** Payments (money that moved between two members) and the household's trash (docs/money.md). */
export function paymentRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  route(app, expensesApi.createPayment, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const exponent = currencyExponent(await householdCurrency(db, member.householdId));
    const input = parse(paymentSchema(exponent), request.body);
    const from = input.fromUserId ?? member.userId;
    const to = input.toUserId;
    if (from === to) throw badRequest('payment.same_member');
    for (const userId of [from, to]) {
      if (!(await isMember(db, member.householdId, userId))) throw badRequest('payment.members_only');
    }
    if (member.userId !== from && member.userId !== to) throw forbidden('payment.not_yours');
    const record = () =>
      db.transaction().execute(async (trx) => {
        const payment = await insertPayment(
          trx,
          member.householdId,
          member.userId,
          {
            from,
            to,
            cents: input.amount,
            date: input.date ?? today(ctx.now()),
            note: input.note,
            clientId: input.clientId ?? null,
            splitIds: [],
          },
          ctx.now(),
        );
        if (payment.repeat) return { id: payment.id, entry: null };
        const entry = await recordActivity(
          trx,
          paymentEntry(member, 'payment_recorded', {
            id: payment.id,
            from,
            to,
            amount: formatAmount(input.amount, exponent),
          }),
          ctx.now(),
        );
        return { id: payment.id, entry };
      });
    let result: { id: string; entry: ActivityView | null };
    try {
      result = await record();
    } catch (error) {
      // Two taps at the same moment: the unique device id lets one in; the other answers it.
      if (!input.clientId || !isUniqueViolation(error)) throw error;
      result = await record();
    }
    const payment = (await getPayment(db, member.householdId, result.id))!;
    if (result.entry) {
      await events.toHousehold(member.householdId, { type: 'payment_recorded', payment });
      await announceActivity(events, member.householdId, [result.entry]);
    }
    // A double tap gets the payment the first tap recorded.
    return reply.status(result.entry ? 201 : 200).send(payment);
  });

  route(app, expensesApi.payments, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { before } = parse(expensesApi.payments.query, request.query);
    const payments = await listPayments(db, member.householdId, before);
    if (!payments) throw notFound('payment.no_cursor_entry');
    return payments;
  });

  route(app, expensesApi.removePayment, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.removePayment.params, request.params);
    const payment = await getPayment(db, member.householdId, id);
    if (!payment || payment.deletedAt) throw notFound('payment.not_found');
    if (member.userId !== payment.fromUserId && member.userId !== payment.toUserId)
      throw forbidden('payment.delete_not_allowed');
    const entry = await db.transaction().execute(async (trx) => {
      if (!(await setPaymentTrashed(trx, member.householdId, id, { by: member.userId }, ctx.now())))
        return null;
      return recordActivity(trx, paymentEntry(member, 'payment_deleted', entryOf(payment)), ctx.now());
    });
    if (!entry) throw notFound('payment.not_found');
    await events.toHousehold(member.householdId, { type: 'payment_deleted', id });
    // Shares it settled are open again.
    if (payment.splitIds.length > 0)
      await events.toHousehold(member.householdId, { type: 'expense_updated' });
    await announceActivity(events, member.householdId, [entry]);
    return reply.status(204).send();
  });

  route(app, expensesApi.restorePayment, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(expensesApi.restorePayment.params, request.params);
    const payment = await getPayment(db, member.householdId, id);
    // Only what is still restorable moves back; anything else is not in the trash.
    const entry = await db.transaction().execute(async (trx) => {
      if (!payment || !(await setPaymentTrashed(trx, member.householdId, id, null, ctx.now()))) return null;
      return recordActivity(trx, paymentEntry(member, 'payment_restored', entryOf(payment)), ctx.now());
    });
    if (!entry) throw notRestorable('payment');
    const restored = (await getPayment(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, { type: 'payment_recorded', payment: restored });
    if (restored.splitIds.length > 0)
      await events.toHousehold(member.householdId, { type: 'expense_updated' });
    await announceActivity(events, member.householdId, [entry]);
    return restored;
  });

  route(app, expensesApi.trash, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const since = restorableSince(ctx.now());
    const rows = await db
      .selectFrom('payments')
      .select('id')
      .where('household_id', '=', member.householdId)
      .where('deleted_at', '>=', since)
      .orderBy('deleted_at', 'desc')
      .limit(500)
      .execute();
    const payments = [];
    for (const row of rows) payments.push((await getPayment(db, member.householdId, row.id))!);
    return { expenses: await trashedExpenses(db, member.householdId, since), payments };
  });
}
