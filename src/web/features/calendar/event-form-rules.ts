import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { z } from 'zod';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { addDaysToKey, isDayKey } from '#shared/calendar/days.ts';
import { defaultColor, type EventRecurrence, type EventType } from '#shared/calendar/rules.ts';
import { createEventSchema, endTimeAfter, eventMessages, eventTimes } from '#shared/calendar/schemas.ts';
import { fieldErrors } from '#shared/validation.ts';
import type { EventReminder } from './calendar-view.ts';

// The event create form (docs/calendar.md, The event form) and the small edit form.

export interface EventFormValues {
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  allDay: boolean;
  eventType: EventType;
  color: string;
  location: string;
  attendees: string[];
  recurrence: EventRecurrence | 'none';
  reminder: EventReminder;
  notes: string;
}

/**
 * The defaults (docs/calendar.md, The event form): a meeting in its blue, reminder 15 minutes before,
 * not repeating, the creator attending.
 */
export function defaultEventForm(date: string, creatorId: string | null): EventFormValues {
  return {
    title: '',
    description: '',
    startDate: date,
    startTime: '',
    endDate: date,
    endTime: '',
    allDay: false,
    eventType: 'meeting',
    color: defaultColor('meeting'),
    location: '',
    attendees: creatorId ? [creatorId] : [],
    recurrence: 'none',
    reminder: '15min',
    notes: '',
  };
}

/** A new start date takes the end date along while the end was on the start's day or before the new one. */
export function withStartDate(values: EventFormValues, startDate: string): EventFormValues {
  const follow = !values.endDate || values.endDate === values.startDate || values.endDate < startDate;
  return { ...values, startDate, endDate: follow ? startDate : values.endDate };
}

/**
 * The first start time fills an empty end time one hour later (docs/calendar.md, The event form);
 * when that wraps past midnight the end moves to the next day, so the event does not end before it
 * starts.
 */
export function withStartTime(values: EventFormValues, startTime: string): EventFormValues {
  if (values.endTime || !startTime) return { ...values, startTime };
  const endTime = endTimeAfter(startTime);
  const sameDay = !values.endDate || values.endDate === values.startDate;
  const wraps = endTime < startTime;
  const endDate = sameDay && wraps && values.startDate ? addDaysToKey(values.startDate, 1) : values.endDate;
  return { ...values, startTime, endTime, endDate };
}

/**
 * Choosing a type sets its default colour; the colour can be changed after (docs/calendar.md, Event
 * types and colours).
 */
export function withEventType(values: EventFormValues, eventType: EventType): EventFormValues {
  return { ...values, eventType, color: defaultColor(eventType) };
}

const blankToNull = (text: string) => text.trim() || null;

export type CreateEventInput = z.output<typeof createEventSchema>;

export const formMessages = {
  startDateRequired: eventMessages.startDateRequired,
} as const;

/**
 * The create payload checked with the API's schema, or the first message for each field.
 */
export function eventCreatePayload(
  values: EventFormValues,
  timeZone: string,
): { ok: true; payload: CreateEventInput } | { ok: false; errors: Record<string, string> } {
  const dated = isDayKey(values.startDate);
  const times = dated
    ? eventTimes(
        {
          startDate: values.startDate,
          startTime: values.startTime,
          endDate: isDayKey(values.endDate) ? values.endDate : '',
          endTime: values.endTime,
          allDay: values.allDay,
        },
        timeZone,
      )
    : null;
  const parsed = createEventSchema.safeParse({
    title: values.title,
    description: blankToNull(values.description),
    startDate: times ? new Date(times.start).toISOString() : '',
    endDate: times ? new Date(times.end).toISOString() : null,
    eventType: values.eventType,
    allDay: values.allDay,
    location: blankToNull(values.location),
    recurrence: values.recurrence === 'none' ? null : values.recurrence,
    reminder: values.reminder,
    color: values.color,
    attendees: values.attendees,
    notes: blankToNull(values.notes),
    timeZone,
  });
  const errors: Record<string, string> = {};
  // 'attendees.3' → the attendees field.
  for (const [path, message] of Object.entries(parsed.success ? {} : fieldErrors(parsed.error))) {
    const field = path.split('.')[0]!;
    if (!(field in errors)) errors[field] = message;
  }
  if (!dated) errors.startDate = formMessages.startDateRequired;
  if (!parsed.success || !dated) return { ok: false, errors };
  return { ok: true, payload: parsed.data };
}

// The edit form: title, times, location, description.

export interface EventEditValues {
  title: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  description: string;
}

/** All-day events are edited on their own calendar, timed ones on the viewer's clock. */
const editZone = (o: Pick<CalendarOccurrence, 'allDay' | 'timeZone'>, viewerZone: string) =>
  o.allDay ? o.timeZone : viewerZone;

export function editValuesOf(o: CalendarOccurrence, viewerZone: string): EventEditValues {
  const zone = editZone(o, viewerZone);
  const start = new TZDate(Date.parse(o.startDate), zone);
  const end = new TZDate(Date.parse(o.endDate), zone);
  return {
    title: o.title,
    startDate: format(start, 'yyyy-MM-dd'),
    startTime: format(start, 'HH:mm'),
    endDate: format(end, 'yyyy-MM-dd'),
    endTime: format(end, 'HH:mm'),
    location: o.location ?? '',
    description: o.description ?? '',
  };
}

export const editMessages = {
  titleRequired: eventMessages.titleRequired,
  dateRequired: eventMessages.startDateRequired,
  endBeforeStart: eventMessages.endBeforeStart,
} as const;

export type EventChanges = {
  title?: string;
  startDate?: string;
  endDate?: string;
  location?: string | null;
  description?: string | null;
};

/**
 * The PATCH body for what changed, or the messages by field. An occurrence of a recurring event
 * moves its whole series by the same amount, so earlier occurrences stay where they were relative
 * to it.
 */
export function eventEditPayload(
  o: CalendarOccurrence,
  values: EventEditValues,
  viewerZone: string,
): { ok: true; changes: EventChanges } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const title = values.title.trim();
  if (!title) errors.title = editMessages.titleRequired;
  if (!isDayKey(values.startDate)) errors.startDate = editMessages.dateRequired;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const { start, end } = eventTimes(
    {
      startDate: values.startDate,
      startTime: values.startTime,
      endDate: isDayKey(values.endDate) ? values.endDate : '',
      endTime: values.endTime,
      allDay: o.allDay,
    },
    editZone(o, viewerZone),
  );
  if (end < start) return { ok: false, errors: { endDate: editMessages.endBeforeStart } };

  const changes: EventChanges = {};
  if (title !== o.title) changes.title = title;
  const occurrenceStart = Date.parse(o.startDate);
  if (start !== occurrenceStart || end !== Date.parse(o.endDate)) {
    const seriesStart = Date.parse(o.seriesStart) + (start - occurrenceStart);
    changes.startDate = new Date(seriesStart).toISOString();
    changes.endDate = new Date(seriesStart + (end - start)).toISOString();
  }
  const location = blankToNull(values.location);
  if (location !== (o.location ?? null)) changes.location = location;
  const description = blankToNull(values.description);
  if (description !== (o.description ?? null)) changes.description = description;
  return { ok: true, changes };
}
