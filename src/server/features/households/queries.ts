import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { displayName } from '#shared/accounts/users.ts';
import type { Household, HouseholdMember as Member } from '#shared/households/api.ts';
import { generateInviteCode } from '#shared/households/invites.ts';
import { nextAdmin, type Role } from '#shared/households/schemas.ts';
import { toAuthor } from '#shared/messages/schemas.ts';
import { currencyExponent, DEFAULT_CURRENCY, formatAmount } from '#shared/money.ts';
import { findMembership, type Membership } from '../../auth/members.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation, readBoolean } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import type { HouseholdEventsTable } from '../../db/schema.ts';
import { toPublicUser } from '../accounts/queries.ts';
import { reassignOpenChores } from '../chores/queries.ts';
import { createSystemMessage, deleteMessagePhotos, insertSystemMessage } from '../messages/queries.ts';

type Executor = Db;

export async function listMembers(db: Executor, householdId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('household_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('u')
    .select(['m.id as member_id', 'm.role', 'm.joined_at', 'm.away_from', 'm.away_until'])
    .where('m.household_id', '=', householdId)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((row) => {
    const user = toPublicUser(row);
    return {
      id: row.member_id,
      userId: row.id,
      role: row.role,
      joinedAt: new Date(row.joined_at).toISOString(),
      awayFrom: row.away_from === null ? null : new Date(row.away_from).toISOString().slice(0, 10),
      awayUntil: row.away_until === null ? null : new Date(row.away_until).toISOString().slice(0, 10),
      user: toAuthor(user),
    };
  });
}

export async function getHousehold(db: Executor, householdId: string): Promise<Household | null> {
  const row = await db.selectFrom('households').selectAll().where('id', '=', householdId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    inviteCode: row.invite_code,
    currency: row.currency,
    rentAmount:
      row.rent_amount_cents === null
        ? null
        : formatAmount(row.rent_amount_cents, currencyExponent(row.currency)),
    rentDueDay: row.rent_due_day,
    simplifyDebts: readBoolean(row.simplify_debts),
    createdAt: new Date(row.created_at).toISOString(),
    members: await listMembers(db, householdId),
  };
}

/** Whether a user is a member of this household (assignees, payers, split members). */
export async function isMember(db: Db, householdId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A household's current invite code. */
export async function getInviteCode(db: Executor, householdId: string): Promise<string | null> {
  const row = await db
    .selectFrom('households')
    .select('invite_code')
    .where('id', '=', householdId)
    .executeTakeFirst();
  return row?.invite_code ?? null;
}

export function findHouseholdByInviteCode(db: Executor, inviteCode: string) {
  return db.selectFrom('households').select(['id']).where('invite_code', '=', inviteCode).executeTakeFirst();
}

async function recordEvent(
  db: Executor,
  householdId: string,
  type: HouseholdEventsTable['type'],
  actorId: string | null,
  subjectId: string | null,
): Promise<string | null> {
  await db
    .insertInto('household_events')
    .values({
      id: newId(),
      household_id: householdId,
      type,
      actor_id: actorId,
      subject_id: subjectId,
      created_at: Date.now(),
    })
    .execute();
  // Joining, leaving and removal also speak in the household's chat.
  if (type !== 'household_created' && subjectId) return createSystemMessage(db, householdId, type, subjectId);
  return null;
}

/** Where invite codes come from; tests swap it to force collisions. */
export const inviteCodes = { next: () => generateInviteCode(randomInt) };

/** Retries on the (rare) collision with an existing code; the unique index is the judge. */
async function withFreshInviteCode<T>(attempt: (code: string) => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt(inviteCodes.next());
    } catch (error) {
      if (!isUniqueViolation(error) || tries >= 5) throw error;
    }
  }
}

export class AlreadyInHousehold extends Error {}

async function addMember(
  trx: Db,
  householdId: string,
  userId: string,
  role: Role,
  joinedAt: number,
): Promise<void> {
  // A user who was removed and now has a household again no longer needs the notice.
  await trx.updateTable('users').set({ was_kicked: false }).where('id', '=', userId).execute();
  // Join order is the chore rotation's order: a join in the same millisecond as the last one
  // still comes after it, instead of being ordered by the (random) user id.
  const latest = await trx
    .selectFrom('household_members')
    .select((eb) => eb.fn.max('joined_at').as('at'))
    .where('household_id', '=', householdId)
    .executeTakeFirst();
  const at = latest?.at == null ? joinedAt : Math.max(joinedAt, Number(latest.at) + 1);
  try {
    await trx
      .insertInto('household_members')
      .values({
        id: newId(),
        household_id: householdId,
        user_id: userId,
        role,
        joined_at: at,
        // Nothing said before someone joined counts as unread for them.
        last_read_at: at,
      })
      .execute();
  } catch (error) {
    // Another request made this user a member meanwhile: the unique index on user_id caught it.
    if (isUniqueViolation(error)) throw new AlreadyInHousehold();
    throw error;
  }
}

