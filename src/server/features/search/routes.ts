import type { FastifyInstance } from 'fastify';
import { searchApi } from '#shared/search/api.ts';
import { SEARCH_RESULTS_PER_KIND } from '#shared/search/rules.ts';
import { type Context, requireMember } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import { parse } from '../../http/errors.ts';
import { searchEvents } from '../calendar/queries.ts';
import { searchChores } from '../chores/queries.ts';
import { searchExpenses } from '../expenses/queries.ts';

/** GET /api/search: the household's expenses, chores and events whose text contains q. */
export function searchRoutes(app: FastifyInstance, ctx: Context): void {
  const { db } = ctx;

  // Not kept in the read cache: each text typed would be an entry of its own.
  route(app, searchApi.search, async (request, reply) => {
    const member = await requireMember(ctx, request, reply);
    const { q } = parse(searchApi.search.query, request.query);
    const limit = SEARCH_RESULTS_PER_KIND;
    return {
      expenses: await searchExpenses(db, member.householdId, q, limit),
      chores: await searchChores(db, member.householdId, q, limit),
      events: await searchEvents(db, member.householdId, q, ctx.now(), limit),
    };
  });
}
