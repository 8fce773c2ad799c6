import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACTIVITY_FILTER_KINDS as ACTIVITY_GROUPS } from '#shared/activity-view.ts';
import { ACTIVITY_KINDS } from '#shared/ledger-view.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { notFound, parse } from '../../http/errors.ts';
import { listActivity } from './queries.ts';

const activityQuery = z.object({
  before: z.string().max(100).optional(),
  kind: z
    .string()
    .max(40)
    .refine(
      (kind) => Object.hasOwn(ACTIVITY_GROUPS, kind) || (ACTIVITY_KINDS as readonly string[]).includes(kind),
      {
        message: `kind must be one of ${Object.keys(ACTIVITY_GROUPS).join(', ')} or an activity kind`,
      },
    )
    .optional(),
  memberId: z.string().min(1).max(100).optional(),
});

/** GET /api/activity: who did what in the household, newest first (docs/money.md). */
export function activityRoutes(app: FastifyInstance, ctx: Context): void {
  app.get('/api/activity', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { before, kind, memberId } = parse(activityQuery, request.query);
    const kinds =
      kind === undefined ? undefined : (ACTIVITY_GROUPS[kind as keyof typeof ACTIVITY_GROUPS] ?? [kind]);
    const page = await listActivity(ctx.db, member.householdId, { before, kinds, memberId });
    if (!page) throw notFound('No such activity entry to page from');
    return page;
  });
}
