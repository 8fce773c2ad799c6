import type { Selectable } from 'kysely';
import type { CurrentUser, PublicUser } from '#shared/accounts/api.ts';
import { DEFAULT_PROFILE_COLOR, type ProfileColor } from '#shared/accounts/users.ts';
import { isLanguage, type Language } from '#shared/i18n/languages.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { UsersTable } from '../../db/schema.ts';
import { imageUrl } from '../images/queries.ts';

type UserRow = Selectable<UsersTable>;

/** The columns a public user is made of: what a read needs to select for toPublicUser. */
export const PUBLIC_USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'profile_color',
  'profile_image_id',
  'created_at',
] as const;

/** The only way a user row leaves the server: no password hash, ever. */
export function toPublicUser(row: Pick<UserRow, (typeof PUBLIC_USER_COLUMNS)[number]>): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileColor: row.profile_color as ProfileColor,
    profileImageUrl: row.profile_image_id ? imageUrl(row.profile_image_id) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function getUser(db: Db, id: string): Promise<PublicUser> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toPublicUser(row);
}

/** The signed-in user as they see themselves: with their settings. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return { ...toPublicUser(row), language: isLanguage(row.language) ? row.language : null };
}

export async function getCurrentUser(db: Db, id: string): Promise<CurrentUser> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return toCurrentUser(row);
}

/** Inserts a user; returns null when the e-mail is taken (the unique index decides, not a race). */
export async function createUser(
  db: Db,
  input: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<UserRow | null> {
  const row = {
    id: newId(),
    email: input.email,
    password_hash: input.passwordHash,
    first_name: input.firstName,
    last_name: input.lastName,
    profile_color: DEFAULT_PROFILE_COLOR,
    profile_image_id: null,
    created_at: Date.now(),
    was_kicked: false,
    language: null,
  } satisfies UserRow;
  const inserted = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? row : null;
}

export async function updateNames(db: Db, id: string, firstName: string, lastName: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ first_name: firstName, last_name: lastName })
    .where('id', '=', id)
    .execute();
}

export async function updateProfileColor(db: Db, id: string, color: ProfileColor): Promise<void> {
  await db.updateTable('users').set({ profile_color: color }).where('id', '=', id).execute();
}

/** The member's language; null follows the browser's. */
export async function updateLanguage(db: Db, id: string, language: Language | null): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', id).execute();
}

/** Points the user at a new photo and deletes the old one, in one transaction. */
export async function replaceProfileImage(db: Db, userId: string, imageId: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select('profile_image_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ profile_image_id: imageId }).where('id', '=', userId).execute();
    if (current.profile_image_id && current.profile_image_id !== imageId) {
      await trx.deleteFrom('images').where('id', '=', current.profile_image_id).execute();
    }
  });
}
