import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerEvent } from '#shared/messages/rules.ts';
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

// Writes under these paths change what a household holds (its chat, money, chores, calendar,
// listings, notification choices), never a session or who belongs to which household with which
// role: they leave the auth cache as it is. Every other write drops it as well as the read cache.
const CONTENT_PATHS = [
  '/api/messages',
  '/api/expenses',
  '/api/expense-splits',
  '/api/payments',
  '/api/settle-up',
  '/api/chores',
  '/api/calendar',
  '/api/calendar-events',
  '/api/roommate-listings',
  '/api/notification-settings',
  '/api/push',
];
// The events those writes raise; any other event drops the auth cache too.
const CONTENT_EVENTS = new Set<ServerEvent['type']>([
  'new_message',
  'message_reaction',
  'listing_changed',
  'new_chore',
  'chore_updated',
  'chore_deleted',
  'new_expense',
  'expense_updated',
  'expense_deleted',
  'payment_recorded',
  'payment_deleted',
  'activity',
  'new_calendar_event',
  'calendar_event_updated',
  'calendar_event_deleted',
]);

/** Whether the request's route is one of the content writes above. */
function writesContentOnly(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? '';
  return CONTENT_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

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
 * The auth cache is spared only by the content writes and events listed above, and by nothing
 * else: sessions that end, and every write of accounts and households, drop it as before.
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
      const { householdIds, userIds, readsOnly } = message.invalidate;
      const caches = readsOnly ? reads : every;
      for (const id of householdIds) caches.dropHousehold(id);
      for (const id of userIds) caches.dropUser(id);
      return;
    }
    if ('sessionsEnded' in message) return every.dropUser(message.sessionsEnded.userId);
    if (EPHEMERAL.has(message.event.type)) return;
    const caches = CONTENT_EVENTS.has(message.event.type) ? reads : every;
    if ('userId' in message.audience) caches.dropUser(message.audience.userId);
    else caches.dropHousehold(message.audience.householdId);
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
    const readsOnly = writesContentOnly(request);
    const caches = readsOnly ? reads : every;
    // Dropped at once here, before the database is asked anything more.
    if (writer.householdId) caches.dropHousehold(writer.householdId);
    caches.dropUser(writer.userId);
    try {
      // Only a route that can move the writer to another household needs to read where they are.
      const after = request.routeOptions.config.membership ? await findMembership(db, writer.userId) : null;
      const householdIds = [
        ...new Set([writer.householdId, after?.householdId].filter((id): id is string => !!id)),
      ];
      for (const id of householdIds) caches.dropHousehold(id);
      await bus.publish({
        invalidate: { householdIds, userIds: [writer.userId], ...(readsOnly ? { readsOnly: true } : {}) },
      });
    } catch (error) {
      // Other instances still drop their copies within the TTL; the write itself stands.
      request.log.warn({ err: error }, 'could not announce a cache invalidation');
    }
    return payload;
  });
}
