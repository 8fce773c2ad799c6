import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { displayName } from '#shared/accounts/users.ts';
import { type ClientFrame, clientFrameSchema, type ServerEvent } from '#shared/messages/schemas.ts';
import { SESSION_ENDED_CLOSE, SESSION_ENDED_REASON } from '#shared/realtime/policy.ts';
import { findMembership, findUserById } from '../auth/members.ts';
import { endSessions, liveSession, SESSION_COOKIE, sessionExpiry } from '../auth/sessions.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/dialect.ts';
import type { Audience, EndedSessions, EventBus } from './bus.ts';

// Limits of the channel (issue: flood and abuse protection).
export const MAX_FRAME_BYTES = 16 * 1024;
const HEARTBEAT_MS = 30_000;
const TYPING_PER_SECOND = 20;
const DROPPED_BEFORE_CLOSE = 100;
// Frames waiting while an earlier one (a `connect`) waits for the database.
const MAX_QUEUED_FRAMES = 64;
// A client that stops reading gets no more frames past this, and is closed.
const MAX_BUFFERED_BYTES = 1024 * 1024;
// The longest a Node timer waits; a session's expiry further away is reached in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;
// After a failed expiry check (database away), the next try.
const EXPIRY_RETRY_MS = 60_000;
// On close, a client that has not answered the closing handshake by then (gone, or too slow to
// matter) is cut off, so one lost phone does not hold up a server's drain.
const CLOSE_HANDSHAKE_MS = 2_000;
/** Close code and reason of a server going away: the client reconnects, to another instance. */
const RESTART_CLOSE = 1012;
const RESTART_REASON = 'Server restarting';

interface Peer {
  socket: WebSocket;
  /** The session the socket was opened with: it closes when that session ends. */
  tokenHash: string;
  expiresAt: number;
  expiryTimer: NodeJS.Timeout | undefined;
  userId: string;
  userName: string;
  householdId: string | null;
  alive: boolean;
  windowStart: number;
  typingInWindow: number;
  dropped: number;
  droppedSince: number;
  /** Frames are handled one at a time, in the order the client sent them. */
  queue: Promise<void>;
  queued: number;
}

export interface Publisher {
  /** Sends an event to a household's confirmed sockets (on every instance). */
  toHousehold(householdId: string, event: ServerEvent, options?: { exceptUserId?: string }): Promise<void>;
  /** Sends an event to every socket of one user. */
  toUser(userId: string, event: ServerEvent): Promise<void>;
  /**
   * Sends an event to the household a user is in, their own sockets among its members'. A user in
   * no household has no socket (the channel is for members), so nobody is told.
   */
  toHouseholdOf(userId: string, event: ServerEvent): Promise<void>;
  /** Closes the sockets of sessions that ended (on every instance): see endSessions. */
  sessionsEnded(ended: EndedSessions): Promise<void>;
}

export interface Hub extends Publisher {
  close(): Promise<void>;
  /** Sockets on this instance (for tests and the benchmark). */
  size(): number;
}

