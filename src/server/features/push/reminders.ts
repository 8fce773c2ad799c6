import { TZDate } from '@date-fns/tz';
import { type EventRecurrence, REMINDER_MINUTES } from '#shared/calendar/rules.ts';
import { expandOccurrences } from '#shared/calendar/schemas.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import type { Language } from '#shared/i18n/languages.ts';
import {
  CHORE_REMINDER_MINUTES,
  clip,
  PUSH_BODY_MAX,
  rentDueStart,
  rentReminderAt,
} from '#shared/push/notifications.ts';
import type { Db } from '../../db/database.ts';
import { readJson } from '../../db/dialect.ts';
import { dueInText, moneyIn } from '../../mail/locale.ts';
import { enqueueLocalized } from './localized.ts';
import { queueNoticeMail, readerDay, readerTime } from './notice-mail.ts';
import { householdName, memberIds } from './notify.ts';
import { readSettingsOf } from './queries.ts';
import { weeklySummaries } from './weekly-summary.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Overdue pushes only for chores that fell due within this long (not for ancient history). */
const OVERDUE_LOOKBACK = DAY;
export const SNOOZE_MS = 60 * MINUTE;

const choreActions = (language: Language) => [
  { action: 'done' as const, title: translate(language, 'mail.push.chore.done') },
  { action: 'snooze' as const, title: translate(language, 'mail.push.chore.snooze') },
];

/** When a chore's reminder says it is: due at `dueAt` (seen from `now`), or overdue. */
type ChoreWhen = { dueAt: number; now: number } | 'overdue';

/**
 * Finds the reminders that are due at `now` and queues them. Every reminder is claimed in the
 * same transaction that queues it (a conditional UPDATE or an insert into a table keyed by what
 * it is for), so however many instances sweep, and however late, each goes out once.
 */
export async function enqueueDueReminders(db: Db, now: number, origin: string): Promise<number> {
  return (
    (await choreReminders(db, now, origin)) +
    (await snoozedChores(db, now)) +
    (await overdueChores(db, now, origin)) +
    (await eventReminders(db, now)) +
    (await rentReminders(db, now, origin)) +
    (await weeklySummaries(db, now, origin))
  );
}

async function choreReminders(db: Db, now: number, origin: string): Promise<number> {
  const candidates = await db
    .selectFrom('chores')
    .select(['id', 'household_id', 'title', 'due_at', 'assigned_to', 'reminder'])
    .where('status', '<>', 'done')
    .where('reminder', '<>', 'none')
    .where('assigned_to', 'is not', null)
    .where('due_at', '>', now)
    .where('due_at', '<=', now + DAY)
    .where((eb) => eb.or([eb('reminded_due_at', 'is', null), eb('reminded_due_at', '<>', eb.ref('due_at'))]))
    .execute();
  let queued = 0;
  for (const chore of candidates) {
    const minutes = CHORE_REMINDER_MINUTES[chore.reminder];
    if (!minutes || chore.due_at - minutes * MINUTE > now) continue;
    queued += await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('chores')
        .set({ reminded_due_at: chore.due_at })
        .where('id', '=', chore.id)
        .where('due_at', '=', chore.due_at)
        .where((eb) => eb.or([eb('reminded_due_at', 'is', null), eb('reminded_due_at', '<>', chore.due_at)]))
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return 0;
      const key = `chore-reminder:${chore.id}:${chore.due_at}`;
      return (
        (await choreReminder(trx, now, chore, key, { dueAt: chore.due_at, now })) +
        (await choreMail(trx, now, origin, chore, key, false))
      );
    });
  }
  return queued;
}

async function snoozedChores(db: Db, now: number): Promise<number> {
  const candidates = await db
    .selectFrom('chores')
    .select(['id', 'household_id', 'title', 'due_at', 'assigned_to', 'status', 'remind_again_at'])
    .where('remind_again_at', '<=', now)
    .execute();
  let queued = 0;
  for (const chore of candidates) {
    queued += await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('chores')
        .set({ remind_again_at: null })
        .where('id', '=', chore.id)
        .where('remind_again_at', '=', chore.remind_again_at)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1 || chore.status === 'done' || !chore.assigned_to) return 0;
      const when: ChoreWhen = chore.due_at > now ? { dueAt: chore.due_at, now } : 'overdue';
      return choreReminder(trx, now, chore, `chore-snooze:${chore.id}:${chore.remind_again_at}`, when);
    });
  }
  return queued;
}

