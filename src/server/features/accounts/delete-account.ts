import { sql } from 'kysely';
import { displayName, FORMER_MEMBER } from '#shared/accounts/users.ts';
import { findMembership } from '../../auth/members.ts';
import { forgetAccountLimits } from '../../auth/rate-limit.ts';
import type { Db } from '../../db/database.ts';
import { readJson } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import { forgetInActivity } from '../activity/queries.ts';
import { type MembershipEnded, removeMembership } from '../households/queries.ts';

/** What the route publishes once the deletion has committed. */
export interface AccountDeleted {
  householdId: string | null;
  ended: MembershipEnded;
}

/**
 * `column` contains `text`, wildcards taken literally, on both engines (SQLite has no default
 * LIKE escape; jsonb needs the cast). Case may be ignored (SQLite): callers check again.
 */
function contains(column: string, text: string) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`cast(${sql.ref(column)} as text) like ${pattern} escape '\\'`;
}

/** A system message's data with the person gone: their id becomes null, their name 'Former member'. */
function withoutPerson(value: unknown, userId: string, name: string): unknown {
  if (value === userId) return null;
  if (typeof value === 'string') return value.split(name).join(FORMER_MEMBER);
  if (Array.isArray(value)) return value.map((item) => withoutPerson(item, userId, name));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutPerson(v, userId, name)]));
  return value;
}

/**
 * Deletes a user in one transaction (decision 0009). They leave their household by its usual
 * rules first (the longest-standing member becomes admin, open chores move on, a system
 * message says so). What stays for the others stays without them: chat messages and chore
 * history lose their author (the schema sets them NULL: 'Former member'), and expenses,
 * splits and settlements move to a tombstone user (no e-mail, no name, cannot sign in) so
 * every other member's balance stays exactly as it was.
 */
export async function deleteAccount(db: Db, userId: string): Promise<AccountDeleted | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const name = displayName({ firstName: user.first_name, lastName: user.last_name, email: user.email });

    const membership = await findMembership(trx, userId);
    const ended = membership
      ? await removeMembership(trx, membership.householdId, userId, { type: 'member_left', actorId: userId })
      : { messageIds: [], choresMoved: 0 };

    // System messages name people ('Ada L. joined the household'): in every household the user
    // was ever in, their name gives way to 'Former member'.
    const households = await trx
      .selectFrom('household_events')
      .select('household_id')
      .distinct()
      .where((eb) => eb.or([eb('actor_id', '=', userId), eb('subject_id', '=', userId)]))
      .execute();
    if (households.length > 0) {
      const notices = await trx
        .selectFrom('messages')
        .select(['id', 'content', 'system'])
        .where(
          'household_id',
          'in',
          households.map((h) => h.household_id),
        )
        .where('type', '=', 'system')
        .where((eb) => eb.or([contains('content', name), contains('system', userId)]))
        .execute();
      for (const notice of notices) {
        if (!notice.content.includes(name) && !notice.system?.includes(userId)) continue;
        await trx
          .updateTable('messages')
          .set({
            content: notice.content.split(name).join(FORMER_MEMBER),
            system:
              notice.system === null
                ? null
                : JSON.stringify(withoutPerson(JSON.parse(notice.system), userId, name)),
          })
          .where('id', '=', notice.id)
          .execute();
      }
    }

    await moveMoneyToTombstone(trx, userId);

    // Attendee lists are JSON arrays of user ids, out of reach of the foreign keys.
    const events = await trx
      .selectFrom('calendar_events')
      .select(['id', 'attendees'])
      .where(contains('attendees', userId))
      .execute();
    for (const event of events) {
      const attendees = readJson<string[]>(event.attendees).filter((id) => id !== userId);
      await trx
        .updateTable('calendar_events')
        .set({ attendees: JSON.stringify(attendees) })
        .where('id', '=', event.id)
        .execute();
    }

    // Photos: the profile photo and the listings' photos go; receipts stay with their expense.
    const listingPhotos = await trx
      .selectFrom('listing_images as li')
      .innerJoin('listings as l', 'l.id', 'li.listing_id')
      .select(['li.card_image_id', 'li.full_image_id'])
      .where('l.created_by', '=', userId)
      .execute();
    const imageIds = listingPhotos.flatMap((p) => [p.card_image_id, p.full_image_id]);
    if (user.profile_image_id) imageIds.push(user.profile_image_id);
    await trx.deleteFrom('listings').where('created_by', '=', userId).execute();
    if (imageIds.length > 0) await trx.deleteFrom('images').where('id', 'in', imageIds).execute();
    await trx.updateTable('images').set({ owner_id: null }).where('owner_id', '=', userId).execute();

    // Attempt counters about the e-mail or the id, so a new account with the e-mail starts afresh.
    await forgetAccountLimits(trx, user);

    // Pushes still queued for others that name the user, and large realtime payloads in flight.
    await trx
      .deleteFrom('push_outbox')
      .where((eb) =>
        eb.or([contains('dedupe_key', userId), contains('payload', name), contains('payload', userId)]),
      )
      .execute();
    await trx
      .deleteFrom('bus_payloads')
      .where((eb) => eb.or([contains('payload', userId), contains('payload', user.email)]))
      .execute();

    // The schema does the rest: sessions, push devices and their outbox, notification settings,
    // the calendar feed token, reactions and rent reminders go with the row (ON DELETE CASCADE);
    // authors, assignees, completers and creators become NULL (ON DELETE SET NULL).
    await forgetInActivity(trx, userId);
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return { householdId: membership?.householdId ?? null, ended };
  });
}