/** Browsers always send Origin on WebSocket upgrades; it must be the app's own. */
function sameOrigin(origin: string, host: string | undefined, publicOrigin: string | null): boolean {
  if (publicOrigin) return origin === publicOrigin;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createHub(app: FastifyInstance, db: Db, config: Config, bus: EventBus): Hub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * MAX_FRAME_BYTES });
  const peers = new Set<Peer>();
  const byHousehold = new Map<string, Set<Peer>>();

  const send = (peer: Peer, text: string) => {
    if (peer.socket.readyState !== peer.socket.OPEN) return;
    if (peer.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      peer.socket.terminate();
      return;
    }
    peer.socket.send(text);
  };

  const leaveHousehold = (peer: Peer) => {
    if (!peer.householdId) return;
    const set = byHousehold.get(peer.householdId);
    set?.delete(peer);
    if (set?.size === 0) byHousehold.delete(peer.householdId);
    peer.householdId = null;
  };

  // Membership changes end a socket's subscription at once, on whichever instance it lives.
  const MEMBERSHIP_ENDING = new Set<ServerEvent['type']>(['user_kicked']);

  /** The session is over: nothing more reaches the socket, and the client knows not to return. */
  const endPeer = (peer: Peer) => {
    clearTimeout(peer.expiryTimer);
    leaveHousehold(peer);
    peer.socket.close(SESSION_ENDED_CLOSE, SESSION_ENDED_REASON);
  };

  const publish = (audience: Audience, event: ServerEvent) => bus.publish({ audience, event });
  const publisher: Publisher = {
    toHousehold: (householdId, event, options) =>
      publish(
        { householdId, ...(options?.exceptUserId ? { exceptUserId: options.exceptUserId } : {}) },
        event,
      ),
    toUser: (userId, event) => publish({ userId }, event),
    toHouseholdOf: async (userId, event) => {
      const membership = await findMembership(db, userId);
      if (membership) await publish({ householdId: membership.householdId }, event);
    },
    sessionsEnded: (ended) => bus.publish({ sessionsEnded: ended }),
  };

  // A session ends at its expiry unless HTTP use has moved it later in the meantime (the
  // sliding expiry): the database says which, when the timer fires.
  let closing = false;
  const watchExpiry = (peer: Peer, waitMs = peer.expiresAt - Date.now()) => {
    clearTimeout(peer.expiryTimer);
    if (closing) return;
    peer.expiryTimer = setTimeout(() => void checkExpiry(peer), Math.min(Math.max(waitMs, 0), MAX_TIMER_MS));
    peer.expiryTimer.unref();
  };
  const checkExpiry = async (peer: Peer) => {
    try {
      const expiresAt = await sessionExpiry(db, peer.tokenHash);
      if (closing || !peers.has(peer)) return;
      if (expiresAt !== null) {
        peer.expiresAt = expiresAt;
        return watchExpiry(peer);
      }
      // Expired: ended like a logout, so every instance closes the session's sockets now.
      await endSessions(db, publisher, { userId: peer.userId, tokenHash: peer.tokenHash });
    } catch (error) {
      app.log.warn({ err: error }, 'could not check a socket’s session');
      if (peers.has(peer)) watchExpiry(peer, EXPIRY_RETRY_MS);
    }
  };

  bus.subscribe((message) => {
    if ('sessionsEnded' in message) {
      const { userId, tokenHash, exceptTokenHash } = message.sessionsEnded;
      for (const peer of peers) {
        if (peer.userId !== userId || peer.tokenHash === exceptTokenHash) continue;
        if (tokenHash === undefined || peer.tokenHash === tokenHash) endPeer(peer);
      }
      return;
    }
    if (!('event' in message)) return;
    const { audience, event } = message;
    // Written once, and only when someone is there to receive it.
    let text: string | undefined;
    const frame = () => (text ??= JSON.stringify(event));
    // Typing frames carry the name read when the socket opened: it follows a rename.
    if (event.type === 'member_updated') {
      for (const peer of peers) if (peer.userId === event.user.id) peer.userName = displayName(event.user);
    }
    if ('userId' in audience) {
      for (const peer of peers) {
        if (peer.userId !== audience.userId) continue;
        send(peer, frame());
        if (
          MEMBERSHIP_ENDING.has(event.type) ||
          (event.type === 'member_left' && event.userId === peer.userId)
        ) {
          leaveHousehold(peer);
        }
      }
      return;
    }
    for (const peer of byHousehold.get(audience.householdId) ?? []) {
      if (peer.userId !== audience.exceptUserId) send(peer, frame());
    }
  });

  const confirm = async (peer: Peer, userId: string, householdId: string) => {
    // A session that ended while its close was on the way confirms nothing.
    if ((await sessionExpiry(db, peer.tokenHash)) === null) return endPeer(peer);
    const membership = await findMembership(db, peer.userId);
    // Only the session's own user, in the household they really are in: anything else gets nothing.
    if (userId !== peer.userId || membership?.householdId !== householdId) return;
    leaveHousehold(peer);
    peer.householdId = householdId;
    const set = byHousehold.get(householdId) ?? new Set<Peer>();
    byHousehold.set(householdId, set);
    set.add(peer);
    send(peer, JSON.stringify({ type: 'connection_confirmed', userId, householdId } satisfies ServerEvent));
  };

  const allowTyping = (peer: Peer): boolean => {
    const now = Date.now();
    if (now - peer.windowStart >= 1000) {
      peer.windowStart = now;
      peer.typingInWindow = 0;
    }
    peer.typingInWindow += 1;
    return peer.typingInWindow <= TYPING_PER_SECOND;
  };

  const drop = (peer: Peer) => {
    // Counted per minute: a long session's occasional bad frame never adds up to a close.
    const now = Date.now();
    if (now - peer.droppedSince >= 60_000) {
      peer.droppedSince = now;
      peer.dropped = 0;
    }
    peer.dropped += 1;
    if (peer.dropped >= DROPPED_BEFORE_CLOSE) peer.socket.close(1008, 'Too many frames');
  };

  /** A frame within the limits and of a known type, or null to drop it. */
  const readFrame = (data: Buffer, isBinary: boolean): ClientFrame | null => {
    if (isBinary || data.length > MAX_FRAME_BYTES) return null;
    try {
      const parsed = clientFrameSchema.safeParse(JSON.parse(data.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  const onFrame = async (peer: Peer, message: ClientFrame) => {
    switch (message.type) {
      case 'connect':
        return confirm(peer, message.userId, message.householdId);
      case 'ping':
        return send(peer, JSON.stringify({ type: 'pong' } satisfies ServerEvent));
      case 'user_typing':
      case 'user_stopped_typing':
        if (!peer.householdId) return;
        // Both kinds share the allowance: either one floods the household alike.
        if (!allowTyping(peer)) return drop(peer);
        // Name and id come from the session, never from the frame.
        return bus.publish({
          audience: { householdId: peer.householdId, exceptUserId: peer.userId },
          event: { type: message.type, userId: peer.userId, userName: peer.userName },
        });
    }
  };

  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname !== '/ws') return refuse(socket, 404, 'Not Found');
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, request.headers.host, config.publicOrigin)) {
      return refuse(socket, 403, 'Forbidden');
    }
    const token = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    const session = token ? await liveSession(db, token) : null;
    const user = session ? await findUserById(db, session.userId) : undefined;
    if (!session || !user) return refuse(socket, 401, 'Unauthorized');
    // The hub closed while the session was read: the client tries again, on another instance.
    if (closing) return refuse(socket, 503, 'Service Unavailable');
    wss.handleUpgrade(request, socket, head, (ws) => {
      const peer: Peer = {
        socket: ws,
        tokenHash: session.tokenHash,
        expiresAt: session.expiresAt,
        expiryTimer: undefined,
        userId: user.id,
        userName: displayName({ firstName: user.first_name, lastName: user.last_name, email: user.email }),
        householdId: null,
        alive: true,
        windowStart: Date.now(),
        typingInWindow: 0,
        dropped: 0,
        droppedSince: Date.now(),
        queue: Promise.resolve(),
        queued: 0,
      };
      peers.add(peer);
      watchExpiry(peer);
      ws.on('pong', () => {
        peer.alive = true;
      });
      ws.on('message', (data, isBinary) => {
        const frame = readFrame(data as Buffer, isBinary);
        if (!frame || peer.queued >= MAX_QUEUED_FRAMES) return drop(peer);
        // In order, so that a frame sent right after `connect` sees its confirmation, and a
        // pong follows the handling of every frame sent before its ping.
        peer.queued += 1;
        peer.queue = peer.queue
          .then(() => onFrame(peer, frame))
          .catch((error: unknown) => app.log.warn({ err: error }, 'frame failed'))
          .finally(() => {
            peer.queued -= 1;
          });
      });
      ws.on('close', () => {
        clearTimeout(peer.expiryTimer);
        leaveHousehold(peer);
        peers.delete(peer);
      });
      ws.on('error', () => ws.terminate());
    });
  };

  // Events may have been lost while the bus was down: every client reconnects (1012, service
  // restart) and refetches what it shows, as it does after any reconnect.
  bus.onResume(() => {
    for (const peer of peers) peer.socket.close(RESTART_CLOSE, 'Reconnect to catch up');
  });

  const upgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    onUpgrade(request, socket, head).catch((error: unknown) => {
      app.log.warn({ err: error }, 'upgrade failed');
      if (isDatabaseUnavailable(error)) refuse(socket, 503, 'Service Unavailable');
      else refuse(socket, 500, 'Internal Server Error');
    });
  };
  app.server.on('upgrade', upgradeListener);

  // Sockets that stop answering pings are closed, so dead connections do not pile up.
  const heartbeat = setInterval(() => {
    for (const peer of peers) {
      if (!peer.alive) {
        peer.socket.terminate();
        continue;
      }
      peer.alive = false;
      peer.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    ...publisher,
    size: () => peers.size,
    close: async () => {
      closing = true;
      clearInterval(heartbeat);
      for (const peer of peers) clearTimeout(peer.expiryTimer);
      app.server.off('upgrade', upgradeListener);
      for (const peer of peers) peer.socket.close(RESTART_CLOSE, RESTART_REASON);
      const cutOff = setTimeout(() => {
        for (const peer of peers) peer.socket.terminate();
      }, CLOSE_HANDSHAKE_MS);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(cutOff);
    },
  };
}
