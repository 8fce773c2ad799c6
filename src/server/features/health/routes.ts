import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { apiError } from '#shared/api-errors.ts';
import { healthApi } from '#shared/health/api.ts';
import type { Context } from '../../auth/guards.ts';
import { route } from '../../contracts/route.ts';
import type { Engine } from '../../db/dialect.ts';

export function healthRoutes(app: FastifyInstance, ctx: Context, engine: Engine): void {
  route(app, healthApi.check, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok' as const, database: engine };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', database: engine, ...apiError('server.database_unavailable') });
    }
  });
}
