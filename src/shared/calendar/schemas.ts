import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { knownApiError } from '../api-errors.ts';
import { firstOccurrenceIndexFrom, nthOccurrence } from '../time/recurrence.ts';
import { timeZoneField } from '../time/zone-field.ts';
import { registerMessages, sharedMessages, windowInstant } from '../validation.ts';
import { EVENT_RECURRENCES, EVENT_REMINDERS, EVENT_TYPES, type EventRecurrence, PALETTE } from './rules.ts';

/**
 * First start time fills the end time one hour later, wrapping at 24 h (docs/calendar.md, The event
 * form): '23:30' → '00:30'.
 */
export function endTimeAfter(start: string): string {
  const [h = 0, m = 0] = start.split(':').map(Number);
  return `${String((h + 1) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * Start and end instants from the form (docs/calendar.md, The event form): all-day runs 00:00:00 to
 * 23:59:59 of the end date; otherwise the end is the end date and time, or start + 1 h when the end
 * time is empty. Dates and times are wall-clock values in `timeZone`.
 */
export function eventTimes(
  form: { startDate: string; startTime?: string; endDate?: string; endTime?: string; allDay: boolean },
  timeZone: string,
): { start: number; end: number } {
  const at = (date: string, time: string, seconds = 0) => {
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi] = time.split(':').map(Number) as [number, number];
    return new TZDate(y, mo - 1, d, h, mi, seconds, timeZone).getTime();
  };
  const endDate = form.endDate || form.startDate;
  if (form.allDay) return { start: at(form.startDate, '00:00'), end: at(endDate, '23:59', 59) };
  const start = at(form.startDate, form.startTime || '00:00');
  const end = form.endTime ? at(endDate, form.endTime) : defaultEventEnd(start, false, timeZone);
  return { start, end };
}

/**
 * The end of an event created without one: the last second of its start day in its time zone
 * for an all-day event (as eventTimes gives the form's), an hour after its start otherwise.
 */
export function defaultEventEnd(start: number, allDay: boolean, timeZone: string): number {
  if (!allDay) return start + 3_600_000;
  const day = new TZDate(start, timeZone);
  day.setHours(23, 59, 59, 0);
  return day.getTime();
}

export const eventMessages = registerMessages('calendar', {
  titleRequired: sharedMessages.titleRequired,
  endBeforeStart: 'The end must not be before the start',
  colorInvalid: 'Colour must be one of the palette colours',
  startDateRequired: 'Start date is required',
} as const);

const instant = (field: string) => windowInstant(field, 'Dates must be ISO date-times');

const eventFields = {
  title: z.string({ error: eventMessages.titleRequired }).trim().min(1, eventMessages.titleRequired).max(120),
  description: z.string().max(2000).nullish(),
  notes: z.string().max(2000).nullish(),
  location: z.string().max(200).nullish(),
  startDate: instant('startDate'),
  endDate: instant('endDate').nullish(),
  allDay: z.boolean().default(false),
  eventType: z.enum(EVENT_TYPES).default('meeting'),
  recurrence: z.enum(EVENT_RECURRENCES).nullish(),
  reminder: z.enum(EVENT_REMINDERS).default('15min'),
  color: z
    .string()
    .refine((c) => PALETTE.includes(c.toUpperCase() as (typeof PALETTE)[number]), eventMessages.colorInvalid)
    .nullish(),
  attendees: z.array(z.string().max(100)).max(50).default([]),
  timeZone: timeZoneField('timeZone').default('UTC'),
};

export const createEventSchema = z
  .object(eventFields)
  .refine((v) => !v.endDate || Date.parse(v.endDate) >= Date.parse(v.startDate), {
    message: eventMessages.endBeforeStart,
    path: ['endDate'],
  });

export const updateEventSchema = z
  .object({
    title: eventFields.title,
    description: z.string().max(2000).nullable(),
    notes: z.string().max(2000).nullable(),
    location: z.string().max(200).nullable(),
    startDate: instant('startDate'),
    endDate: instant('endDate'),
    allDay: z.boolean(),
    eventType: z.enum(EVENT_TYPES),
    recurrence: z.enum(EVENT_RECURRENCES).nullable(),
    reminder: z.enum(EVENT_REMINDERS),
    color: eventFields.color.unwrap().unwrap(),
    attendees: z.array(z.string().max(100)).max(50),
    timeZone: timeZoneField('timeZone'),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: sharedMessages.nothingToChange,
  });

/** Start of occurrence k of a series, in its time zone (recurrence.ts). */
export const occurrenceStart: (
  anchor: number,
  recurrence: EventRecurrence,
  k: number,
  timeZone: string,
) => number = nthOccurrence;

/** Index of the first occurrence starting at or after `from`, without walking the series (recurrence.ts). */
export const firstOccurrenceIndex: (
  anchor: number,
  recurrence: EventRecurrence,
  from: number,
  timeZone: string,
) => number = firstOccurrenceIndexFrom;

/** The widest window one calendar read may ask for: its work grows with the days it spans. */
export const MAX_WINDOW_DAYS = 366;
const DAY_MS = 86_400_000;

/** The window [from, to) of a calendar read, in ms, once the defaults for a missing end are filled in. */
export const calendarWindowSchema = z
  .object({ from: z.number(), to: z.number() })
  .refine((v) => v.from < v.to, {
    message: knownApiError('calendar.window_reversed', { field: 'from', other: 'to' }),
    path: ['from'],
  })
  .refine((v) => v.to - v.from <= MAX_WINDOW_DAYS * DAY_MS, {
    message: knownApiError('calendar.window_too_wide', { field: 'to', days: MAX_WINDOW_DAYS, other: 'from' }),
    path: ['to'],
  });

const MAX_OCCURRENCES = 1000;

/** Occurrences one calendar read answers at most, the earliest first. */
export const MAX_OCCURRENCES_PER_READ = 2_000;

export interface ExpandableEvent {
  start: number;
  end: number;
  recurrence: EventRecurrence | null;
  timeZone: string;
  exceptions?: number[];
}

/**
 * The occurrences of an event that overlap [from, to): each keeps the first one's duration,
 * skipping the starts listed in `exceptions` (single occurrences deleted). The walk starts at the
 * first occurrence still running at `from` (one that started up to a duration earlier), so an old
 * series costs what it returns, not its history.
 */
export function expandOccurrences(
  event: ExpandableEvent,
  from: number,
  to: number,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const walk = startWalk(event, 0, from, to);
  while (walk) {
    out.push({ start: walk.start, end: walk.start + walk.duration });
    if (!step(walk, to)) break;
  }
  return out;
}

/**
 * The first `limit` occurrences of all `events` in [from, to), each event's as expandOccurrences
 * lists them, ordered by start and then by the events' ids. The events are walked side by side,
 * earliest first, so a read costs about what it answers, however many the window holds.
 */
export function earliestOccurrences(
  events: readonly (ExpandableEvent & { id: string })[],
  from: number,
  to: number,
  limit: number,
): { event: number; start: number; end: number }[] {
  const heap: Walk[] = [];
  events.forEach((event, index) => {
    const walk = startWalk(event, index, from, to);
    if (walk) heap.push(walk);
  });
  const before = (a: Walk, b: Walk) =>
    a.start < b.start || (a.start === b.start && events[a.index]!.id < events[b.index]!.id);
  const siftDown = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let first = i;
      if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
      if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
      if (first === i) return;
      const moved = heap[i]!;
      heap[i] = heap[first]!;
      heap[first] = moved;
      i = first;
    }
  };
  for (let i = Math.floor(heap.length / 2) - 1; i >= 0; i--) siftDown(i);
  const out: { event: number; start: number; end: number }[] = [];
  while (out.length < limit && heap.length > 0) {
    const walk = heap[0]!;
    out.push({ event: walk.index, start: walk.start, end: walk.start + walk.duration });
    if (!step(walk, to)) {
      const last = heap.pop()!;
      if (heap.length === 0) break;
      heap[0] = last;
    }
    siftDown(0);
  }
  return out;
}

/** Where the expansion of one event stands: its current occurrence `k`, starting at `start`. */
interface Walk {
  index: number;
  event: ExpandableEvent;
  duration: number;
  skip: Set<number>;
  k: number;
  start: number;
  listed: number;
}

/** The walk at the event's first occurrence overlapping [from, to), or null when none does. */
function startWalk(event: ExpandableEvent, index: number, from: number, to: number): Walk | null {
  const duration = event.end - event.start;
  if (!event.recurrence) {
    if (event.end < from || event.start >= to) return null;
    return { index, event, duration, skip: new Set(), k: 0, start: event.start, listed: 0 };
  }
  const k = firstOccurrenceIndex(event.start, event.recurrence, from - duration, event.timeZone);
  const walk = {
    index,
    event,
    duration,
    skip: new Set(event.exceptions ?? []),
    k: k - 1,
    start: 0,
    listed: -1,
  };
  return step(walk, to) ? walk : null;
}

/** Moves the walk to the event's next listed occurrence; false when there is none before `to`. */
function step(walk: Walk, to: number): boolean {
  const { event } = walk;
  if (!event.recurrence || ++walk.listed >= MAX_OCCURRENCES) return false;
  for (;;) {
    walk.k++;
    walk.start = occurrenceStart(event.start, event.recurrence, walk.k, event.timeZone);
    if (walk.start >= to) return false;
    if (!walk.skip.has(walk.start)) return true;
  }
}
