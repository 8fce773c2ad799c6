import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_PERIODS } from '#shared/dashboard.ts';
import { timeZoneField } from '#shared/time-zone-field.ts';
import { registerMessages } from '#shared/validation.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { parse } from '../../http/errors.ts';
import { dashboard, home } from './queries.ts';

const routeMessages = registerMessages({
  periodInvalid: 'period must be week, month or all',
} as const);

// Days, 'today' and the chart's buckets are the viewer's: the client sends its time zone.
const tz = timeZoneField('tz').default('UTC');
const homeQuery = z.object({ tz });
const dashboardQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS, { error: routeMessages.periodInvalid }).default('week'),
  tz,
});

export function dashboardRoutes(app: FastifyInstance, ctx: Context): void {
  const { db } = ctx;

  app.get('/api/home', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const query = parse(homeQuery, request.query);
    return ctx.reads.serve(request, reply, '/api/home', query, { ...member, viewerId: member.userId }, () =>
      home(db, member.householdId, member.userId, ctx.now(), query.tz),
    );
  });

  app.get('/api/dashboard', async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const query = parse(dashboardQuery, request.query);
    return dashboard(db, member.householdId, query.period, ctx.now(), query.tz);
  });
}
