import type { FastifyInstance } from 'fastify';
import { exportFileName } from '#shared/account-data.ts';
import { type Context, requireMember, requireUser } from '../../auth/guards.ts';
import { listChores } from '../chores/queries.ts';
import { listExpenses } from '../expenses/queries.ts';
import { getHousehold } from '../households/queries.ts';
import { listMessages } from '../messages/queries.ts';
import { buildPersonalExport } from './personal.ts';

/** GET /api/export.json: everything of the household a member can see, in one document. */
export function exportRoutes(app: FastifyInstance, ctx: Context): void {
  /** GET /api/export/me: the user's own data as a ZIP, with or without a household (README, Your data). */
  app.get('/api/export/me', async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const now = ctx.now();
    const zip = await buildPersonalExport(ctx.db, userId, now);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  app.get('/api/export.json', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { db } = ctx;
    const expenses = [];
    let before: string | undefined;
    for (;;) {
      const page = (await listExpenses(db, member.householdId, before)) ?? [];
      expenses.push(...page);
      if (page.length === 0) break;
      before = page[page.length - 1]!.id;
    }
    const messages = [];
    let cursor: string | undefined;
    for (;;) {
      const page = (await listMessages(db, member.householdId, { before: cursor, limit: 200 })) ?? [];
      messages.unshift(...page);
      if (page.length < 200) break;
      cursor = page[0]!.id;
    }
    const chores = [
      ...(await listChores(db, member.householdId, ctx.now())),
      ...(await listChores(db, member.householdId, ctx.now(), {
        before: ctx.now() - 7 * 86_400_000,
        limit: 100_000,
      })),
    ];
    return reply.header('Content-Disposition', 'attachment; filename="hearth-export.json"').send({
      exportedAt: new Date(ctx.now()).toISOString(),
      household: await getHousehold(db, member.householdId),
      expenses,
      chores,
      messages,
    });
  });
}
