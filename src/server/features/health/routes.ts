import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Context } from '../../auth/guards.ts';
import type { Engine } from '../../db/dialect.ts';

export function healthRoutes(app: FastifyInstance, ctx: Context, engine: Engine): void {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ok', database: engine };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', database: engine, message: 'The database is unavailable' });
    }
  });
}
