import { z } from 'zod';
import { errorAnswer, operation } from '../api/operation.ts';
import { answerInstant, windowInstant } from '../validation.ts';
import { EVENT_RECURRENCES } from './rules.ts';
import { createEventSchema, updateEventSchema } from './schemas.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** One occurrence of an event: `id` is the event's, the dates this occurrence's (ISO date-times). */
export const calendarOccurrence = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  location: z.string().nullable(),
  startDate: answerInstant,
  endDate: answerInstant,
  allDay: z.boolean(),
  eventType: z.string(),
  color: z.string(),
  recurrence: z.enum(EVENT_RECURRENCES).nullable(),
  reminder: z.string(),
  attendees: z.array(z.string()),
  timeZone: z.string(),
  createdBy: z.string().nullable(),
  createdAt: answerInstant,
  updatedAt: answerInstant,
  /** The series' first start (the same as startDate for an event that does not repeat). */
  seriesStart: answerInstant,
});
export type CalendarOccurrence = z.output<typeof calendarOccurrence>;

const feedLink = z.strictObject({ url: z.string() });

export const calendarApi = {
  list: operation({
    method: 'GET',
    path: '/api/calendar',
    summary: 'Event occurrences in a window, by default the previous, this and the next month',
    tag: 'Calendar',
    access: 'member',
    query: z.object({
      from: windowInstant('from', 'from must be an ISO date-time').optional(),
      to: windowInstant('to', 'to must be an ISO date-time').optional(),
    }),
    responses: { 200: z.array(calendarOccurrence) },
  }),
  create: operation({
    method: 'POST',
    path: '/api/calendar',
    summary: 'Adds an event, which may repeat',
    tag: 'Calendar',
    access: 'member',
    body: createEventSchema,
    responses: { 201: calendarOccurrence },
  }),
  update: operation({
    method: 'PATCH',
    path: '/api/calendar-events/:id',
    summary: 'Changes an event (every occurrence of a series)',
    tag: 'Calendar',
    access: 'member',
    params: idParams,
    body: updateEventSchema,
    responses: { 200: calendarOccurrence },
  }),
  remove: operation({
    method: 'DELETE',
    path: '/api/calendar-events/:id',
    summary: 'Deletes an event, or with `occurrence` (its start) one occurrence of a series',
    tag: 'Calendar',
    access: 'member',
    params: idParams,
    query: z.object({
      occurrence: windowInstant('occurrence', 'occurrence must be an ISO date-time').optional(),
    }),
    responses: { 204: null },
  }),
  feed: operation({
    method: 'GET',
    path: '/api/calendar/feed',
    summary: "The member's secret link to subscribe to the household's calendar",
    tag: 'Calendar',
    access: 'member',
    responses: { 200: feedLink },
  }),
  resetFeed: operation({
    method: 'POST',
    path: '/api/calendar/feed/reset',
    summary: 'A new secret feed link; the old one stops working',
    tag: 'Calendar',
    access: 'member',
    responses: { 200: feedLink },
  }),
  feedFile: operation({
    method: 'GET',
    path: '/api/calendar/feed/:file',
    summary: "The household's events, open chores and recurring bills as iCalendar, by secret link",
    tag: 'Calendar',
    access: 'public',
    params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.ics$/) }),
    // A malformed link is answered like an unknown one: 404, not 400.
    responses: { 200: 'text/calendar', 404: errorAnswer },
  }),
};
