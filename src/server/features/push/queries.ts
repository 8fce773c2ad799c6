import type { Selectable } from 'kysely';
import webpush from 'web-push';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type EmailNotificationType,
  formatClock,
  MAX_PUSH_DEVICES_PER_USER,
  type NotificationSettings,
  type NotificationSettingsInput,
  type PushSubscriptionInput,
  parseClock,
  type UndeliverableMail,
} from '#shared/push/notifications.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { readBoolean } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import type { NotificationSettingsTable } from '../../db/schema.ts';
import { FAILED_MAIL_KEPT_MS } from '../../mail/outbox.ts';

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
 * Saves a browser's subscription, or answers null and changes nothing. The endpoint identifies
 * the browser: subscribing it again updates its keys, and it moves to another user (someone else
 * signed in on that browser) only when they present the same keys. An endpoint URL alone can
 * leak (logs, a shared screen); its keys never leave the browser.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  now: number,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // One user's saves take turns (a row lock on PostgreSQL), so the cap below holds.
    await trx
      .updateTable('users')
      .set((eb) => ({ created_at: eb.ref('created_at') }))
      .where('id', '=', userId)
      .execute();
    const row = await trx
      .insertInto('push_subscriptions')
      .values({
        id: newId(),
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        created_at: now,
        last_used_at: null,
      })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet((eb) => ({
            user_id: eb.ref('excluded.user_id'),
            p256dh: eb.ref('excluded.p256dh'),
            auth: eb.ref('excluded.auth'),
          }))
          .where((eb) =>
            eb.or([
              eb('push_subscriptions.user_id', '=', eb.ref('excluded.user_id')),
              eb.and([
                eb('push_subscriptions.p256dh', '=', eb.ref('excluded.p256dh')),
                eb('push_subscriptions.auth', '=', eb.ref('excluded.auth')),
              ]),
            ]),
          ),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    // Pushes queued for the browser's previous user must not reach the new one.
    await trx
      .deleteFrom('push_outbox')
      .where('subscription_id', '=', row.id)
      .where('user_id', '<>', userId)
      .execute();
    const older = await trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '<>', row.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const forgotten = older.slice(MAX_PUSH_DEVICES_PER_USER - 1).map((r) => r.id);
    if (forgotten.length > 0)
      await trx.deleteFrom('push_subscriptions').where('id', 'in', forgotten).execute();
    return row.id;
  });
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
  for (const row of rows) out.set(row.user_id, settingsFrom(row));
  return out;
}

/**
 * readSettingsOf and whether each user has a device to push to, in one read: what a notice
 * needs to know before any work per person.
 */
export async function settingsAndDevicesOf(
  db: Db,
  userIds: string[],
): Promise<{ settings: Map<string, NotificationSettings>; withDevice: Set<string> }> {
  const settings = new Map<string, NotificationSettings>();
  const withDevice = new Set<string>();
  if (userIds.length === 0) return { settings, withDevice };
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .selectAll('s')
    .select((eb) => [
      'u.id as person',
      eb
        .exists(eb.selectFrom('push_subscriptions as p').select('p.id').whereRef('p.user_id', '=', 'u.id'))
        .as('device'),
    ])
    .where('u.id', 'in', userIds)
    .execute();
  for (const id of userIds) settings.set(id, DEFAULT_NOTIFICATION_SETTINGS);
  for (const row of rows) {
    if (row.user_id !== null)
      settings.set(row.person, settingsFrom(row as Selectable<NotificationSettingsTable>));
    if (readBoolean(row.device)) withDevice.add(row.person);
  }
  return { settings, withDevice };
}

function settingsFrom(row: Selectable<NotificationSettingsTable>): NotificationSettings {
  return {
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
    email: {
      chore: readBoolean(row.email_chore),
      rent: readBoolean(row.email_rent),
      expense: readBoolean(row.email_expense),
      summary: readBoolean(row.email_summary),
    },
  };
}

/** Saves the settings whole; without `email`, the e-mail switches stay as they were. */
export async function writeSettings(
  db: Db,
  userId: string,
  settings: NotificationSettingsInput,
  now: number,
): Promise<NotificationSettings> {
  const values = {
    enabled: settings.enabled,
    ...settings.types,
    quiet_start: settings.quietHours ? parseClock(settings.quietHours.start) : null,
    quiet_end: settings.quietHours ? parseClock(settings.quietHours.end) : null,
    time_zone: settings.timeZone,
    updated_at: now,
    ...(settings.email && {
      email_chore: settings.email.chore,
      email_rent: settings.email.rent,
      email_expense: settings.email.expense,
      email_summary: settings.email.summary,
    }),
  };
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return readSettings(db, userId);
}

/** Switches one kind of e-mail off (an unsubscribe link); false when the account is gone. */
export async function switchOffEmail(
  db: Db,
  userId: string,
  type: EmailNotificationType,
  now: number,
): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  const settings = await readSettings(db, userId);
  await writeSettings(db, userId, { ...settings, email: { ...settings.email, [type]: false } }, now);
  return true;
}

/** The latest e-mail to the user's present address refused for good lately, or null. */
export async function undeliverableMail(
  db: Db,
  userId: string,
  now: number,
): Promise<UndeliverableMail | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .innerJoin('users', 'users.id', 'mail_outbox.user_id')
    .select(['mail_outbox.to_address', 'mail_outbox.failed_at', 'mail_outbox.error'])
    .where('mail_outbox.user_id', '=', userId)
    .where('mail_outbox.failed_at', '>', now - FAILED_MAIL_KEPT_MS)
    .whereRef('mail_outbox.to_address', '=', 'users.email')
    .orderBy('mail_outbox.failed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.failed_at === null) return null;
  return {
    address: row.to_address,
    failedAt: new Date(Number(row.failed_at)).toISOString(),
    reason: row.error ?? 'The mail server refused it',
  };
}
