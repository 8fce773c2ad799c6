import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findMembership } from '../auth/members.ts';
import { currentSessionAndMembership, SESSION_COOKIE } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../realtime/bus.ts';
import type { AuthCache } from './auth-cache.ts';
import type { ReadCache } from './read-cache.ts';

/** What a write drops: the read cache and the auth cache both have this shape. */
export type Droppable = Pick<ReadCache, 'dropHousehold' | 'dropUser' | 'clear'>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Ephemeral: they change nothing a cached read shows.
const EPHEMERAL = new Set(['user_typing', 'user_stopped_typing']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (GET /api/logout): it invalidates like any other write. */
    writes?: boolean;
    /** The writer may be in another household afterwards (create, join, leave, remove). */
    membership?: boolean;
  }
  interface FastifyRequest {
    /** Who sent this state-changing request, and their household before it ran. */
    writer?: { userId: string; householdId: string | null };
  }
}

/**
 * Keeps the read cache and the auth cache honest on every instance:
 * - every household or user event on the bus drops that household's or user's answers;
 * - every state-changing request by a signed-in user drops, here and (through the bus) on every
 *   other instance, the answers of the household they were in before and are in after, and
 *   their own, whether or not the write raised an event (read markers, settle-up, away mode,
 *   imports, account deletion, ...). When in doubt this drops more than it must.
 */
export function registerInvalidation(
  app: FastifyInstance,
  db: Db,
  bus: EventBus,
  { reads, auth }: { reads: Droppable; auth: AuthCache },
): void {
  const caches: Droppable[] = [reads, auth];
  // One object that drops from every cache: the read cache and the auth cache.
  const every: Droppable = {
    dropHousehold: (id) => {
      for (const cache of caches) cache.dropHousehold(id);
    },
    dropUser: (id) => {
      for (const cache of caches) cache.dropUser(id);
    },
    clear: () => {
      for (const cache of caches) cache.clear();
    },
  };

  bus.subscribe((message) => {
    if ('invalidate' in message) {
      const { householdIds, userIds } = message.invalidate;
      for (const id of householdIds) every.dropHousehold(id);
      for (const id of userIds) every.dropUser(id);
      return;
    }
    if ('sessionsEnded' in message) return every.dropUser(message.sessionsEnded.userId);
    if (EPHEMERAL.has(message.event.type)) return;
    if ('userId' in message.audience) every.dropUser(message.audience.userId);
    else every.dropHousehold(message.audience.householdId);
  });

  // Invalidations may have been lost while the bus was down (PostgreSQL listener reconnected).
  bus.onResume(() => every.clear());

  // Read through the auth cache, as the route's own guard reads them: the route then finds
  // them there instead of asking the database again (the answer drops them afterwards).
  const writerOf = async (request: FastifyRequest) => {
    const found = await currentSessionAndMembership(db, auth, request.cookies[SESSION_COOKIE]);
    if (!found) return undefined;
    return { userId: found.session.userId, householdId: found.membership?.householdId ?? null };
  };

  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method) && !request.routeOptions.config.writes) return;
    request.writer = await writerOf(request);
  });

  // onSend runs before the answer leaves: once a client sees its write answered, this
  // instance no longer holds the old answers and the others have been told.
  app.addHook('onSend', async (request, _reply, payload) => {
    const writer = request.writer;
    if (!writer) return payload;
    // Dropped at once here, before the database is asked anything more.
    if (writer.householdId) every.dropHousehold(writer.householdId);
    every.dropUser(writer.userId);
    try {
      // Only a route that can move the writer to another household needs to read where they are.
      const after = request.routeOptions.config.membership ? await findMembership(db, writer.userId) : null;
      const householdIds = [
        ...new Set([writer.householdId, after?.householdId].filter((id): id is string => !!id)),
      ];
      for (const id of householdIds) every.dropHousehold(id);
      await bus.publish({ invalidate: { householdIds, userIds: [writer.userId] } });
    } catch (error) {
      // Other instances still drop their copies within the TTL; the write itself stands.
      request.log.warn({ err: error }, 'could not announce a cache invalidation');
    }
    return payload;
  });
}
