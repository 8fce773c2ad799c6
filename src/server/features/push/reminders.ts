import { TZDate } from '@date-fns/tz';
import { type EventRecurrence, expandOccurrences, REMINDER_MINUTES } from '#shared/calendar/schemas.ts';
import { formatMoney } from '#shared/money.ts';
import {
  CHORE_REMINDER_MINUTES,
  clip,
  dueIn,
  PUSH_BODY_MAX,
  rentDueStart,
  rentReminderAt,
} from '#shared/push/notifications.ts';
import type { Db } from '../../db/database.ts';
import { readJson } from '../../db/dialect.ts';
import { queueNoticeMail, readerDay, readerTime } from './notice-mail.ts';
import { householdName, memberIds } from './notify.ts';
import { enqueue } from './outbox.ts';
import { readSettingsOf } from './queries.ts';
import { weeklySummaries } from './weekly-summary.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Overdue pushes only for chores that fell due within this long (not for ancient history). */
const OVERDUE_LOOKBACK = DAY;
export const SNOOZE_MS = 60 * MINUTE;

const CHORE_ACTIONS = [
  { action: 'done' as const, title: 'Mark done' },
  { action: 'snooze' as const, title: 'Snooze 1 h' },
];

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
        (await choreReminder(trx, now, chore, key, `Due ${dueIn(chore.due_at - now)}`)) +
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
      const when = chore.due_at > now ? `Due ${dueIn(chore.due_at - now)}` : 'Overdue';
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
        (await choreReminder(trx, now, chore, key, 'Overdue', 'Chore overdue')) +
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
  when: string,
  title = 'Chore reminder',
): Promise<number> {
  return enqueue(
    db,
    now,
    chore.assigned_to ? [chore.assigned_to] : [],
    {
      key,
      urgency: 'high',
      payload: {
        title,
        body: clip(`${when}: ${chore.title}`, PUSH_BODY_MAX),
        type: 'chore',
        tag: `chore-${chore.id}`,
        url: '/chores',
        actions: CHORE_ACTIONS,
        data: { choreId: chore.id },
      },
    },
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
    (reader) => ({
      key,
      subject: overdue ? `Overdue: ${chore.title}` : `Reminder: ${chore.title}`,
      paragraphs: [
        overdue
          ? `“${chore.title}” was due ${readerTime(chore.due_at, reader)} and is not done yet.`
          : `“${chore.title}” is yours and due ${readerTime(chore.due_at, reader)} (${dueIn(chore.due_at - now)}).`,
      ],
      action: { label: 'Open chores', path: '/chores' },
    }),
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
        return enqueue(
          trx,
          now,
          attendees.length > 0 ? attendees : members,
          {
            key: `event-reminder:${event.id}:${occurrence.start}`,
            urgency: 'high',
            payload: {
              title: 'Event reminder',
              body: clip(`${event.title}: starts ${dueIn(occurrence.start - now)}`, PUSH_BODY_MAX),
              type: 'calendar',
              tag: `event-${event.id}-${occurrence.start}`,
              url: '/calendar',
            },
          },
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
    .select(['id', 'rent_due_day', 'rent_amount_cents'])
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
          const amount = household.rent_amount_cents
            ? `${formatMoney(household.rent_amount_cents)} rent`
            : 'Rent';
          const mailed = await queueNoticeMail(
            trx,
            now,
            origin,
            userId,
            'rent',
            (reader) => ({
              key: `rent:${household.id}:${monthKey}`,
              subject: `${amount} is due tomorrow`,
              paragraphs: [
                `${amount} for ${reader.household ?? 'your household'} is due tomorrow, ${readerDay(rentDueStart(year, month, dueDay, timeZone), reader.timeZone)}.`,
              ],
              action: { label: 'Open expenses', path: '/expenses' },
            }),
            { wake: false },
          );
          return (
            mailed +
            (await enqueue(
              trx,
              now,
              [userId],
              {
                key: `rent:${household.id}:${monthKey}:${userId}`,
                urgency: 'high',
                payload: {
                  title: 'Rent due tomorrow',
                  body: clip(
                    `${await householdName(trx, household.id)}: ${amount} is due tomorrow`,
                    PUSH_BODY_MAX,
                  ),
                  type: 'expense',
                  tag: `rent-${household.id}-${monthKey}`,
                  url: '/expenses',
                },
              },
              { wake: false },
            ))
          );
        });
      }
    }
  }
  return queued;
}
