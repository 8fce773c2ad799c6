import type { FastifyInstance } from 'fastify';
import { accountsApi } from '#shared/accounts/api.ts';
import { type SessionView, sessionMessages } from '#shared/accounts/sessions.ts';
import { type Context, requireUser } from '../../auth/guards.ts';
import {
  clearSessionCookies,
  endOtherSessions,
  endSessions,
  liveSessionsOf,
  requestTokenHash,
  sessionTokenHash,
} from '../../auth/sessions.ts';
import { describeUserAgent } from '../../auth/user-agent.ts';
import { route } from '../../contracts/route.ts';
import { notFound, parse } from '../../http/errors.ts';

/** Settings → Security: where the account is signed in, and ending any of it (docs/accounts.md, Sessions). */
export function sessionRoutes(app: FastifyInstance, ctx: Context): void {
  const { db } = ctx;

  route(app, accountsApi.sessions, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const current = requestTokenHash(request);
    const sessions: SessionView[] = (await liveSessionsOf(db, userId, ctx.now())).map((row) => ({
      id: row.id,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      lastSeenAt: new Date(Number(row.last_seen_at ?? row.created_at)).toISOString(),
      ...describeUserAgent(row.user_agent),
      current: row.token_hash === current,
    }));
    // This one first, then the most recently used.
    return sessions.sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
    );
  });

  route(app, accountsApi.endSession, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    const { id } = parse(accountsApi.endSession.params, request.params);
    const tokenHash = await sessionTokenHash(db, userId, id);
    if (!tokenHash) throw notFound(sessionMessages.notFound);
    await endSessions(db, ctx.events, { userId, tokenHash });
    if (tokenHash === requestTokenHash(request)) clearSessionCookies(reply);
    return reply.status(204).send();
  });

  route(app, accountsApi.endOtherSessions, async (request, reply) => {
    const userId = await requireUser(ctx, request, reply);
    await endOtherSessions(db, ctx.events, request, userId);
    return reply.status(204).send();
  });
}
