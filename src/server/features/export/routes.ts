import type { FastifyInstance } from 'fastify';
import { exportFileName } from '#shared/accounts/data.ts';
import { exportApi } from '#shared/export/api.ts';
import { type Context, requireMember, requireUser } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';

/** The data exports, written as they are read (downloads/). */
export function exportRoutes(app: FastifyInstance, ctx: Context): void {
  /** GET /api/export/me: the user's own data as a ZIP, with or without a household (README, Your data). */
  route(app, exportApi.me, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const now = ctx.now();
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('Cache-Control', 'private, no-store')
      .send(ctx.downloads.open('personal', { userId, now }));
  });

  /** GET /api/export.json: everything of the household a member can see, in one document. */
  route(app, exportApi.household, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    return reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="hearth-export.json"')
      .send(ctx.downloads.open('household', { householdId: member.householdId, now: ctx.now() }));
  });
}
