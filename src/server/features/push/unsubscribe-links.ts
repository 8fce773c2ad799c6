import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EMAIL_NOTIFICATION_TYPES, type EmailNotificationType } from '#shared/push/notifications.ts';
import type { Db } from '../../db/database.ts';

const KEY_ID = 'unsubscribe-links';
const keys = new WeakMap<Db, Buffer>();

/**
 * The key that signs unsubscribe links. It is made once and kept in the database, so every
 * instance signs alike and links keep working after a restart; two instances making one at the
 * same moment both end up with the first one stored.
 */
async function signingKey(db: Db, now: number): Promise<Buffer> {
  const stored = await storedKey(db);
  if (stored) return stored;
  await db
    .insertInto('server_secrets')
    .values({ id: KEY_ID, secret: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await storedKey(db))!;
}

/** The key once made; reading a link never makes one (no key: no link was ever signed). */
async function storedKey(db: Db): Promise<Buffer | null> {
  const known = keys.get(db);
  if (known) return known;
  const row = await db
    .selectFrom('server_secrets')
    .select('secret')
    .where('id', '=', KEY_ID)
    .executeTakeFirst();
  if (!row) return null;
  const key = Buffer.from(row.secret, 'base64url');
  keys.set(db, key);
  return key;
}

const sign = (key: Buffer, userId: string, type: EmailNotificationType) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${type}`).digest();

/**
 * The token of an unsubscribe link: which kind of e-mail, whose, and a signature over both. It
 * stores nothing per e-mail and never expires: a link in an old e-mail still stops the kind.
 */
export async function unsubscribeToken(
  db: Db,
  userId: string,
  type: EmailNotificationType,
  now: number,
): Promise<string> {
  const signature = sign(await signingKey(db, now), userId, type).toString('base64url');
  return `${type}.${userId}.${signature}`;
}

/** Whose link and which kind, or null for a token this server did not sign. */
export async function readUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ userId: string; type: EmailNotificationType } | null> {
  const [type, userId, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !type || !userId || !signature) return null;
  if (!(EMAIL_NOTIFICATION_TYPES as readonly string[]).includes(type)) return null;
  const kind = type as EmailNotificationType;
  const key = await storedKey(db);
  if (!key) return null;
  const expected = sign(key, userId, kind);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type: kind };
}
