import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type ActivityView, TRASH_DAYS } from '#shared/ledger-view.ts';
import { centsToDollars } from '#shared/money.ts';
import { createPaymentSchema } from '#shared/payments.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { badRequest, forbidden, notFound, parse } from '../../http/errors.ts';
import { announceActivity, recordActivity } from '../activity/queries.ts';
import { isMember } from '../households/queries.ts';
import { memberNames } from './changes.ts';
import { getPayment, insertPayment, listPayments, setPaymentTrashed } from './ledger.ts';
import { trashedExpenses } from './queries.ts';
import { today } from './routes.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });
const listQuery = z.object({ before: z.string().max(100).optional() });
const TRASH_MS = TRASH_DAYS * 86_400_000;

/** Payments (money that moved between two members) and the household's trash (docs/money.md). */
export function paymentRoutes(app: FastifyInstance, ctx: Context): void {
  const { db, events } = ctx;

  app.post('/api/payments', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const input = parse(createPaymentSchema, request.body);
    const from = input.fromUserId ?? member.userId;
    const to = input.toUserId;
    if (from === to) throw badRequest('A payment needs two different members');
    for (const userId of [from, to]) {
      if (!(await isMember(db, member.householdId, userId)))
        throw badRequest('Both people in a payment must be members of your household');
    }
    if (member.userId !== from && member.userId !== to)
      throw forbidden('You can record only a payment you made or received');
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
        const names = memberNames([from, to]);
        const entry = await recordActivity(
          trx,
          {
            householdId: member.householdId,
            actorId: member.userId,
            kind: 'payment_recorded',
            subject: { type: 'payment', id: payment.id },
            summary: `${names.get(from)} paid ${names.get(to)} ${centsToDollars(input.amount)}`,
          },
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

  app.get('/api/payments', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { before } = parse(listQuery, request.query);
    const payments = await listPayments(db, member.householdId, before);
    if (!payments) throw notFound('No such payment to page from');
    return payments;
  });

  app.delete('/api/payments/:id', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(idParams, request.params);
    const payment = await getPayment(db, member.householdId, id);
    if (!payment || payment.deletedAt) throw notFound('Payment not found');
    if (member.userId !== payment.fromUserId && member.userId !== payment.toUserId)
      throw forbidden('Only the two members of a payment can delete it');
    const entry = await db.transaction().execute(async (trx) => {
      if (!(await setPaymentTrashed(trx, member.householdId, id, { by: member.userId }, ctx.now())))
        return null;
      const names = memberNames([payment.fromUserId, payment.toUserId]);
      return recordActivity(
        trx,
        {
          householdId: member.householdId,
          actorId: member.userId,
          kind: 'payment_deleted',
          subject: { type: 'payment', id },
          summary: `${names.get(payment.fromUserId)} paid ${names.get(payment.toUserId)} ${payment.amount}`,
        },
        ctx.now(),
      );
    });
    if (!entry) throw notFound('Payment not found');
    await events.toHousehold(member.householdId, { type: 'payment_deleted', id });
    // Shares it settled are open again.
    if (payment.splitIds.length > 0)
      await events.toHousehold(member.householdId, { type: 'expense_updated' });
    await announceActivity(events, member.householdId, [entry]);
    return reply.status(204).send();
  });

  app.post('/api/payments/:id/restore', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { id } = parse(idParams, request.params);
    const payment = await getPayment(db, member.householdId, id);
    if (!payment?.deletedAt || Date.parse(payment.deletedAt) < ctx.now() - TRASH_MS)
      throw notFound(`No such payment in the trash (deleted items can be restored for ${TRASH_DAYS} days)`);
    const entry = await db.transaction().execute(async (trx) => {
      if (!(await setPaymentTrashed(trx, member.householdId, id, null, ctx.now()))) return null;
      const names = memberNames([payment.fromUserId, payment.toUserId]);
      return recordActivity(
        trx,
        {
          householdId: member.householdId,
          actorId: member.userId,
          kind: 'payment_restored',
          subject: { type: 'payment', id },
          summary: `${names.get(payment.fromUserId)} paid ${names.get(payment.toUserId)} ${payment.amount}`,
        },
        ctx.now(),
      );
    });
    if (!entry) throw notFound('No such payment in the trash');
    const restored = (await getPayment(db, member.householdId, id))!;
    await events.toHousehold(member.householdId, { type: 'payment_recorded', payment: restored });
    if (restored.splitIds.length > 0)
      await events.toHousehold(member.householdId, { type: 'expense_updated' });
    await announceActivity(events, member.householdId, [entry]);
    return restored;
  });

  app.get('/api/trash', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const since = ctx.now() - TRASH_MS;
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
