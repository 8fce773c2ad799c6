import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { NotificationType, PushPayload } from '#shared/push/notifications.ts';
import { parseClock, quietHoursEnd } from '#shared/push/quiet-hours.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { readBoolean } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import { publicAgent } from './public-agent.ts';
import { readSettingsOf, subscriptionsOf, vapidKeys } from './queries.ts';

/** A push to enqueue; `key` names it for deduplication ("message:<id>", "chore-reminder:<id>:<due>"). */
export interface Push {
  key: string;
  payload: PushPayload;
  urgency?: 'normal' | 'high';
}

/** Push services keep a message this long for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** A claim far outlives a send (10 s timeout); the rows of a sender that died wait this long. */
const CLAIM_MS = 5 * 60_000;
const SEND_TIMEOUT_MS = 10_000;
const BATCH = 50;

/** Wait before attempt `attempts + 1`: 30 s, doubling, at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

// Senders of this process by database, so an enqueue can wake them instead of waiting for a sweep.
const wakers = new WeakMap<Db, Set<() => void>>();
export function onEnqueue(db: Db, wake: () => void): () => void {
  const set = wakers.get(db) ?? new Set();
  wakers.set(db, set);
  set.add(wake);
  return () => set.delete(wake);
}

/**
 * Queues a push for each device of each recipient, after checking their settings now (enabled,
 * the type's switch) and holding it until their quiet hours end. Test pushes skip the checks.
 * Returns the number of rows queued; a key already queued for a device is not queued again.
 * Senders of this process are woken at once unless `wake` is false.
 */
export async function enqueue(
  db: Db,
  now: number,
  recipients: string[],
  push: Push,
  options: { wake?: boolean } = {},
): Promise<number> {
  const unique = [...new Set(recipients)];
  if (unique.length === 0) return 0;
  const type = push.payload.type;
  const settings = await readSettingsOf(db, unique);
  const notBefore = new Map<string, number>();
  for (const userId of unique) {
    const s = settings.get(userId)!;
    if (type !== 'test') {
      if (!s.enabled || !s.types[type as NotificationType]) continue;
    }
    const quiet = s.quietHours
      ? { start: parseClock(s.quietHours.start)!, end: parseClock(s.quietHours.end)! }
      : null;
    notBefore.set(userId, (type !== 'test' && quiet && quietHoursEnd(now, quiet, s.timeZone)) || now);
  }
  const devices = await subscriptionsOf(db, [...notBefore.keys()]);
  if (devices.length === 0) return 0;
  const rows = devices.map((device) => ({
    id: newId(),
    user_id: device.userId,
    subscription_id: device.id,
    dedupe_key: `${push.key}:${device.id}`,
    payload: JSON.stringify(push.payload),
    urgency: push.urgency ?? 'normal',
    not_before: notBefore.get(device.userId)!,
    next_attempt_at: notBefore.get(device.userId)!,
    created_at: now,
  }));
  const inserted = await db
    .insertInto('push_outbox')
    .values(rows)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .execute();
  // Inside a transaction the rows are not visible yet: the caller sends once it has committed.
  if (options.wake !== false) for (const wake of wakers.get(db) ?? []) wake();
  return inserted.length;
}

export interface DeliveryOptions {
  db: Db;
  config: Config;
  now: number;
  /** The HTTPS agent for push services (tests pass one that trusts their local endpoint). */
  agent?: https.Agent;
  log?: FastifyBaseLogger;
}

/**
 * Sends every push that is due. Each row is claimed by a conditional UPDATE first, so two
 * senders (instances, or a sweep and a wake-up) never send one row twice; every outcome is
 * written back, so a restart loses nothing. Returns how many were delivered.
 */