/** The currency every amount of a household is in (ISO 4217). */
export async function householdCurrency(db: Db, householdId: string): Promise<string> {
  const row = await db
    .selectFrom('households')
    .select('currency')
    .where('id', '=', householdId)
    .executeTakeFirst();
  return row?.currency ?? DEFAULT_CURRENCY;
}

/**
 * Switches a household to another currency while it has no money recorded (expenses or payments,
 * trash included); the rent keeps the number it was written with. False when money exists.
 */
export async function changeCurrency(db: Db, householdId: string, currency: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Takes the household's row first, as recording money does, so no expense or payment lands
    // between the check below and the change.
    await sql`update households set currency = currency where id = ${householdId}`.execute(trx);
    const row = await trx
      .selectFrom('households')
      .select(['currency', 'rent_amount_cents'])
      .where('id', '=', householdId)
      .executeTakeFirst();
    if (!row) return false;
    if (row.currency === currency) return true;
    const expense = await trx
      .selectFrom('expenses')
      .select('id')
      .where('household_id', '=', householdId)
      .limit(1)
      .executeTakeFirst();
    const payment = await trx
      .selectFrom('payments')
      .select('id')
      .where('household_id', '=', householdId)
      .limit(1)
      .executeTakeFirst();
    if (expense || payment) return false;
    const shift = currencyExponent(currency) - currencyExponent(row.currency);
    const rent =
      row.rent_amount_cents === null ? null : Math.round(Number(row.rent_amount_cents) * 10 ** shift);
    await trx
      .updateTable('households')
      .set({ currency, rent_amount_cents: rent })
      .where('id', '=', householdId)
      .execute();
    return true;
  });
}

export async function createHousehold(
  db: Db,
  userId: string,
  name: string,
  currency: string = DEFAULT_CURRENCY,
): Promise<string> {
  const householdId = newId();
  const now = Date.now();
  await withFreshInviteCode((code) =>
    db.transaction().execute(async (trx) => {
      if (await findMembership(trx, userId)) throw new AlreadyInHousehold();
      await trx
        .insertInto('households')
        .values({
          id: householdId,
          name,
          invite_code: code,
          rent_amount_cents: null,
          rent_due_day: null,
          created_at: now,
          currency,
        })
        .execute();
      await addMember(trx, householdId, userId, 'admin', now);
      await recordEvent(trx, householdId, 'household_created', userId, userId);
    }),
  );
  return householdId;
}

/** Returns the id of the system message that announces the new member. */
export async function joinHousehold(db: Db, userId: string, householdId: string): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    if (await findMembership(trx, userId)) throw new AlreadyInHousehold();
    await addMember(trx, householdId, userId, 'member', Date.now());
    const messageId = await recordEvent(trx, householdId, 'member_joined', userId, userId);
    // The joiner has read their own 'joined' notice.
    if (messageId) {
      const message = await trx
        .selectFrom('messages')
        .select('created_at')
        .where('id', '=', messageId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('household_members')
        .set({ last_read_at: message.created_at })
        .where('household_id', '=', householdId)
        .where('user_id', '=', userId)
        .execute();
    }
    return messageId;
  });
}

