import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Selectable, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { defaultColor, type EventType } from '#shared/calendar/rules.ts';
import {
  type createEventSchema,
  defaultEventEnd,
  earliestOccurrences,
  firstOccurrenceIndex,
  MAX_OCCURRENCES_PER_READ,
  occurrenceStart,
  type updateEventSchema,
} from '#shared/calendar/schemas.ts';
import type { Db } from '../../db/database.ts';
import { containsIgnoringCase, readBoolean, readJson } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import type { CalendarEventsTable } from '../../db/schema.ts';

type EventRow = Selectable<CalendarEventsTable>;

const iso = (ms: number) => new Date(ms).toISOString();

export function toEvent(row: EventRow, occurrence?: { start: number; end: number }): CalendarOccurrence {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    notes: row.notes,
    location: row.location,
    startDate: iso(occurrence?.start ?? row.start_at),
    endDate: iso(occurrence?.end ?? row.end_at),
    allDay: readBoolean(row.all_day),
    eventType: row.event_type,
    color: row.color,
    recurrence: row.recurrence,
    reminder: row.reminder,
    attendees: readJson<string[]>(row.attendees),
    timeZone: row.time_zone,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    seriesStart: iso(row.start_at),
  };
}

export function exceptionsOf(row: EventRow): number[] {
  return readJson<number[]>(row.exceptions);
}

/** Every occurrence in [from, to), in time order (the earliest MAX_OCCURRENCES_PER_READ). */
export async function listOccurrences(
  db: Db,
  householdId: string,
  from: number,
  to: number,
): Promise<CalendarOccurrence[]> {
  const rows = await db
    .selectFrom('calendar_events')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('start_at', '<', to)
    .where((eb) => eb.or([eb('recurrence', 'is not', null), eb('end_at', '>=', from)]))
    .execute();
  const picked = earliestOccurrences(
    rows.map((row) => ({
      id: row.id,
      start: row.start_at,
      end: row.end_at,
      recurrence: row.recurrence,
      timeZone: row.time_zone,
      exceptions: row.recurrence ? exceptionsOf(row) : [],
    })),
    from,
    to,
    MAX_OCCURRENCES_PER_READ,
  );
  // An event's fields (its attendees parsed from JSON too) are made once for all its occurrences.
  const events = new Map<number, CalendarOccurrence>();
  return picked.map(({ event, start, end }) => {
    let fields = events.get(event);
    if (!fields) {
      fields = toEvent(rows[event]!);
      events.set(event, fields);
    }
    return { ...fields, startDate: iso(start), endDate: iso(end) };
  });
}

