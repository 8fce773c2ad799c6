import type { FastifyInstance } from 'fastify';
import { activityApi } from '#shared/activity/api.ts';
import { ACTIVITY_FILTER_KINDS as ACTIVITY_GROUPS } from '#shared/activity/view.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { notFound, parse } from '../../http/errors.ts';
import { listActivity } from './queries.ts';

/** GET /api/activity: who did what in the household, newest first (docs/money.md). */
export function activityRoutes(app: FastifyInstance, ctx: Context): void {
  route(app, activityApi.list, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { before, kind, memberId } = parse(activityApi.list.query, request.query);
    const kinds =
      kind === undefined ? undefined : (ACTIVITY_GROUPS[kind as keyof typeof ACTIVITY_GROUPS] ?? [kind]);
    const page = await listActivity(ctx.db, member.householdId, { before, kinds, memberId });
    if (!page) throw notFound('activity.no_cursor_entry');
    return page;
  });
}
