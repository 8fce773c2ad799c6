import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  formatClock,
  type NotificationSettings,
  type PushSubscriptionInput,
  parseClock,
} from '#shared/notifications.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { readBoolean } from '../../db/dialect.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair: the configured one, else the one in the database, else a new one. Two
 * instances starting together may both generate a pair; insert-or-ignore keeps the first and
 * both then read it back, so every instance signs with the same key.
 */
export async function vapidKeys(db: Db, config: Config, now: number): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  const stored = await readStoredKeys(db);
  if (stored) return stored;
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_keys')
    .values({ id: 'vapid', public_key: fresh.publicKey, private_key: fresh.privateKey, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await readStoredKeys(db))!;
}

async function readStoredKeys(db: Db): Promise<VapidKeys | null> {
  const row = await db
    .selectFrom('push_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 'vapid')
    .executeTakeFirst();
  return row ? { publicKey: row.public_key, privateKey: row.private_key } : null;
}

/**
 * Saves a browser's subscription. The endpoint identifies the browser: subscribing it again
 * updates its keys and gives it to the current user (someone else signed in on that browser).
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  now: number,
): Promise<string> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: now,
      last_used_at: null,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  // Pushes queued for the browser's previous user must not reach the new one.
  await db
    .deleteFrom('push_outbox')
    .where('subscription_id', '=', row.id)
    .where('user_id', '<>', userId)
    .execute();
  return row.id;
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export interface Subscription {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function subscriptionsOf(db: Db, userIds: string[]): Promise<Subscription[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id as userId', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .execute();
}

export async function readSettings(db: Db, userId: string): Promise<NotificationSettings> {
  return (await readSettingsOf(db, [userId])).get(userId)!;
}

/** Each user's settings, the defaults for those who never saved any. */
export async function readSettingsOf(db: Db, userIds: string[]): Promise<Map<string, NotificationSettings>> {
  const rows =
    userIds.length === 0
      ? []
      : await db.selectFrom('notification_settings').selectAll().where('user_id', 'in', userIds).execute();
  const out = new Map<string, NotificationSettings>();
  for (const id of userIds) out.set(id, DEFAULT_NOTIFICATION_SETTINGS);
  for (const row of rows) {
    out.set(row.user_id, {
      enabled: readBoolean(row.enabled),
      types: {
        message: readBoolean(row.message),
        chore: readBoolean(row.chore),
        expense: readBoolean(row.expense),
        calendar: readBoolean(row.calendar),
        household: readBoolean(row.household),
      },
      quietHours:
        row.quiet_start === null || row.quiet_end === null
          ? null
          : { start: formatClock(row.quiet_start), end: formatClock(row.quiet_end) },
      timeZone: row.time_zone,
    });
  }
  return out;
}

export async function writeSettings(
  db: Db,
  userId: string,
  settings: NotificationSettings,
  now: number,
): Promise<NotificationSettings> {
  const values = {
    enabled: settings.enabled,
    ...settings.types,
    quiet_start: settings.quietHours ? parseClock(settings.quietHours.start) : null,
    quiet_end: settings.quietHours ? parseClock(settings.quietHours.end) : null,
    time_zone: settings.timeZone,
    updated_at: now,
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return readSettings(db, userId);
}
