import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '#shared/dashboard/api.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { parse } from '../../http/errors.ts';
import { dashboard, home } from './queries.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: Context): void {
  const { db } = ctx;

  route(
    app,
    dashboardApi.home,
    async (request, reply) => {
      const member = await requireMember(ctx, request, reply);
      const query = parse(dashboardApi.home.query, request.query);
      return home(db, member.householdId, member.userId, ctx.now(), query.tz);
    },
    { config: { cache: 'member' } },
  );

  route(app, dashboardApi.dashboard, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const query = parse(dashboardApi.dashboard.query, request.query);
    return dashboard(db, member.householdId, query.period, ctx.now(), query.tz);
  });
}
