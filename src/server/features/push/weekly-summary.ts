import { TZDate } from '@date-fns/tz';
import { translate } from '#shared/i18n/catalogs.ts';
import type { Db } from '../../db/database.ts';
import { moneyIn } from '../../mail/locale.ts';
import { listOccurrences } from '../calendar/queries.ts';
import { readLedger } from '../expenses/ledger.ts';
import { householdCurrency } from '../households/queries.ts';
import { type Notice, type NoticeReader, queueNoticeMail, readerDay, readerTime } from './notice-mail.ts';

const DAY = 24 * 60 * 60_000;
const WEEK = 7 * DAY;
/** The summary goes out on Monday from this local hour, once per week. */
const SUMMARY_HOUR = 8;
const LISTED = 5;

/** The local Monday of the week holding `now` ("2026-03-09"), when it is Monday past 08:00 there. */
export function summaryWeek(now: number, timeZone: string): string | null {
  const local = new TZDate(now, timeZone);
  if (local.getDay() !== 1 || local.getHours() < SUMMARY_HOUR) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * The weekly summary e-mail, for members who switched it on: on Monday morning in their own time
 * zone, claimed per member and week so that it goes out once however many instances sweep.
 */
export async function weeklySummaries(db: Db, now: number, origin: string): Promise<number> {
  const candidates = await db
    .selectFrom('notification_settings')
    .innerJoin('household_members', 'household_members.user_id', 'notification_settings.user_id')
    .select(['notification_settings.user_id as userId', 'notification_settings.time_zone as timeZone'])
    .where('notification_settings.email_summary', '=', true)
    .execute();
  let queued = 0;
  for (const { userId, timeZone } of candidates) {
    const week = summaryWeek(now, timeZone);
    if (!week) continue;
    queued += await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('weekly_summaries')
        .values({ user_id: userId, week, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
        .returning('week')
        .executeTakeFirst();
      if (!claim) return 0;
      return queueNoticeMail(trx, now, origin, userId, 'summary', (reader) => summary(trx, now, reader), {
        wake: false,
      });
    });
  }
  return queued;
}

async function summary(db: Db, now: number, reader: NoticeReader): Promise<Notice | null> {
  const membership = await db
    .selectFrom('household_members')
    .select('household_id')
    .where('user_id', '=', reader.userId)
    .executeTakeFirst();
  if (!membership) return null;
  const householdId = membership.household_id;

  const { figures } = await readLedger(db, householdId);
  const currency = await householdCurrency(db, householdId);
  const net = figures.members.find((m) => m.userId === reader.userId)?.net ?? 0;
  const { language } = reader;
  const balance =
    net > 0
      ? translate(language, 'mail.summary.owed', { amount: moneyIn(language, net, currency) })
      : net < 0
        ? translate(language, 'mail.summary.owe', { amount: moneyIn(language, -net, currency) })
        : translate(language, 'mail.summary.settled');

  const done = await db
    .selectFrom('chores')
    .select(['completed_by'])
    .where('household_id', '=', householdId)
    .where('status', '=', 'done')
    .where('completed_at', '>=', now - WEEK)
    .where('completed_at', '<', now)
    .execute();
  const mine = done.filter((c) => c.completed_by === reader.userId).length;

  const due = await db
    .selectFrom('chores')
    .select(['title', 'due_at'])
    .where('household_id', '=', householdId)
    .where('assigned_to', '=', reader.userId)
    .where('status', '<>', 'done')
    .where('due_at', '<', now + WEEK)
    .orderBy('due_at')
    .execute();
  const events = await listOccurrences(db, householdId, now, now + WEEK);

  const list = (items: string[], total: number) =>
    items
      .map((item) => `• ${item}`)
      .concat(
        total > items.length
          ? [translate(language, 'mail.summary.more', { count: total - items.length })]
          : [],
      );
  const dueLines = due.slice(0, LISTED).map((c) =>
    translate(language, c.due_at < now ? 'mail.summary.overdueLine' : 'mail.summary.dueLine', {
      title: c.title,
      time: readerTime(c.due_at, reader),
    }),
  );
  const eventLines = events.slice(0, LISTED).map((e) => {
    const start = Date.parse(e.startDate);
    const when = e.allDay ? readerDay(start, e.timeZone, language, 'short') : readerTime(start, reader);
    return translate(language, 'mail.summary.eventLine', { title: e.title, when });
  });

  return {
    key: `summary:${summaryWeek(now, reader.timeZone) ?? now}`,
    subject: reader.household
      ? translate(language, 'mail.summary.subject', { household: reader.household })
      : translate(language, 'mail.summary.subjectNoHousehold'),
    paragraphs: [
      balance,
      translate(language, 'mail.summary.chores', { mine, all: done.length }),
      ...(due.length > 0
        ? [[translate(language, 'mail.summary.yours'), ...list(dueLines, due.length)].join('\n')]
        : [translate(language, 'mail.summary.noneDue')]),
      ...(events.length > 0
        ? [[translate(language, 'mail.summary.comingUp'), ...list(eventLines, events.length)].join('\n')]
        : [translate(language, 'mail.summary.noEvents')]),
    ],
    action: { label: translate(language, 'mail.action.openHearth'), path: '/' },
  };
}
