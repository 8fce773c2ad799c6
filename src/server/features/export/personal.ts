import { displayName } from '#shared/accounts/users.ts';
import { findMembership } from '../../auth/members.ts';
import type { Db } from '../../db/database.ts';
import { toCurrentUser } from '../accounts/queries.ts';
import { householdCalendar } from '../calendar/feed.ts';
import { EXPENSES_CSV_HEADER, expensesCsvLines } from '../expenses/csv.ts';
import { expensePages } from '../expenses/queries.ts';
import { getHousehold } from '../households/queries.ts';
import { myListings } from '../listings/queries.ts';
import { messagePages } from '../messages/queries.ts';
import { readSettings } from '../push/queries.ts';
import { chorePages, jsonArray } from './stepwise.ts';
import { type ZipEntry, zipStream } from './zip.ts';

/**
 * The personal data export (GET /api/export/me): one ZIP with everything Hearth keeps about the
 * user and everything they can see in their household. Other people appear as `{id, name}`
 * with their display name only, never their e-mail (decision 0009).
 */

const EXTENSIONS: Record<string, string> = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'image/png': 'png' };
const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

/**
 * A JSON.stringify replacer: every person object (one with firstName and email) is written as
 * its id and display name only.
 */
export function redactPeople(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !('firstName' in value && 'email' in value))
    return value;
  const person = value as { id?: string; firstName?: string; lastName?: string; email?: string };
  return { id: person.id ?? null, name: displayName(person) };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A list as a JSON file, people redacted, indented as `json` would, written a page at a time. */
async function* jsonPages<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield* jsonArray(pages, { pretty: true, replacer: redactPeople });
  yield '\n';
}

function readme(exportedAt: string, inHousehold: boolean): string {
  const lines = [
    'Hearth: your data',
    `Exported ${exportedAt} (UTC).`,
    '',
    'Other people appear only by their display name (e.g. "Ada L.") and user id, never by',
    'e-mail. "Former member" is someone who deleted their account. Amounts are text in the',
    'household\'s currency, with its decimals ("12.50" EUR, "1200" JPY); times are ISO 8601 in UTC.',
    '',
    'profile.json                 your account: e-mail, names, colour, language, when you joined',
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

/**
 * The files of the export in their order. The household's long lists (expenses, chores,
 * messages) are read and written a page at a time.
 */
export async function* personalExportFiles(db: Db, userId: string, now: number): AsyncGenerator<ZipEntry> {
  const user = toCurrentUser(
    await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
  );
  const membership = await findMembership(db, userId);
  yield { name: 'README.txt', data: readme(new Date(now).toISOString(), Boolean(membership)) };
  yield { name: 'profile.json', data: json(user) };

  const photo = await db
    .selectFrom('users')
    .select('profile_image_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const photoImage = photo.profile_image_id ? await imageFile(db, photo.profile_image_id) : undefined;
  // Photos are WebP already: stored, not compressed again.
  if (photoImage)
    yield { name: `profile-photo.${extensionOf(photoImage.mime)}`, data: photoImage.data, store: true };

  const settings = await readSettings(db, userId);
  const devices = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  yield {
    name: 'notification-settings.json',
    data: json({
      ...settings,
      devices: devices.map((d) => ({
        endpoint: d.endpoint,
        createdAt: new Date(d.created_at).toISOString(),
        lastUsedAt: d.last_used_at === null ? null : new Date(d.last_used_at).toISOString(),
      })),
    }),
  };

  const listings = await myListings(db, userId);
  yield { name: 'listings.json', data: json(listings) };
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
        yield {
          name: `listings/${listing.id}/${index + 1}.${extensionOf(image.mime)}`,
          data: image.data,
          store: true,
        };
    }
  }

  if (membership) {
    const { householdId } = membership;
    const household = (await getHousehold(db, householdId))!;
    yield {
      name: 'household.json',
      data: json({
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
      }),
    };
    // One read of the expenses makes both files: the CSV, the smaller, waits in memory while the
    // JSON is written. The archive takes a file whole before asking for the next, so by then the
    // CSV is complete.
    const csvLines = await expensesCsvLines(db, householdId);
    let csv = EXPENSES_CSV_HEADER;
    const pages = async function* () {
      for await (const page of expensePages(db, householdId)) {
        csv += csvLines(page);
        yield page;
      }
    };
    yield { name: 'expenses.json', data: jsonPages(pages()) };
    yield { name: 'expenses.csv', data: csv };
    yield { name: 'chores.json', data: jsonPages(chorePages(db, householdId, now)) };
    yield { name: 'calendar.ics', data: await householdCalendar(db, householdId, now) };
    yield { name: 'messages.json', data: jsonPages(messagePages(db, householdId)) };
  }
}

/** The export as a ZIP, in pieces as it is made. */
export function personalExport(db: Db, userId: string, now: number): AsyncGenerator<Uint8Array> {
  return zipStream(personalExportFiles(db, userId, now), now);
}
