import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthCache } from '../cache/auth-cache.ts';
import type { ReadCache } from '../cache/read-cache.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Downloads } from '../downloads/downloads.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Publisher } from '../realtime/hub.ts';
import { findMembership } from './members.ts';
import { currentSession, readSession, SESSION_COOKIE } from './sessions.ts';

export interface Context {
  db: Db;
  config: Config;
  /** The clock every time-based rule reads (rate-limit windows, expiries). */
  now: () => number;
  /** Real-time events to households and users, on every instance. */
  events: Publisher;
  /** Cached answers of the hot household reads; dropped on every write (cache/read-cache.ts). */
  reads: ReadCache;
  /** Sessions and memberships already read; dropped with the read cache (cache/auth-cache.ts). */
  auth: AuthCache;
  /** The whole-history downloads (exports, the expenses CSV, the calendar feed). */
  downloads: Downloads;
}

/** The signed-in user's id; 401 when nobody is signed in. */
export async function requireUser(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const userId = await readSession(ctx.db, ctx.config, request, reply, ctx.auth);
  if (!userId) throw unauthorized();
  return userId;
}

export interface MemberContext {
  userId: string;
  householdId: string;
  role: 'admin' | 'member';
}

/**
 * The signed-in user's household membership. Every household-owned query takes the household id
 * from here, never from the client. 404 when the user is in no household.
 */
export function requireMember(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<MemberContext> {
  // A cached read checks membership before its route runs (cache/cached-reads.ts): once a request.
  let found = checkedMembers.get(request);
  if (!found) {
    found = findMember(ctx, request, reply);
    checkedMembers.set(request, found);
  }
  return found;
}

const checkedMembers = new WeakMap<FastifyRequest, Promise<MemberContext>>();

async function findMember(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<MemberContext> {
  const userId = await requireUser(ctx, request, reply);
  const membership = await ctx.auth.membership(
    userId,
    async () => (await findMembership(ctx.db, userId)) ?? null,
  );
  if (!membership) throw notFound('household.none');
  return membership;
}

/** As requireMember, and 403 unless the member is an administrator. */
export async function requireAdmin(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<MemberContext> {
  const member = await requireMember(ctx, request, reply);
  if (member.role !== 'admin') throw forbidden('household.admin_only');
  return member;
}

/** Who asks for a page: a member of a household, a user in none, or nobody signed in. */
export type Viewer = 'member' | 'user' | 'guest';

/**
 * The viewer a request's session cookie names, through the auth cache; reads only (no sliding
 * extension, no cookie set). The page's hints depend on it (web.ts).
 */
export async function viewerOf(ctx: Context, request: FastifyRequest): Promise<Viewer> {
  const session = await currentSession(ctx.db, ctx.auth, request.cookies[SESSION_COOKIE]);
  if (!session) return 'guest';
  const membership = await ctx.auth.membership(
    session.userId,
    async () => (await findMembership(ctx.db, session.userId)) ?? null,
  );
  return membership ? 'member' : 'user';
}
