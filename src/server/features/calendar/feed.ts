import { TZDate } from '@date-fns/tz';
import { REMINDER_MINUTES } from '#shared/calendar/rules.ts';
import { hasSpecificTime } from '#shared/chores/schemas.ts';
import { formatMoney } from '#shared/money.ts';
import type { Db } from '../../db/database.ts';
import { listChores } from '../chores/queries.ts';
import { getHousehold } from '../households/queries.ts';
import { type IcsEvent, localDate, renderCalendarStepwise, rrule } from './ics.ts';
import { allEvents, exceptionsOf, toEvent } from './queries.ts';

const DAY_MS = 86_400_000;

/**
 * A household's calendar as iCalendar text: its events, open chores and recurring bills. The
 * subscribed feed and the personal data export both serve this.
 */
export async function householdCalendar(db: Db, householdId: string, now: number): Promise<string> {
  const household = await getHousehold(db, householdId);
  const items: IcsEvent[] = [];
  for await (const row of allEvents(db, householdId)) {
    items.push({
      uid: `event-${row.id}@hearth`,
      summary: row.title,
      description: row.description,
      location: row.location,
      start: row.start_at,
      end: row.end_at,
      allDay: Boolean(toEvent(row).allDay),
      timeZone: row.time_zone,
      rrule: row.recurrence ? rrule(row.recurrence, localDate(row.start_at, row.time_zone)) : null,
      exdates: exceptionsOf(row),
      alarmMinutes: REMINDER_MINUTES[row.reminder as keyof typeof REMINDER_MINUTES] ?? null,
      stamp: row.updated_at,
    });
  }
  for (const chore of await listChores(db, householdId, now)) {
    if (chore.status === 'done') continue;
    const due = Date.parse(chore.dueDate);
    // 23:59 in the chore's own zone means no specific time.
    const timed = hasSpecificTime(new TZDate(due, chore.timeZone));
    items.push({
      uid: `chore-${chore.id}@hearth`,
      summary: `Chore: ${chore.title}`,
      description: chore.description,
      start: timed ? due - chore.estimatedDuration * 60_000 : due,
      end: due,
      allDay: !timed,
      timeZone: chore.timeZone,
      stamp: Date.parse(chore.updatedAt),
    });
  }
  const bills = await db
    .selectFrom('expenses')
    .select([
      'id',
      'title',
      'amount_cents',
      'date',
      'next_occurrence_date',
      'recurring_interval',
      'recurring_end_date',
      'created_at',
    ])
    .where('household_id', '=', householdId)
    .where('next_occurrence_date', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  for (const bill of bills) {
    const day = Date.parse(`${bill.next_occurrence_date}T00:00:00Z`);
    items.push({
      uid: `bill-${bill.id}@hearth`,
      summary: `Bill: ${bill.title} (${formatMoney(bill.amount_cents, household?.currency)})`,
      start: day,
      end: day + DAY_MS - 1000,
      allDay: true,
      timeZone: 'UTC',
      // Counted from the first bill's date, as the app counts, up to the end date.
      rrule: bill.recurring_interval
        ? rrule(
            bill.recurring_interval,
            bill.date.replace(/-/g, ''),
            bill.recurring_end_date?.replace(/-/g, ''),
          )
        : null,
      stamp: bill.created_at,
    });
  }
  return renderCalendarStepwise(household?.name ?? 'Hearth', items);
}
