import { UNSUBSCRIBE_PATH } from '#shared/accounts/paths.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { type EmailNotificationType, UNSUBSCRIBE_API_PATH } from '#shared/push/notifications.ts';
import { parseClock, quietHoursEnd } from '#shared/push/quiet-hours.ts';
import type { Db } from '../../db/database.ts';
import { compose } from '../../mail/compose.ts';
import { dateTag, mailLanguage } from '../../mail/locale.ts';
import { queueMail } from '../../mail/outbox.ts';
import { readSettingsOf } from './queries.ts';
import { unsubscribeToken } from './unsubscribe-links.ts';

/** What one notification e-mail says; the greeting, footer and unsubscribe headers are added. */
export interface Notice {
  /** Names the e-mail, so that one reason never sends twice ("chore-reminder:<id>:<due>"). */
  key: string;
  subject: string;
  paragraphs: string[];
  /** A path in the app ("/chores") and the button's words. */
  action: { label: string; path: string };
}

/** When a notice for this member is to be written: the words of dates and times are theirs. */
export interface NoticeReader {
  userId: string;
  firstName: string;
  email: string;
  timeZone: string;
  household: string | null;
  /** The language the notice is written in (their setting, else English). */
  language: Language;
}

/**
 * Queues the e-mail of a notification for a member who switched that kind on, held until their
 * quiet hours end. Every such e-mail carries a one-click unsubscribe (RFC 8058) for its kind,
 * which works without signing in. Returns 1 when queued, else 0.
 */
export async function queueNoticeMail(
  db: Db,
  now: number,
  origin: string,
  userId: string,
  type: EmailNotificationType,
  write: (reader: NoticeReader) => Notice | Promise<Notice | null> | null,
  options: { wake?: boolean } = {},
): Promise<number> {
  const settings = (await readSettingsOf(db, [userId])).get(userId)!;
  if (!settings.email[type]) return 0;
  const user = await db
    .selectFrom('users')
    .leftJoin('household_members', 'household_members.user_id', 'users.id')
    .leftJoin('households', 'households.id', 'household_members.household_id')
    .select(['users.email', 'users.first_name', 'users.language', 'households.name as household'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return 0;
  const language = mailLanguage(user.language);
  const notice = await write({
    userId,
    firstName: user.first_name,
    email: user.email,
    timeZone: settings.timeZone,
    household: user.household,
    language,
  });
  if (!notice) return 0;
  const quiet = settings.quietHours
    ? { start: parseClock(settings.quietHours.start)!, end: parseClock(settings.quietHours.end)! }
    : null;
  const notBefore = (quiet && quietHoursEnd(now, quiet, settings.timeZone)) || now;
  const token = await unsubscribeToken(db, userId, type, now);
  const queued = await queueMail(
    db,
    now,
    {
      key: `notice:${notice.key}:${userId}`,
      to: user.email,
      userId,
      headers: {
        'List-Unsubscribe': `<${origin}${UNSUBSCRIBE_API_PATH}?token=${token}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      ...compose({
        subject: notice.subject,
        ...(user.household ? { from: user.household } : {}),
        paragraphs: [translate(language, 'mail.greeting', { name: user.first_name }), ...notice.paragraphs],
        action: { label: notice.action.label, url: `${origin}${notice.action.path}` },
        footer: [
          translate(language, 'mail.notice.footer.why', {
            label: translate(language, `mail.notice.type.${type}`),
          }),
          translate(language, 'mail.notice.footer.stop', {
            url: `${origin}${UNSUBSCRIBE_PATH}?token=${token}`,
          }),
        ],
      }),
    },
    { wake: options.wake ?? true, notBefore },
  );
  return queued ? 1 : 0;
}

/** "Monday 15 June" ("Montag, 15. Juni"): a day, for things that happen on a day (all-day events, rent). */
export function readerDay(
  instant: number,
  timeZone: string,
  language: Language,
  weekday: 'long' | 'short' = 'long',
): string {
  return new Intl.DateTimeFormat(dateTag(language), {
    weekday,
    day: 'numeric',
    month: weekday,
    timeZone,
  }).format(instant);
}

/** "Tue 14 Mar, 18:00" ("Di., 14. März, 18:00") in the reader's time zone and language. */
export function readerTime(instant: number, reader: Pick<NoticeReader, 'timeZone' | 'language'>): string {
  return new Intl.DateTimeFormat(dateTag(reader.language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: reader.timeZone,
  }).format(instant);
}