/**
 * Balances are made of expenses, their splits and payments: with NULL there, the others' debts
 * to and from the user would vanish. A tombstone user, one per deleted account, keeps them whole.
 */
async function moveMoneyToTombstone(trx: Db, userId: string): Promise<void> {
  const paid = await trx.selectFrom('expenses').select('id').where('paid_by', '=', userId).limit(1).execute();
  const split = await trx
    .selectFrom('expense_splits')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .execute();
  const settled = await trx
    .selectFrom('settlements')
    .select('id')
    .where((eb) => eb.or([eb('from_user', '=', userId), eb('to_user', '=', userId)]))
    .limit(1)
    .execute();
  const payments = await trx
    .selectFrom('payments')
    .select('id')
    .where((eb) => eb.or([eb('from_user', '=', userId), eb('to_user', '=', userId)]))
    .limit(1)
    .execute();
  if (paid.length + split.length + settled.length + payments.length === 0) return;
  const tombstone = newId();
  await trx
    .insertInto('users')
    .values({
      id: tombstone,
      email: `former-member-${tombstone}@deleted.invalid`,
      // Not an Argon2 hash: no password ever verifies against it.
      password_hash: '!deleted',
      first_name: FORMER_MEMBER,
      last_name: '',
      profile_color: 'blue',
      profile_image_id: null,
      was_kicked: false,
      created_at: Date.now(),
    })
    .execute();
  // A recurring bill the user paid stops: nobody is left to pay the next one.
  await trx
    .updateTable('expenses')
    .set({ paid_by: tombstone, next_occurrence_date: null })
    .where('paid_by', '=', userId)
    .execute();
  await trx.updateTable('expense_splits').set({ user_id: tombstone }).where('user_id', '=', userId).execute();
  await trx
    .updateTable('settlements')
    .set({ from_user: tombstone })
    .where('from_user', '=', userId)
    .execute();
  await trx.updateTable('settlements').set({ to_user: tombstone }).where('to_user', '=', userId).execute();
  await trx.updateTable('payments').set({ from_user: tombstone }).where('from_user', '=', userId).execute();
  await trx.updateTable('payments').set({ to_user: tombstone }).where('to_user', '=', userId).execute();
}
