import { RESET_LINK_TTL_MS } from '#shared/accounts/passwords.ts';
import { hashToken, newSecretToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/database.ts';
import { cancelEmailChanges } from './email-queries.ts';

/** A new reset link's token for the user, kept only as a hash. */
export async function createPasswordReset(
  db: Db,
  userId: string,
  now: number,
): Promise<{ token: string; tokenHash: string }> {
  const secret = newSecretToken();
  await db
    .insertInto('password_resets')
    .values({
      token_hash: secret.tokenHash,
      user_id: userId,
      created_at: now,
      expires_at: now + RESET_LINK_TTL_MS,
    })
    .execute();
  return secret;
}

export interface PasswordReset {
  tokenHash: string;
  userId: string;
  expiresAt: number;
  usedAt: number | null;
}

/** The reset a link's token names, used or not, expired or not; null for a token never issued. */
export async function findPasswordReset(db: Db, token: string): Promise<PasswordReset | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('password_resets')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row
    ? {
        tokenHash,
        userId: row.user_id,
        expiresAt: Number(row.expires_at),
        usedAt: row.used_at === null ? null : Number(row.used_at),
      }
    : null;
}

/**
 * Sets a new password. With a reset's token hash, only while that link is unused (false when
 * another request used it first). Every other link of the account stops working either way,
 * a pending change of e-mail too: whoever asked for it may be why the password changed.
 */
export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: number,
  resetTokenHash?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (resetTokenHash !== undefined) {
      const used = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', resetTokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
    }
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
    await cancelEmailChanges(trx, userId, now);
    return true;
  });
}

/**
 * Links that have expired are of no use to anyone: the sweep forgets them this long after, once
 * whoever followed one late has been told it expired.
 */
export const EXPIRED_LINKS_KEPT_MS = 24 * 60 * 60_000;

export async function deleteOldPasswordResets(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', now - EXPIRED_LINKS_KEPT_MS)
    .execute();
}
