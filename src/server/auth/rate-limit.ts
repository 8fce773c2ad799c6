import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { tooManyRequests } from '../http/errors.ts';

export interface Limit {
  /** What is counted, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  loginPerAddress: { name: 'login:ip', max: 100, windowMs: 10 * 60_000 },
  loginPerEmail: { name: 'login:email', max: 10, windowMs: 10 * 60_000 },
  registerPerAddress: { name: 'register:ip', max: 20, windowMs: 60 * 60_000 },
  registerPerEmail: { name: 'register:email', max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Counts one attempt in a fixed window kept in the database, so every app instance shares the
 * count and a restart does not reset it. Throws 429 once the window's allowance is used up.
 */
export async function consume(db: Db, limit: Limit, subject: string, now = Date.now()): Promise<void> {
  const windowStart = now - (now % limit.windowMs);
  const key = `${limit.name}:${subject}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (row.count > limit.max) throw tooManyRequests();
}

export async function deleteStaleRateLimits(db: Db, now = Date.now()): Promise<void> {
  const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - longest)
    .execute();
}
