import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_COOKIE } from '#shared/accounts/session-cookie.ts';
import type { AuthCache, CachedSession } from '../cache/auth-cache.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { EndedSessions } from '../realtime/bus.ts';
import type { Publisher } from '../realtime/hub.ts';
import { findMembership, type Membership } from './members.ts';

export const SESSION_COOKIE = 'hearth_session';
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
// Sliding expiry, written at most once a day per session rather than on every request.
const REFRESH_AFTER_MS = DAY_MS;

/** A session last extended a day or more ago is extended on its next use. */
export const dueForExtension = (expiresAt: number, now: number) =>
  expiresAt - now < SESSION_TTL_MS - REFRESH_AFTER_MS;

/** How secrets sent to people (session, reset and invite tokens) are kept: only their SHA-256. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret of 32 random bytes, and the hash it is kept as. */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

function setCookie(config: Config, reply: FastifyReply, token: string): void {
  const options = {
    path: '/',
    sameSite: 'lax',
    secure: config.publicOrigin?.startsWith('https://') ?? false,
    maxAge: SESSION_TTL_MS / 1000,
  } as const;
  reply.setCookie(SESSION_COOKIE, token, { ...options, httpOnly: true });
  // Its readable companion, same lifetime: the web app skips GET /api/user without it (decision 0012).
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...options, httpOnly: false });
}

/** Signs the browser out: the session cookie and its companion go together. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** How much of a User-Agent a session keeps: enough to name the browser and system. */
export const USER_AGENT_MAX = 300;

export async function startSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const { token, tokenHash } = newSecretToken();
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash,
      id: newId(),
      user_id: userId,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      user_agent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
      last_seen_at: now,
    })
    .execute();
  setCookie(config, reply, token);
}

/** The token hash of the session the request's cookie names, or undefined. */
export function requestTokenHash(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && token.length <= 100 ? hashToken(token) : undefined;
}

/** The user a session token belongs to, while the session lasts. */
export async function userIdForToken(db: Db, token: string, now = Date.now()): Promise<string | null> {
  return (await liveSession(db, token, now))?.userId ?? null;
}

/** A live session as a WebSocket remembers it: the socket closes when the session ends. */
export interface LiveSession {
  tokenHash: string;
  userId: string;
  expiresAt: number;
}

/** The session a token names while it lasts, or null (WebSocket upgrades). */
export async function liveSession(db: Db, token: string, now = Date.now()): Promise<LiveSession | null> {
  if (token.length > 100) return null;
  const tokenHash = hashToken(token);
  const session = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return session ? { tokenHash, userId: session.user_id, expiresAt: session.expires_at } : null;
}

/** When a session ends (HTTP use moves it later), or null once it has ended. */
export async function sessionExpiry(db: Db, tokenHash: string, now = Date.now()): Promise<number | null> {
  const session = await db
    .selectFrom('sessions')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return session?.expires_at ?? null;
}

/**
 * The live session a token names, through the auth cache, or null. Reads only: no extension
 * (the page's hints ask this too, web.ts).
 */
export async function currentSession(
  db: Db,
  cache: AuthCache,
  token: string | undefined,
): Promise<CachedSession | null> {
  if (!token || token.length > 100) return null;
  const session = await cache.session(token, () => loadSession(db, hashToken(token)));
  return session && session.expiresAt > Date.now() ? session : null;
}

async function loadSession(db: Db, tokenHash: string): Promise<CachedSession | null> {
  return (
    (await db
      .selectFrom('sessions')
      .select(['user_id as userId', 'expires_at as expiresAt'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst()) ?? null
  );
}

/**
 * The live session a token names and its user's membership, through the auth cache: one query
 * for both when the cache holds neither (the first read of a write). Reads only.
 */
export async function currentSessionAndMembership(
  db: Db,
  cache: AuthCache,
  token: string | undefined,
): Promise<{ session: CachedSession; membership: Membership | null } | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const found = await cache.sessionAndMembership(
    token,
    async () => {
      const row = await db
        .selectFrom('sessions as s')
        .leftJoin('household_members as m', 'm.user_id', 's.user_id')
        .select([
          's.user_id as userId',
          's.expires_at as expiresAt',
          'm.household_id as householdId',
          'm.role as role',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return null;
      const { userId, householdId, role } = row;
      return {
        session: { userId, expiresAt: row.expiresAt },
        membership: householdId && role ? { userId, householdId, role } : null,
      };
    },
    async (userId) => (await findMembership(db, userId)) ?? null,
  );
  return found && found.session.expiresAt > Date.now() ? found : null;
}

/**
 * The signed-in user's id, or null; extends the session when it was last extended a day ago.
 * Sessions are read through the auth cache (cache/auth-cache.ts).
 */
export async function readSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  cache: AuthCache,
): Promise<string | null> {
  const token = request.cookies[SESSION_COOKIE];
  const session = await currentSession(db, cache, token);
  if (!token || !session) return null;
  const now = Date.now();
  if (dueForExtension(session.expiresAt, now)) {
    await db
      .updateTable('sessions')
      .set({ expires_at: now + SESSION_TTL_MS, last_seen_at: now })
      .where('token_hash', '=', hashToken(token))
      .execute();
    cache.extended(token, now + SESSION_TTL_MS);
    setCookie(config, reply, token);
  }
  return session.userId;
}

/**
 * Ends sessions everywhere at once: deletes them, and closes their WebSockets on every instance
 * (realtime/hub.ts). Logout, expiry and account deletion end sessions here; so should anything
 * else that signs people out (a password change: every session of the user but the one in use).
 */
export async function endSessions(db: Db, events: Pick<Publisher, 'sessionsEnded'>, ended: EndedSessions) {
  let query = db.deleteFrom('sessions').where('user_id', '=', ended.userId);
  if (ended.tokenHash !== undefined) query = query.where('token_hash', '=', ended.tokenHash);
  if (ended.exceptTokenHash !== undefined) query = query.where('token_hash', '<>', ended.exceptTokenHash);
  await query.execute();
  await events.sessionsEnded(ended);
}

/** Logout: ends the session of the request's cookie and signs the browser out. */
export async function endSession(
  db: Db,
  events: Pick<Publisher, 'sessionsEnded'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  clearSessionCookies(reply);
  if (!token || token.length > 100) return;
  const tokenHash = hashToken(token);
  const session = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (session) await endSessions(db, events, { userId: session.user_id, tokenHash });
}

/** The user's live sessions, as the list in Settings shows them (the current one not yet marked). */
export function liveSessionsOf(db: Db, userId: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'token_hash', 'created_at', 'last_seen_at', 'user_agent'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .execute();
}

/** The token hash of one of the user's sessions, by its id; undefined for anyone else's. */
export async function sessionTokenHash(db: Db, userId: string, id: string): Promise<string | undefined> {
  const session = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return session?.token_hash;
}

/** Ends every session of a user but the one the request's cookie holds (a password change). */
export async function endOtherSessions(
  db: Db,
  events: Pick<Publisher, 'sessionsEnded'>,
  request: FastifyRequest,
  userId: string,
): Promise<void> {
  const current = requestTokenHash(request);
  await endSessions(db, events, { userId, ...(current ? { exceptTokenHash: current } : {}) });
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
}
