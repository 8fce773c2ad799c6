import type { Selectable } from 'kysely';
import type { Role } from '#shared/households/schemas.ts';
import type { Db } from '../db/database.ts';
import type { UsersTable } from '../db/schema.ts';

/**
 * Who a signed-in user is and which household they are in: the two reads that guards, sockets
 * and cache invalidation need. They live here so core code never reaches into a feature.
 */
export interface Membership {
  userId: string;
  householdId: string;
  role: Role;
}

export function findMembership(db: Db, userId: string): Promise<Membership | undefined> {
  return db
    .selectFrom('household_members')
    .select(['user_id as userId', 'household_id as householdId', 'role'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<Selectable<UsersTable> | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
