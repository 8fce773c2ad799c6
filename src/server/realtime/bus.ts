import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { ServerEvent } from '#shared/messages/schemas.ts';
import type { DatabaseConfig } from '../config.ts';
import type { Db } from '../db/database.ts';

/** Who an event is for: a household's members (optionally but one), or one user's sockets. */
export type Audience = { householdId: string; exceptUserId?: string } | { userId: string };

export interface EventMessage {
  audience: Audience;
  event: ServerEvent;
}

/**
 * Tells every instance to drop cached reads (src/server/cache/read-cache.ts) after a write that
 * raised no event. Not an event: the hub forwards nothing of it to sockets.
 */
export interface InvalidationMessage {
  /** `readsOnly`: sessions and memberships cannot have changed; absent, they go too. */
  invalidate: { householdIds: string[]; userIds: string[]; readsOnly?: true };
}

/**
 * Sessions that ended (logout, expiry, account deletion): every instance closes their sockets
 * and drops the user's cached sessions. All of a user's sessions, or the one named, or all but
 * the one named.
 */
export interface EndedSessions {
  userId: string;
  tokenHash?: string;
  exceptTokenHash?: string;
}

export interface SessionsEndedMessage {
  sessionsEnded: EndedSessions;
}

export type BusMessage = EventMessage | InvalidationMessage | SessionsEndedMessage;

/**
 * Carries real-time events between app instances. In-process on SQLite (one instance); on
 * PostgreSQL, LISTEN/NOTIFY so that an event raised on instance A reaches sockets on instance B.
 */
export interface EventBus {
  /** Resolves once events published anywhere will reach this instance. */
  ready(): Promise<void>;
  /** Called after the bus lost events (a dropped listener came back), so clients can catch up. */
  onResume(handler: () => void): void;
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: (message: BusMessage) => void): void;
  close(): Promise<void>;
}

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    ready: async () => {},
    // In-process delivery never loses events.
    onResume: () => {},
    publish: async (message) => {
      emitter.emit('event', message);
    },
    subscribe: (handler) => {
      emitter.on('event', handler);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

// NOTIFY payloads must stay under 8000 bytes; larger events travel by reference.
const MAX_NOTIFY_BYTES = 7000;
const PAYLOAD_RETENTION_MS = 10 * 60_000;

export function createPostgresBus(
  db: Db,
  config: Extract<DatabaseConfig, { engine: 'postgres' }>,
  log: { warn: (obj: object, msg: string) => void },
): EventBus {
  // One channel per schema, so that several databases in one PostgreSQL cluster stay apart.
  const channel = `hearth_events_${(config.schema ?? 'public').replace(/\W/g, '_')}`.slice(0, 63);
  const handlers: ((message: BusMessage) => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let delivering = Promise.resolve();
  let lostConnection = false;
  const resumeHandlers: (() => void)[] = [];

  const deliver = async (raw: string) => {
    let text = raw;
    if (raw.startsWith('ref:')) {
      const row = await db
        .selectFrom('bus_payloads')
        .select('payload')
        .where('id', '=', raw.slice(4))
        .executeTakeFirst();
      if (!row) return;
      text = row.payload;
    }
    const message = JSON.parse(text) as BusMessage;
    for (const handler of handlers) handler(message);
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: config.url,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    next.on('notification', (notification) => {
      const payload = notification.payload;
      if (notification.channel !== channel || !payload) return;
      // In the order published, even when an earlier event must first be fetched by reference.
      delivering = delivering
        .then(() => deliver(payload))
        .catch((error: unknown) => log.warn({ err: error }, 'could not deliver an event'));
    });
    // A dropped connection is replaced with back-off; sockets stay open meanwhile.
    const reconnect = () => {
      if (closed || client !== next) return;
      client = null;
      lostConnection = true;
      next.removeAllListeners('error');
      next.on('error', () => {});
      next.end().catch(() => {});
      setTimeout(() => void connect(), retryMs);
      // Capped at 2 s: once the database is back, events flow again within a few seconds.
      retryMs = Math.min(retryMs * 2, 2_000);
    };
    next.on('error', (error) => {
      log.warn({ err: error }, 'event listener connection failed; reconnecting');
      reconnect();
    });
    next.on('end', reconnect);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      retryMs = 100;
      if (lostConnection) {
        lostConnection = false;
        for (const handler of resumeHandlers) handler();
      }
    } catch (error) {
      log.warn({ err: error }, 'event listener could not connect; retrying');
      reconnect();
    }
  };
  const ready = connect();

  // Payloads published in the same turn of the event loop go out in one statement: one round
  // trip and one commit for all of them, in the order they were published.
  let waiting: { payload: string; sent: () => void; failed: (error: unknown) => void }[] = [];
  const notifyWaiting = async () => {
    const batch = waiting;
    waiting = [];
    try {
      const payloads = batch.map((item) => item.payload);
      await sql`select pg_notify(${channel}, payload) from unnest(${payloads}::text[]) with ordinality as t (payload, n) order by n`.execute(
        db,
      );
      for (const item of batch) item.sent();
    } catch (error) {
      for (const item of batch) item.failed(error);
    }
  };
  const notify = (payload: string) =>
    new Promise<void>((sent, failed) => {
      if (waiting.length === 0) setImmediate(() => void notifyWaiting());
      waiting.push({ payload, sent, failed });
    });

  return {
    ready: () => ready,
    publish: async (message) => {
      const text = JSON.stringify(message);
      let payload = text;
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        const id = randomUUID();
        const now = Date.now();
        await db.insertInto('bus_payloads').values({ id, payload: text, created_at: now }).execute();
        await db
          .deleteFrom('bus_payloads')
          .where('created_at', '<', now - PAYLOAD_RETENTION_MS)
          .execute();
        payload = `ref:${id}`;
      }
      await notify(payload);
    },
    subscribe: (handler) => {
      handlers.push(handler);
    },
    onResume: (handler) => {
      resumeHandlers.push(handler);
    },
    close: async () => {
      closed = true;
      await ready;
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}