async function overdueChores(db: Db, now: number, origin: string): Promise<number> {
  const candidates = await db
    .selectFrom('chores')
    .select(['id', 'household_id', 'title', 'due_at', 'assigned_to'])
    .where('status', '<>', 'done')
    .where('assigned_to', 'is not', null)
    .where('due_at', '<=', now)
    .where('due_at', '>', now - OVERDUE_LOOKBACK)
    .where((eb) =>
      eb.or([
        eb('overdue_notified_due_at', 'is', null),
        eb('overdue_notified_due_at', '<>', eb.ref('due_at')),
      ]),
    )
    .execute();
  let queued = 0;
  for (const chore of candidates) {
    queued += await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('chores')
        .set({ overdue_notified_due_at: chore.due_at })
        .where('id', '=', chore.id)
        .where('due_at', '=', chore.due_at)
        .where((eb) =>
          eb.or([
            eb('overdue_notified_due_at', 'is', null),
            eb('overdue_notified_due_at', '<>', chore.due_at),
          ]),
        )
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return 0;
      const key = `chore-overdue:${chore.id}:${chore.due_at}`;
      return (
        (await choreReminder(trx, now, chore, key, 'overdue', 'mail.push.chore.overdueTitle')) +
        (await choreMail(trx, now, origin, chore, key, true))
      );
    });
  }
  return queued;
}

function choreReminder(
  db: Db,
  now: number,
  chore: { id: string; title: string; assigned_to: string | null },
  key: string,
  when: ChoreWhen,
  title: 'mail.push.chore.reminder' | 'mail.push.chore.overdueTitle' = 'mail.push.chore.reminder',
): Promise<number> {
  return enqueueLocalized(
    db,
    now,
    chore.assigned_to ? [chore.assigned_to] : [],
    (language) => ({
      key,
      urgency: 'high',
      payload: {
        title: translate(language, title),
        body: clip(
          when === 'overdue'
            ? translate(language, 'mail.push.chore.overdueBody', { title: chore.title })
            : translate(language, 'mail.push.chore.dueBody', {
                when: dueInText(language, when.dueAt - when.now),
                title: chore.title,
              }),
          PUSH_BODY_MAX,
        ),
        type: 'chore',
        tag: `chore-${chore.id}`,
        url: '/chores',
        actions: choreActions(language),
        data: { choreId: chore.id },
      },
    }),
    { wake: false },
  );
}

/** The e-mail twin of a chore's reminder or overdue push, for an assignee who asked for it. */
function choreMail(
  db: Db,
  now: number,
  origin: string,
  chore: { id: string; title: string; due_at: number; assigned_to: string | null },
  key: string,
  overdue: boolean,
): Promise<number> {
  if (!chore.assigned_to) return Promise.resolve(0);
  return queueNoticeMail(
    db,
    now,
    origin,
    chore.assigned_to,
    'chore',
    (reader) => {
      const { language } = reader;
      const values = { title: chore.title, time: readerTime(chore.due_at, reader) };
      return {
        key,
        subject: translate(language, overdue ? 'mail.chore.subject.overdue' : 'mail.chore.subject.reminder', {
          title: chore.title,
        }),
        paragraphs: [
          overdue
            ? translate(language, 'mail.chore.overdue', values)
            : translate(language, 'mail.chore.due', {
                ...values,
                when: dueInText(language, chore.due_at - now),
              }),
        ],
        action: { label: translate(language, 'mail.action.openChores'), path: '/chores' },
      };
    },
    { wake: false },
  );
}

/**
 * Each occurrence of an event, `reminder` before it starts, to its attendees (everyone in the
 * household when it lists none), the creator included: a reminder echoes nobody's action.
 */
