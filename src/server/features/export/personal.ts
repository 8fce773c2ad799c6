import { strToU8, type Zippable, zipSync } from 'fflate';
import { displayName } from '#shared/users.ts';
import type { Db } from '../../db/database.ts';
import { getUser } from '../accounts/queries.ts';
import { householdCalendar } from '../calendar/feed.ts';
import { listChores } from '../chores/queries.ts';
import { expensesCsv } from '../expenses/csv.ts';
import { listExpenses } from '../expenses/queries.ts';
import { findMembership, getHousehold } from '../households/queries.ts';
import { myListings } from '../listings/queries.ts';
import { listMessages } from '../messages/queries.ts';
import { readSettings } from '../push/queries.ts';

/**
 * The personal data export (GET /api/export/me): one ZIP with everything Hearth keeps about the
 * user and everything they can see in their household. Other people appear as `{id, name}`
 * with their display name only, never their e-mail (decision 0009).
 */

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };
const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/** Replaces every person object (one with firstName and email) by its id and display name. */
export function redactPeople(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPeople);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('firstName' in record && 'email' in record) {
    return {
      id: record.id ?? null,
      name: displayName(record as { firstName?: string; lastName?: string; email?: string }),
    };
  }
  return Object.fromEntries(Object.entries(record).map(([key, v]) => [key, redactPeople(v)]));
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

async function allExpenses(db: Db, householdId: string) {
  const expenses = [];
  let before: string | undefined;
  for (;;) {
    const page = (await listExpenses(db, householdId, before)) ?? [];
    if (page.length === 0) return expenses;
    expenses.push(...page);
    before = page[page.length - 1]!.id;
  }
}

async function allMessages(db: Db, householdId: string) {
  const messages = [];
  let cursor: string | undefined;
  for (;;) {
    const page = (await listMessages(db, householdId, { before: cursor, limit: 500 })) ?? [];
    messages.unshift(...page);
    if (page.length < 500) return messages;
    cursor = page[0]!.id;
  }
}

async function allChores(db: Db, householdId: string, now: number) {
  // Open and recently done chores, then the older history (the same split as the chores page).
  return [
    ...(await listChores(db, householdId, now)),
    ...(await listChores(db, householdId, now, { before: now - 7 * 86_400_000, limit: 1_000_000 })),
  ];
}

function readme(exportedAt: string, inHousehold: boolean): string {
  const lines = [
    'Hearth: your data',
    `Exported ${exportedAt} (UTC).`,
    '',
    'Other people appear only by their display name (e.g. "Ada L.") and user id, never by',
    'e-mail. "Former member" is someone who deleted their account. Amounts are dollars as',
    'text with two decimals ("12.50"); times are ISO 8601 in UTC.',
    '',
    'profile.json                 your account: e-mail, names, colour, when you joined',
    'profile-photo.<ext>          your profile photo, when you have one',
    'notification-settings.json   your notification switches, quiet hours and the devices',
    '                             (push endpoints only; the keys are not exported)',
    'listings.json                your roommate listings',
    "listings/<id>/<n>.<ext>      their photos, in the listing's order (n from 1)",
  ];
  if (inHousehold) {
    lines.push(
      'household.json               your household, its invite code, rent, and its members',
      '                             (display name, role, when they joined)',
      'expenses.json                every expense of the household with its splits',
      'expenses.csv                 one row per split, as Expenses > Export CSV',
      'chores.json                  every chore of the household, open and done',
      'calendar.ics                 the household calendar (events, open chores, recurring',
      '                             bills), as the calendar feed; opens in any calendar app',
      'messages.json                the household chat, oldest first',
    );
  } else {
    lines.push('', 'You were in no household at the time of the export, so there are no household files.');
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function imageFile(db: Db, id: string) {
  return db.selectFrom('images').select(['mime', 'data']).where('id', '=', id).executeTakeFirst();
}

export async function buildPersonalExport(db: Db, userId: string, now: number): Promise<Uint8Array> {
  const files: Zippable = {};
  const user = await getUser(db, userId);
  const membership = await findMembership(db, userId);
  files['README.txt'] = strToU8(readme(new Date(now).toISOString(), Boolean(membership)));
  files['profile.json'] = json(user);

  const photo = await db
    .selectFrom('users')
    .select('profile_image_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const photoImage = photo.profile_image_id ? await imageFile(db, photo.profile_image_id) : undefined;
  // Photos are WebP already: stored, not compressed again.
  if (photoImage) files[`profile-photo.${extensionOf(photoImage.mime)}`] = [photoImage.data, { level: 0 }];

  const settings = await readSettings(db, userId);
  const devices = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  files['notification-settings.json'] = json({
    ...settings,
    devices: devices.map((d) => ({
      endpoint: d.endpoint,
      createdAt: new Date(d.created_at).toISOString(),
      lastUsedAt: d.last_used_at === null ? null : new Date(d.last_used_at).toISOString(),
    })),
  });

  const listings = await myListings(db, userId);
  files['listings.json'] = json(listings);
  for (const listing of listings) {
    const photos = await db
      .selectFrom('listing_images')
      .select(['position', 'full_image_id'])
      .where('listing_id', '=', listing.id)
      .orderBy('position')
      .execute();
    for (const [index, row] of photos.entries()) {
      const image = await imageFile(db, row.full_image_id);
      if (image)
        files[`listings/${listing.id}/${index + 1}.${extensionOf(image.mime)}`] = [image.data, { level: 0 }];
    }
  }

  if (membership) {
    const { householdId } = membership;
    const household = (await getHousehold(db, householdId))!;
    files['household.json'] = json({
      id: household.id,
      name: household.name,
      inviteCode: household.inviteCode,
      rentAmount: household.rentAmount,
      rentDueDay: household.rentDueDay,
      createdAt: household.createdAt,
      yourRole: membership.role,
      members: household.members.map((m) => ({
        userId: m.userId,
        name: displayName(m.user),
        role: m.role,
        joinedAt: m.joinedAt,
      })),
    });
    files['expenses.json'] = json(redactPeople(await allExpenses(db, householdId)));
    files['expenses.csv'] = strToU8(await expensesCsv(db, householdId));
    files['chores.json'] = json(redactPeople(await allChores(db, householdId, now)));
    files['calendar.ics'] = strToU8(await householdCalendar(db, householdId, now));
    files['messages.json'] = json(redactPeople(await allMessages(db, householdId)));
  }
  return zipSync(files, { level: 6, mtime: now });
}
