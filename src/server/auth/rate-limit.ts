import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { tooManyRequests } from '../http/errors.ts';

export interface Limit {
  /** What is counted, e.g. 'login:ip'. */
  name: string;
  /** Whose attempts: the subject the count is kept for (see `forgetAccountLimits`). */
  per: 'address' | 'email' | 'user' | 'email+address';
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

export const LIMITS = {
  // Failed sign-ins, per address and per (e-mail, address) only: a count over all addresses
  // would let anyone with enough addresses keep the owner out.
  loginPerAddress: { name: 'login:ip', per: 'address', max: 100, windowMs: 10 * MINUTE },
  loginPerEmailAndAddress: { name: 'login:email-ip', per: 'email+address', max: 10, windowMs: 10 * MINUTE },
  registerPerAddress: { name: 'register:ip', per: 'address', max: 20, windowMs: 60 * MINUTE },
  registerPerEmail: { name: 'register:email', per: 'email', max: 5, windowMs: 60 * MINUTE },
  // Joins that did not succeed, i.e. invite-code guesses.
  joinPerUser: { name: 'join:user', per: 'user', max: 20, windowMs: 10 * MINUTE },
  joinPerAddress: { name: 'join:ip', per: 'address', max: 60, windowMs: 10 * MINUTE },
  // Wrong confirmations of DELETE /api/auth/user: guesses at the password by whoever holds a session.
  deleteAccountPerUser: { name: 'delete-account:user', per: 'user', max: 10, windowMs: 60 * MINUTE },
  // Asking for a reset link: per address and per (e-mail, address) answer 429; per e-mail only
  // the e-mails stop (the answer stays 202), so nobody can keep the owner from getting a link.
  resetPerAddress: { name: 'reset:ip', per: 'address', max: 30, windowMs: 60 * MINUTE },
  resetPerEmailAndAddress: { name: 'reset:email-ip', per: 'email+address', max: 5, windowMs: 60 * MINUTE },
  resetMailsPerEmail: { name: 'reset-mail:email', per: 'email', max: 10, windowMs: 60 * MINUTE },
  // Tokens are 32 random bytes: this only stops a flood of guesses.
  resetConfirmPerAddress: { name: 'reset-confirm:ip', per: 'address', max: 30, windowMs: 10 * MINUTE },
  // Wrong current passwords: guesses by whoever holds a session.
  changePasswordPerUser: { name: 'change-password:user', per: 'user', max: 10, windowMs: 60 * MINUTE },
  // Every request to change the e-mail counts: each sends mail to an address the member typed.
  changeEmailPerUser: { name: 'change-email:user', per: 'user', max: 5, windowMs: 60 * MINUTE },
  // As for reset links, this only stops a flood of guesses at 32 random bytes.
  confirmEmailPerAddress: { name: 'confirm-email:ip', per: 'address', max: 30, windowMs: 10 * MINUTE },
  // Invites e-mailed by one member: enough for a whole flat, too few to use Hearth to send spam.
  emailInvitesPerUser: { name: 'email-invite:user', per: 'user', max: 20, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, Limit>;

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** The subject of a per-(e-mail, address) limit; an e-mail never contains a space. */
export const emailAndAddress = (email: string, address: string) => `${email} ${address}`;

/**
 * The address a limit counts: IPv4 as it is, IPv6 by its /64, since one host or household
 * usually holds a whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // An IPv4 tail counts as two groups; it lies beyond the first 64 bits either way.
  const width = (part: string) => groups(part).reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array(8 - width(head) - width(tail)).fill('0');
  const all = [...groups(head), ...zeros, ...groups(tail ?? '')];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Whole seconds until the window that `now` falls in ends. */
function secondsLeft(limit: Limit, now: number): number {
  return Math.max(1, Math.ceil((limit.windowMs - (now % limit.windowMs)) / 1000));
}

/**
 * Counts one attempt in a fixed window kept in the database, so every app instance shares the
 * count and a restart does not reset it. Throws 429 with Retry-After once the allowance is used up.
 */
export async function consume(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<void> {
  const windowStart = now - (now % limit.windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key: keyOf(limit, subject), window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count > limit.max) throw tooManyRequests(secondsLeft(limit, now));
}

/** Takes back one attempt counted at `now`, unless its window has already passed. */
async function refund(db: Db, limit: Limit, subject: string, now: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', keyOf(limit, subject))
    .where('window_start', '=', now - (now % limit.windowMs))
    .where('count', '>', 0)
    .execute();
}

export interface Attempt {
  /** The attempt succeeded: it no longer counts, since only failures are limited. */
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt against each limit in turn, before the work it guards, so a burst of
 * parallel guesses cannot all slip under the limit. When one limit refuses, the ones before it
 * take the attempt back: an attempt refused for one reason is not held against the others.
 */
export async function countAttempt(
  db: Db,
  checks: ReadonlyArray<readonly [Limit, string]>,
  now = Date.now(),
): Promise<Attempt> {
  const counted: (readonly [Limit, string])[] = [];
  const refundAll = async () => {
    for (const [limit, subject] of counted) await refund(db, limit, subject, now);
  };
  for (const check of checks) {
    try {
      await consume(db, check[0], check[1], now);
    } catch (error) {
      await refundAll();
      throw error;
    }
    counted.push(check);
  }
  return { succeeded: refundAll };
}

/** Drops every count kept about an account (its e-mail or its id), as it is deleted. */
export async function forgetAccountLimits(db: Db, account: { id: string; email: string }): Promise<void> {
  const limits: Limit[] = Object.values(LIMITS);
  const keys = limits.flatMap((limit) =>
    limit.per === 'email'
      ? [keyOf(limit, account.email)]
      : limit.per === 'user'
        ? [keyOf(limit, account.id)]
        : [],
  );
  const prefixes = limits
    .filter((limit) => limit.per === 'email+address')
    .map((limit) => keyOf(limit, emailAndAddress(account.email, '')));
  await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        eb('key', 'in', keys),
        // Both engines count characters (code points) in substr.
        ...prefixes.map((prefix) =>
          eb(sql<string>`substr(key, 1, ${sql.lit([...prefix].length)})`, '=', prefix),
        ),
      ]),
    )
    .execute();
}

export async function deleteStaleRateLimits(db: Db, now = Date.now()): Promise<void> {
  const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - longest)
    .execute();
}