async function eventReminders(db: Db, now: number): Promise<number> {
  const longest = 7 * DAY;
  const candidates = await db
    .selectFrom('calendar_events')
    .select([
      'id',
      'household_id',
      'title',
      'start_at',
      'end_at',
      'all_day',
      'recurrence',
      'reminder',
      'attendees',
      'exceptions',
      'time_zone',
    ])
    .where('reminder', '<>', 'none')
    .where('start_at', '<=', now + longest)
    .where((eb) => eb.or([eb('recurrence', 'is not', null), eb('start_at', '>', now)]))
    .execute();
  let queued = 0;
  for (const event of candidates) {
    const minutes = REMINDER_MINUTES[event.reminder as keyof typeof REMINDER_MINUTES];
    if (!minutes) continue;
    const occurrences = expandOccurrences(
      {
        start: event.start_at,
        end: event.end_at,
        recurrence: event.recurrence as EventRecurrence | null,
        timeZone: event.time_zone,
        exceptions: readJson<number[]>(event.exceptions),
      },
      now,
      now + minutes * MINUTE + 1,
    ).filter((o) => o.start > now && o.start - minutes * MINUTE <= now);
    for (const occurrence of occurrences) {
      queued += await db.transaction().execute(async (trx) => {
        const claim = await trx
          .insertInto('event_reminders')
          .values({
            event_id: event.id,
            household_id: event.household_id,
            occurrence_start: occurrence.start,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['event_id', 'occurrence_start']).doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!claim) return 0;
        const members = await memberIds(trx, event.household_id);
        const attendees = readJson<string[]>(event.attendees).filter((id) => members.includes(id));
        return enqueueLocalized(
          trx,
          now,
          attendees.length > 0 ? attendees : members,
          (language) => ({
            key: `event-reminder:${event.id}:${occurrence.start}`,
            urgency: 'high',
            payload: {
              title: translate(language, 'mail.push.event.title'),
              body: clip(
                translate(language, 'mail.push.event.body', {
                  title: event.title,
                  when: dueInText(language, occurrence.start - now),
                }),
                PUSH_BODY_MAX,
              ),
              type: 'calendar',
              tag: `event-${event.id}-${occurrence.start}`,
              url: '/calendar',
            },
          }),
          { wake: false },
        );
      });
    }
  }
  return queued;
}

/** The day before rent is due, at 09:00 in each member's own time zone. */
async function rentReminders(db: Db, now: number, origin: string): Promise<number> {
  const households = await db
    .selectFrom('households')
    .select(['id', 'rent_due_day', 'rent_amount_cents', 'currency'])
    .where('rent_due_day', 'is not', null)
    .execute();
  let queued = 0;
  for (const household of households) {
    const dueDay = household.rent_due_day!;
    const members = await memberIds(db, household.id);
    const settings = await readSettingsOf(db, members);
    for (const userId of members) {
      const timeZone = settings.get(userId)!.timeZone;
      const local = new TZDate(now, timeZone);
      // The rent day this reminder is for is this month's or, near the month's end, next month's.
      for (const offset of [0, 1]) {
        const year = local.getFullYear() + Math.floor((local.getMonth() + offset) / 12);
        const month = (local.getMonth() + offset) % 12;
        if (
          now < rentReminderAt(year, month, dueDay, timeZone) ||
          now >= rentDueStart(year, month, dueDay, timeZone)
        )
          continue;
        const monthKey = `${year}-${String(month + 1).padStart(2, '0')}`;
        queued += await db.transaction().execute(async (trx) => {
          const claim = await trx
            .insertInto('rent_reminders')
            .values({ household_id: household.id, user_id: userId, month: monthKey, created_at: now })
            .onConflict((oc) => oc.columns(['household_id', 'user_id', 'month']).doNothing())
            .returning('month')
            .executeTakeFirst();
          if (!claim) return 0;
          const cents = household.rent_amount_cents;
          const amount = (language: Language) =>
            cents ? { amount: moneyIn(language, cents, household.currency) } : null;
          const mailed = await queueNoticeMail(
            trx,
            now,
            origin,
            userId,
            'rent',
            ({ language, household: name, timeZone: readerZone }) => {
              const values = {
                ...amount(language),
                ...(name ? { household: name } : {}),
                day: readerDay(rentDueStart(year, month, dueDay, timeZone), readerZone, language),
              };
              const text = name
                ? cents
                  ? 'mail.rent.text'
                  : 'mail.rent.textNoAmount'
                : cents
                  ? 'mail.rent.textNoHousehold'
                  : 'mail.rent.textNoHouseholdNoAmount';
              return {
                key: `rent:${household.id}:${monthKey}`,
                subject: cents
                  ? translate(language, 'mail.rent.subject', amount(language)!)
                  : translate(language, 'mail.rent.subjectNoAmount'),
                paragraphs: [translate(language, text, values)],
                action: { label: translate(language, 'mail.action.openExpenses'), path: '/expenses' },
              };
            },
            { wake: false },
          );
          const name = await householdName(trx, household.id);
          return (
            mailed +
            (await enqueueLocalized(
              trx,
              now,
              [userId],
              (language) => ({
                key: `rent:${household.id}:${monthKey}:${userId}`,
                urgency: 'high',
                payload: {
                  title: translate(language, 'mail.push.rent.title'),
                  body: clip(
                    cents
                      ? translate(language, 'mail.push.rent.body', { household: name, ...amount(language) })
                      : translate(language, 'mail.push.rent.bodyNoAmount', { household: name }),
                    PUSH_BODY_MAX,
                  ),
                  type: 'expense',
                  tag: `rent-${household.id}-${monthKey}`,
                  url: '/expenses',
                },
              }),
              { wake: false },
            ))
          );
        });
      }
    }
  }
  return queued;
}