/** Recurring series the household keeps, for the household's cap. */
export async function countRecurringEvents(db: Db, householdId: string): Promise<number> {
  const row = await db
    .selectFrom('calendar_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('household_id', '=', householdId)
    .where('recurrence', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findEvent(db: Db, householdId: string, id: string) {
  return db
    .selectFrom('calendar_events')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function createEvent(
  db: Db,
  householdId: string,
  userId: string,
  input: z.output<typeof createEventSchema>,
  now: number,
): Promise<EventRow> {
  const start = Date.parse(input.startDate);
  const row: EventRow = {
    id: newId(),
    household_id: householdId,
    title: input.title,
    description: input.description?.trim() || null,
    notes: input.notes?.trim() || null,
    location: input.location?.trim() || null,
    start_at: start,
    end_at: input.endDate ? Date.parse(input.endDate) : defaultEventEnd(start, input.allDay, input.timeZone),
    all_day: input.allDay,
    event_type: input.eventType,
    color: (input.color ?? defaultColor(input.eventType as EventType)).toUpperCase(),
    recurrence: input.recurrence ?? null,
    reminder: input.reminder,
    attendees: JSON.stringify([...new Set(input.attendees)]),
    exceptions: '[]',
    time_zone: input.timeZone,
    created_by: userId,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('calendar_events')
    .values({ ...row, all_day: input.allDay })
    .execute();
  return row;
}

/**
 * Deleted occurrences are kept by their start; when a series moves, each follows its occurrence
 * (by position in the series). A different kind of repetition starts without any.
 */
function remapExceptions(before: EventRow, after: EventRow): number[] {
  const exceptions = exceptionsOf(before);
  if (exceptions.length === 0 || !before.recurrence || before.recurrence !== after.recurrence) return [];
  if (before.start_at === after.start_at && before.time_zone === after.time_zone) return exceptions;
  const moved: number[] = [];
  for (const ex of exceptions) {
    const k = firstOccurrenceIndex(before.start_at, before.recurrence, ex, before.time_zone);
    if (occurrenceStart(before.start_at, before.recurrence, k, before.time_zone) === ex)
      moved.push(occurrenceStart(after.start_at, after.recurrence!, k, after.time_zone));
  }
  return moved;
}

export async function updateEvent(
  db: Db,
  row: EventRow,
  changes: z.output<typeof updateEventSchema>,
  now: number,
): Promise<EventRow> {
  const next: EventRow = {
    ...row,
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.description !== undefined ? { description: changes.description?.trim() || null } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes?.trim() || null } : {}),
    ...(changes.location !== undefined ? { location: changes.location?.trim() || null } : {}),
    ...(changes.startDate !== undefined ? { start_at: Date.parse(changes.startDate) } : {}),
    ...(changes.endDate !== undefined ? { end_at: Date.parse(changes.endDate) } : {}),
    ...(changes.allDay !== undefined ? { all_day: changes.allDay } : {}),
    ...(changes.eventType !== undefined ? { event_type: changes.eventType } : {}),
    ...(changes.recurrence !== undefined ? { recurrence: changes.recurrence } : {}),
    ...(changes.reminder !== undefined ? { reminder: changes.reminder } : {}),
    ...(changes.color !== undefined ? { color: changes.color.toUpperCase() } : {}),
    ...(changes.attendees !== undefined
      ? { attendees: JSON.stringify([...new Set(changes.attendees)]) }
      : {}),
    ...(changes.timeZone !== undefined ? { time_zone: changes.timeZone } : {}),
    updated_at: now,
  };
  next.exceptions = JSON.stringify(remapExceptions(row, next));
  const { id, household_id, ...fields } = next;
  await db
    .updateTable('calendar_events')
    .set({
      ...fields,
      all_day: readBoolean(fields.all_day),
      // Read back parsed on PostgreSQL (jsonb): written as JSON text again, never as a pg array.
      attendees: JSON.stringify(readJson<string[]>(fields.attendees)),
      exceptions: JSON.stringify(exceptionsOf(next)),
    })
    .where('id', '=', id)
    .where('household_id', '=', household_id)
    .execute();
  return next;
}

/** Deletes one occurrence (by its start) of a recurring event, or the whole event. */
export async function deleteEvent(
  db: Db,
  row: EventRow,
  occurrenceStart: number | null,
  now: number,
): Promise<void> {
  if (occurrenceStart !== null && row.recurrence) {
    const exceptions = [...new Set([...exceptionsOf(row), occurrenceStart])];
    await db
      .updateTable('calendar_events')
      .set({ exceptions: JSON.stringify(exceptions), updated_at: now })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  await db.deleteFrom('calendar_events').where('id', '=', row.id).execute();
}

export async function feedToken(db: Db, userId: string, reset: boolean): Promise<string> {
  const existing = await db
    .selectFrom('calendar_feeds')
    .select('token')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing && !reset) return existing.token;
  const token = randomBytes(24).toString('base64url');
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  await db.insertInto('calendar_feeds').values({ user_id: userId, token, created_at: Date.now() }).execute();
  return token;
}

export async function userForFeedToken(db: Db, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token', '=', token)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

const EVENTS_PAGE = 500;

/** Every event of the household in start order, a page at a time with turns for other requests. */
export async function* allEvents(db: Db, householdId: string): AsyncGenerator<EventRow> {
  let after: { start: number; id: string } | null = null;
  for (;;) {
    let query = db.selectFrom('calendar_events').selectAll().where('household_id', '=', householdId);
    if (after) {
      const { start, id } = after;
      query = query.where((eb) =>
        eb.or([eb('start_at', '>', start), eb.and([eb('start_at', '=', start), eb('id', '>', id)])]),
      );
    }
    const page = await query.orderBy('start_at').orderBy('id').limit(EVENTS_PAGE).execute();
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < EVENTS_PAGE) return;
    after = { start: last.start_at, id: last.id };
    await yieldToEventLoop();
  }
}

/** Every event the household keeps (a series counts once), for the household's cap. */
export async function countEvents(db: Db, householdId: string): Promise<number> {
  const row = await db
    .selectFrom('calendar_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('household_id', '=', householdId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const SEARCHED_EVENT_COLUMNS = ['title', 'description', 'location', 'notes'];
/** How far ahead a repeating event's next occurrence is looked for, for a search result. */
const NEXT_OCCURRENCE_WITHIN_MS = 400 * 86_400_000;

/**
 * Events whose text contains `q` (GET /api/search): those still to come (a repeating one by its
 * next occurrence) soonest first, then past ones, latest first.
 */
export async function searchEvents(db: Db, householdId: string, q: string, now: number, limit: number) {
  const upcoming = sql<SqlBool>`(recurrence is not null or end_at >= ${now})`;
  const rows = await db
    .selectFrom('calendar_events')
    .selectAll()
    .where('household_id', '=', householdId)
    .where((eb) => eb.or(SEARCHED_EVENT_COLUMNS.map((column) => containsIgnoringCase(db, column, q))))
    .orderBy(sql`case when ${upcoming} then 0 else 1 end`)
    .orderBy(sql`case when ${upcoming} then start_at else -start_at end`)
    .orderBy('id')
    .limit(limit)
    .execute();
  const found = rows.map((row) => {
    const next = row.recurrence
      ? earliestOccurrences(
          [
            {
              id: row.id,
              start: row.start_at,
              end: row.end_at,
              recurrence: row.recurrence,
              timeZone: row.time_zone,
              exceptions: exceptionsOf(row),
            },
          ],
          now,
          now + NEXT_OCCURRENCE_WITHIN_MS,
          1,
        )[0]
      : undefined;
    const start = next?.start ?? row.start_at;
    return {
      id: row.id,
      title: row.title,
      startDate: iso(start),
      endDate: iso(next?.end ?? row.end_at),
      allDay: readBoolean(row.all_day),
      color: row.color,
      eventType: row.event_type,
      recurrence: row.recurrence,
      timeZone: row.time_zone,
      upcoming: next !== undefined || row.end_at >= now,
      start,
    };
  });
  // A repeating event's next date is known only now: the upcoming ones are put in its order.
  found.sort((a, b) => Number(b.upcoming) - Number(a.upcoming) || (a.upcoming ? a.start - b.start : 0));
  return found.map(({ upcoming: _upcoming, start: _start, ...match }) => match);
}
