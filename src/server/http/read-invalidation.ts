import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, userIdForToken } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { findMembership } from '../features/households/queries.ts';
import type { EventBus } from '../realtime/bus.ts';
import type { ReadCache } from './read-cache.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Ephemeral: they change nothing a cached read shows.
const EPHEMERAL = new Set(['user_typing', 'user_stopped_typing']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent this state-changing request, and their household before it ran. */
    writer?: { userId: string; householdId: string | null };
  }
}

/**
 * Keeps the read cache honest on every instance:
 * - every household or user event on the bus drops that household's or user's answers;
 * - every state-changing request by a signed-in user drops, here and (through the bus) on every
 *   other instance, the answers of the household they were in before and are in after, and
 *   their own, whether or not the write raised an event (read markers, settle-up, away mode,
 *   imports, account deletion, ...). When in doubt this drops more than it must.
 */
export function registerReadInvalidation(
  app: FastifyInstance,
  db: Db,
  bus: EventBus,
  reads: ReadCache,
  now: () => number,
): void {
  bus.subscribe((message) => {
    if ('invalidate' in message) {
      const { householdIds, userIds } = message.invalidate;
      for (const id of householdIds) reads.dropHousehold(id);
      for (const id of userIds) reads.dropUser(id);
      return;
    }
    if (EPHEMERAL.has(message.event.type)) return;
    if ('userId' in message.audience) reads.dropUser(message.audience.userId);
    else reads.dropHousehold(message.audience.householdId);
  });

  // Invalidations may have been lost while the bus was down (PostgreSQL listener reconnected).
  bus.onResume(() => reads.clear());

  const writerOf = async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    const userId = token ? await userIdForToken(db, token, now()) : null;
    if (!userId) return undefined;
    const membership = await findMembership(db, userId);
    return { userId, householdId: membership?.householdId ?? null };
  };

  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    request.writer = await writerOf(request);
  });

  // onSend runs before the answer leaves: once a client sees its write answered, this
  // instance no longer holds the old answers and the others have been told.
  app.addHook('onSend', async (request, _reply, payload) => {
    const writer = request.writer;
    if (!writer) return payload;
    // Dropped at once here, before the database is asked anything more.
    if (writer.householdId) reads.dropHousehold(writer.householdId);
    reads.dropUser(writer.userId);
    try {
      const after = await findMembership(db, writer.userId);
      const householdIds = [
        ...new Set([writer.householdId, after?.householdId].filter((id): id is string => !!id)),
      ];
      for (const id of householdIds) reads.dropHousehold(id);
      await bus.publish({ invalidate: { householdIds, userIds: [writer.userId] } });
    } catch (error) {
      // Other instances still drop their copies within the TTL; the write itself stands.
      request.log.warn({ err: error }, 'could not announce a cache invalidation');
    }
    return payload;
  });
}
