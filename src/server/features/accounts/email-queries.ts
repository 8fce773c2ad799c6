import { EMAIL_CHANGE_TTL_MS } from '#shared/accounts/email-change.ts';
import { hashToken, newSecretToken } from '../../auth/sessions.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { EXPIRED_LINKS_KEPT_MS } from './password-queries.ts';

/** Spends every pending change of the user's e-mail: a newer request or a new password replaces them. */
export async function cancelEmailChanges(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A new change to `newEmail`, in place of any pending one; its token is kept only as a hash. */
export async function createEmailChange(
  db: Db,
  userId: string,
  newEmail: string,
  now: number,
): Promise<{ token: string; tokenHash: string }> {
  const secret = newSecretToken();
  await db.transaction().execute(async (trx) => {
    await cancelEmailChanges(trx, userId, now);
    await trx
      .insertInto('email_changes')
      .values({
        token_hash: secret.tokenHash,
        user_id: userId,
        new_email: newEmail,
        created_at: now,
        expires_at: now + EMAIL_CHANGE_TTL_MS,
      })
      .execute();
  });
  return secret;
}

export interface EmailChange {
  tokenHash: string;
  userId: string;
  newEmail: string;
  expiresAt: number;
  usedAt: number | null;
}

/** The change a link's token names, used or not, expired or not; null for a token never issued. */
export async function findEmailChange(db: Db, token: string): Promise<EmailChange | null> {
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('email_changes')
    .select(['user_id', 'new_email', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row
    ? {
        tokenHash,
        userId: row.user_id,
        newEmail: row.new_email,
        expiresAt: Number(row.expires_at),
        usedAt: row.used_at === null ? null : Number(row.used_at),
      }
    : null;
}

/**
 * Spends the link and sets the account's address, in one transaction. 'used' when another request
 * spent it first; 'taken' when another account has the address by now (the unique index decides,
 * so two accounts confirming one address at once cannot both get it; the link stays unspent).
 */
export async function applyEmailChange(
  db: Db,
  change: EmailChange,
  now: number,
): Promise<{ oldEmail: string } | 'used' | 'taken'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('email_changes')
        .set({ used_at: now })
        .where('token_hash', '=', change.tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return 'used' as const;
      const user = await trx
        .selectFrom('users')
        .select('email')
        .where('id', '=', change.userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ email: change.newEmail })
        .where('id', '=', change.userId)
        .execute();
      return { oldEmail: user.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Expired links go as reset links do (EXPIRED_LINKS_KEPT_MS). */
export async function deleteOldEmailChanges(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('email_changes')
    .where('expires_at', '<', now - EXPIRED_LINKS_KEPT_MS)
    .execute();
}