export async function deliverDue(options: DeliveryOptions): Promise<number> {
  const { db, config, now, agent, log } = options;
  let delivered = 0;
  let keys: Awaited<ReturnType<typeof vapidKeys>> | null = null;
  for (;;) {
    const due = await db
      .selectFrom('push_outbox')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    if (due.length === 0) return delivered;
    let claimedAny = false;
    for (const { id } of due) {
      const claimed = await db
        .updateTable('push_outbox')
        .set({ claimed_until: now + CLAIM_MS })
        .where('id', '=', id)
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      claimedAny = true;
      const row = await db
        .selectFrom('push_outbox as o')
        .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
        .select([
          'o.id',
          'o.payload',
          'o.urgency',
          'o.attempts',
          's.id as subscriptionId',
          's.endpoint',
          's.p256dh',
          's.auth',
        ])
        .where('o.id', '=', id)
        .executeTakeFirst();
      if (!row) continue; // the subscription went away meanwhile
      if (!(await stillRelevant(db, row.payload))) {
        // Held by quiet hours or a retry while the chore was done or the share settled.
        await db.deleteFrom('push_outbox').where('id', '=', id).execute();
        continue;
      }
      keys ??= await vapidKeys(db, config, now);
      const outcome = await send(row, keys, config, agent);
      if (outcome.kind === 'delivered') {
        delivered += 1;
        await db.deleteFrom('push_outbox').where('id', '=', id).execute();
        await db
          .updateTable('push_subscriptions')
          .set({ last_used_at: now })
          .where('id', '=', row.subscriptionId)
          .execute();
      } else if (outcome.kind === 'gone') {
        // The browser unsubscribed or the subscription expired: forget the device and its queue.
        await db.deleteFrom('push_subscriptions').where('id', '=', row.subscriptionId).execute();
      } else if (outcome.kind === 'retry' && row.attempts + 1 < MAX_ATTEMPTS) {
        const attempts = row.attempts + 1;
        await db
          .updateTable('push_outbox')
          .set({
            attempts,
            next_attempt_at: now + Math.max(retryDelay(attempts), outcome.retryAfterMs),
            claimed_until: null,
          })
          .where('id', '=', id)
          .execute();
      } else {
        log?.warn({ status: outcome.status, attempts: row.attempts + 1 }, 'push dropped');
        await db.deleteFrom('push_outbox').where('id', '=', id).execute();
      }
    }
    // Everything due was someone else's: leave the rest to them.
    if (!claimedAny) return delivered;
  }
}

/**
 * A reminder or an overdue notice about a chore that is done (or gone) by the time it can be
 * sent, or a 'Settle' about a share that is settled, would tell the member something untrue.
 */
async function stillRelevant(db: Db, payloadText: string): Promise<boolean> {
  const payload = JSON.parse(payloadText) as PushPayload;
  const choreId = payload.data?.choreId;
  if (choreId && payload.actions?.some((a) => a.action === 'done')) {
    const chore = await db.selectFrom('chores').select('status').where('id', '=', choreId).executeTakeFirst();
    return chore !== undefined && chore.status !== 'done';
  }
  const splitId = payload.data?.splitId;
  if (splitId) {
    const split = await db
      .selectFrom('expense_splits')
      .select('settled')
      .where('id', '=', splitId)
      .executeTakeFirst();
    return split !== undefined && !readBoolean(split.settled);
  }
  return true;
}

type Outcome =
  | { kind: 'delivered' }
  | { kind: 'gone' }
  | { kind: 'retry'; status: number | null; retryAfterMs: number }
  | { kind: 'drop'; status: number };

async function send(
  row: { payload: string; urgency: string; endpoint: string; p256dh: string; auth: string },
  keys: { publicKey: string; privateKey: string },
  config: Config,
  agent: https.Agent | undefined,
): Promise<Outcome> {
  try {
    await webpush.sendNotification(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      row.payload,
      {
        vapidDetails: { subject: config.vapidSubject ?? 'mailto:admin@localhost', ...keys },
        TTL: PUSH_TTL_SECONDS,
        urgency: row.urgency === 'high' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        agent: agent ?? publicAgent,
      },
    );
    return { kind: 'delivered' };
  } catch (error) {
    // An endpoint inside a private network is not a push service: forget the device.
    if ((error as { code?: unknown }).code === 'EPUSHPRIVATE') return { kind: 'gone' };
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status !== 'number') return { kind: 'retry', status: null, retryAfterMs: 0 };
    if (status === 404 || status === 410) return { kind: 'gone' };
    if (status === 429 || status >= 500) {
      const headers = (error as { headers?: Record<string, string> }).headers ?? {};
      const seconds = Number(headers['retry-after']);
      return {
        kind: 'retry',
        status,
        retryAfterMs: Number.isFinite(seconds) ? Math.min(seconds * 1000, MAX_RETRY_MS) : 0,
      };
    }
    return { kind: 'drop', status };
  }
}
