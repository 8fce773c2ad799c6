import type { FastifyInstance } from 'fastify';
import { type Context, requireMember } from '../../auth/guards.ts';
import { listChores } from '../chores/queries.ts';
import { listExpenses } from '../expenses/queries.ts';
import { getHousehold } from '../households/queries.ts';
import { listMessages } from '../messages/queries.ts';

/** GET /api/export.json: everything of the household a member can see, in one document. */
export function exportRoutes(app: FastifyInstance, ctx: Context): void {
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
