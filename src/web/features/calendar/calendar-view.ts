import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { addDaysToKey, dateOfKey, dayKeyIn } from '#shared/calendar/days.ts';
import type { EVENT_RECURRENCES, EVENT_REMINDERS, EventType } from '#shared/calendar/schemas.ts';
import { EVENT_COLORS } from '#shared/calendar/schemas.ts';
import { hasSpecificTime } from '#shared/chores/rules.ts';
import { type RECURRING_INTERVALS, recurringDate } from '#shared/expenses/rules.ts';

export type EventReminder = (typeof EVENT_REMINDERS)[number];

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  meeting: 'Meeting',
  appointment: 'Appointment',
  social: 'Social',
  deadline: 'Deadline',
  birthday: 'Birthday',
  holiday: 'Holiday',
  travel: 'Travel',
  workout: 'Workout',
  study: 'Study',
  task: 'Task',
  reminder: 'Reminder',
  other: 'Other',
};

export function eventTypeLabel(type: string): string {
  return EVENT_TYPE_LABELS[type as EventType] ?? type;
}

/** The palette with the names the colour picker reads out. */
export const COLOR_OPTIONS = (Object.entries(EVENT_COLORS) as [keyof typeof EVENT_COLORS, string][]).map(
  ([key, value]) => ({ name: key.charAt(0).toUpperCase() + key.slice(1), value }),
);

export function colorName(color: string): string {
  return COLOR_OPTIONS.find((c) => c.value === color.toUpperCase())?.name ?? color;
}

export const EVENT_RECURRENCE_LABELS: Record<(typeof EVENT_RECURRENCES)[number] | 'none', string> = {
  none: 'Does not repeat',
  daily: 'Daily',
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export const EVENT_REMINDER_LABELS: Record<EventReminder, string> = {
  none: 'No reminder',
  '5min': '5 minutes before',
  '15min': '15 minutes before',
  '30min': '30 minutes before',
  '1hour': '1 hour before',
  '2hours': '2 hours before',
  '1day': '1 day before',
  '1week': '1 week before',
};

// What falls on which day.

const MAX_SPAN_DAYS = 62;

/**
 * The days an occurrence covers. All-day events keep the dates of their own time zone (a birthday
 * is on the 1st wherever it is read); timed ones fall on the viewer's days, and one that ends
 * exactly at midnight does not reach into the next day.
 */
export function occurrenceDays(
  o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>,
  viewerZone: string,
): string[] {
  const start = Date.parse(o.startDate);
  const end = Math.max(start, Date.parse(o.endDate));
  const zone = o.allDay ? o.timeZone : viewerZone;
  const first = dayKeyIn(start, zone);
  let last = dayKeyIn(end, zone);
  if (!o.allDay && end > start && last > first && dayKeyIn(end - 1, zone) < last)
    last = addDaysToKey(last, -1);
  const days: string[] = [];
  for (let day = first; day <= last && days.length < MAX_SPAN_DAYS; day = addDaysToKey(day, 1))
    days.push(day);
  return days;
}

/** Items grouped under each day they fall on, in their given order. */
export function groupByDay<T>(items: readonly T[], daysOf: (item: T) => string[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    for (const day of daysOf(item)) {
      const list = map.get(day);
      if (list) list.push(item);
      else map.set(day, [item]);
    }
  }
  return map;
}

const clock = (ms: number, zone: string) => format(new TZDate(ms, zone), 'h:mm a');

/**
 * An occurrence's time on one of its days: 'All day', '6:30 PM – 7:30 PM', or for one spanning
 * days 'From 10:00 PM' on its first, 'Until 2:00 AM' on its last and 'All day' between.
 */
export function eventTimeLabel(
  o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>,
  day: string,
  viewerZone: string,
): string {
  if (o.allDay) return 'All day';
  const start = Date.parse(o.startDate);
  const end = Date.parse(o.endDate);
  const days = occurrenceDays(o, viewerZone);
  const startsToday = days[0] === day;
  const endsToday = days[days.length - 1] === day;
  if (startsToday && endsToday) {
    return start === end
      ? clock(start, viewerZone)
      : `${clock(start, viewerZone)} – ${clock(end, viewerZone)}`;
  }
  if (startsToday) return `From ${clock(start, viewerZone)}`;
  if (endsToday) return `Until ${clock(end, viewerZone)}`;
  return 'All day';
}

/** The details dialog's 'when': 'Monday, June 1 · 6:30 PM – 7:30 PM', or dates for longer ones. */
export function eventWhen(
  o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>,
  viewerZone: string,
): string {
  const days = occurrenceDays(o, viewerZone);
  const long = (key: string) => format(dateOfKey(key), 'EEEE, MMMM d, yyyy');
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (o.allDay)
    return first === last ? `${long(first)} · All day` : `${long(first)} – ${long(last)} · All day`;
  const start = Date.parse(o.startDate);
  const end = Date.parse(o.endDate);
  if (first === last) return `${long(first)} · ${eventTimeLabel(o, first, viewerZone)}`;
  return `${long(first)}, ${clock(start, viewerZone)} – ${long(last)}, ${clock(end, viewerZone)}`;
}

/** The day a chore is due on (the chore's own calendar), and its time when it has one. */
export function choreDue(
  chore: { dueDate: string; timeZone: string },
  viewerZone: string,
): { day: string; time: string | null } {
  const due = Date.parse(chore.dueDate);
  const timed = hasSpecificTime(new TZDate(due, chore.timeZone));
  return { day: dayKeyIn(due, chore.timeZone), time: timed ? clock(due, viewerZone) : null };
}

type Interval = (typeof RECURRING_INTERVALS)[number];

/**
 * The dates of a recurring bill that fall in [first, last]: the series counted from its first
 * date, as the feed and the server count it, up to its end date. A series that has ended (no next
 * date) or a one-off expense has none.
 */
export function billDays(
  bill: {
    date: string;
    isRecurring: boolean;
    recurrenceFrequency: string | null;
    recurringEndDate: string | null;
    nextOccurrenceDate: string | null;
  },
  first: string,
  last: string,
): string[] {
  if (!bill.isRecurring || !bill.nextOccurrenceDate || !bill.recurrenceFrequency) return [];
  const interval = bill.recurrenceFrequency as Interval;
  const end = bill.recurringEndDate && bill.recurringEndDate < last ? bill.recurringEndDate : last;
  const days: string[] = [];
  for (let k = 0; k < 10_000; k++) {
    const day = recurringDate(bill.date, interval, k);
    if (day > end) break;
    if (day >= first) days.push(day);
  }
  return days;
}