export async function updateHousehold(
  db: Db,
  householdId: string,
  changes: {
    name?: string | undefined;
    rentAmountCents?: number | null | undefined;
    rentDueDay?: number | null | undefined;
    simplifyDebts?: boolean | undefined;
  },
): Promise<void> {
  const set = {
    ...(changes.simplifyDebts !== undefined ? { simplify_debts: changes.simplifyDebts } : {}),
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.rentAmountCents !== undefined ? { rent_amount_cents: changes.rentAmountCents } : {}),
    ...(changes.rentDueDay !== undefined ? { rent_due_day: changes.rentDueDay } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('households').set(set).where('id', '=', householdId).execute();
}

/**
 * Removes a membership, then keeps the household whole: the last admin's place goes to the
 * longest-standing member, and a household nobody is left in is deleted with all it owns.
 */
export async function removeMembership(
  trx: Db,
  householdId: string,
  userId: string,
  event: { type: 'member_left' | 'member_removed'; actorId: string },
): Promise<MembershipEnded> {
  const others = await trx
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .where('user_id', '!=', userId)
    .execute();
  // Open chores move on by their own rotation while the leaver still holds a place in it.
  const moved = others.length > 0 ? await reassignOpenChores(trx, householdId, userId) : [];
  // Recurring expenses the leaver pays stop repeating: nobody else is assumed to pay them
  // (decision 0004). Those paid by others share the leaver's part from the next copy on.
  const stopped = await trx
    .selectFrom('expenses')
    .select(['id', 'title'])
    .where('household_id', '=', householdId)
    .where('paid_by', '=', userId)
    .where('next_occurrence_date', 'is not', null)
    .orderBy('date')
    .execute();
  if (stopped.length > 0) {
    await trx
      .updateTable('expenses')
      .set({ next_occurrence_date: null })
      .where(
        'id',
        'in',
        stopped.map((e) => e.id),
      )
      .execute();
  }
  await trx
    .deleteFrom('household_members')
    .where('household_id', '=', householdId)
    .where('user_id', '=', userId)
    .execute();
  const remaining = await trx
    .selectFrom('household_members')
    .select(['user_id as userId', 'role', 'joined_at as joinedAt'])
    .where('household_id', '=', householdId)
    .execute();
  if (remaining.length === 0) {
    await deleteMessagePhotos(trx, householdId);
    await trx.deleteFrom('households').where('id', '=', householdId).execute();
    return { messageIds: [], choresMoved: 0 };
  }
  if (!remaining.some((m) => m.role === 'admin')) {
    const heir = nextAdmin(remaining);
    if (heir) {
      await trx
        .updateTable('household_members')
        .set({ role: 'admin' })
        .where('household_id', '=', householdId)
        .where('user_id', '=', heir.userId)
        .execute();
    }
  }
  const messageIds: string[] = [];
  const announced = await recordEvent(trx, householdId, event.type, event.actorId, userId);
  if (announced) messageIds.push(announced);
  if (moved.length > 0) {
    const chores: { title: string; to: string | null }[] = [];
    for (const { title, to } of moved) chores.push({ title, to: to && (await nameOf(trx, to)) });
    const params = { userId, name: await nameOf(trx, userId), chores };
    messageIds.push(await insertSystemMessage(trx, householdId, { kind: 'chores_reassigned', params }));
  }
  if (stopped.length > 0) {
    const params = { userId, name: await nameOf(trx, userId), titles: stopped.map((e) => e.title) };
    messageIds.push(await insertSystemMessage(trx, householdId, { kind: 'recurring_stopped', params }));
  }
  return { messageIds, choresMoved: moved.length };
}

/** What ending a membership wrote: system messages to publish, and how many chores moved. */
export interface MembershipEnded {
  messageIds: string[];
  choresMoved: number;
}

async function nameOf(trx: Db, userId: string | null): Promise<string> {
  if (!userId) return 'nobody';
  const user = await trx
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return displayName(user && { firstName: user.first_name, lastName: user.last_name, email: user.email });
}

/** Returns the ids of the system messages that say so (none when the household is gone). */
export async function leaveHousehold(db: Db, membership: Membership): Promise<MembershipEnded> {
  return db.transaction().execute((trx) =>
    removeMembership(trx, membership.householdId, membership.userId, {
      type: 'member_left',
      actorId: membership.userId,
    }),
  );
}

/**
 * Removes a member, flags them as kicked and rotates the invite code so the old one stops
 * working. Returns the new code and the system message's id, or null when no such member.
 */
export async function removeMember(
  db: Db,
  householdId: string,
  adminId: string,
  userId: string,
): Promise<(MembershipEnded & { newInviteCode: string }) | null> {
  return withFreshInviteCode((code) =>
    db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('household_members')
        .select('user_id')
        .where('household_id', '=', householdId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!target) return null;
      const ended = await removeMembership(trx, householdId, userId, {
        type: 'member_removed',
        actorId: adminId,
      });
      await trx.updateTable('users').set({ was_kicked: true }).where('id', '=', userId).execute();
      await trx.updateTable('households').set({ invite_code: code }).where('id', '=', householdId).execute();
      return { ...ended, newInviteCode: code };
    }),
  );
}

/** Deletes the household and, through the schema's cascades, everything it owns. */
export async function deleteHousehold(db: Db, householdId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteMessagePhotos(trx, householdId);
    await trx.deleteFrom('households').where('id', '=', householdId).execute();
  });
}

export async function readKickedFlag(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('was_kicked')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return readBoolean(row.was_kicked);
}

export async function clearKickedFlag(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ was_kicked: false }).where('id', '=', userId).execute();
}
