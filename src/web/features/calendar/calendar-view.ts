import { TZDate } from '@date-fns/tz';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import {
  addDaysToKey,
  addMonthsToMonth,
  dateOfKey,
  dayInMonth,
  dayKeyIn,
  fullDate,
  isDayKey,
  monthGrid,
  monthOf,
  weekdayOf,
} from '#shared/calendar/days.ts';
import type { EVENT_RECURRENCES, EVENT_REMINDERS, EventType } from '#shared/calendar/rules.ts';
import { EVENT_COLORS } from '#shared/calendar/rules.ts';
import { type DayRange, daysRange, monthReadRange } from '#shared/calendar/zone-days.ts';
import { hasSpecificTime } from '#shared/chores/rules.ts';
import { type RECURRING_INTERVALS, recurringDate } from '#shared/expenses/rules.ts';
import { dateFormat, uses12HourClock } from '#shared/i18n/locale-format.ts';
import { isDateInWindow } from '#shared/time/window.ts';
import type { MessageId } from '../../lib/i18n.tsx';

/** What the helpers below write with: the translate function and `Intl` tag of the active language. */
export interface Words {
  t: (id: MessageId, values?: Record<string, unknown>) => string;
  locale: string;
}

export type EventReminder = (typeof EVENT_REMINDERS)[number];

export const EVENT_TYPE_LABELS: Record<EventType, MessageId> = {
  meeting: 'calendar.type.meeting',
  appointment: 'calendar.type.appointment',
  social: 'calendar.type.social',
  deadline: 'calendar.type.deadline',
  birthday: 'calendar.type.birthday',
  holiday: 'calendar.type.holiday',
  travel: 'calendar.type.travel',
  workout: 'calendar.type.workout',
  study: 'calendar.type.study',
  task: 'calendar.type.task',
  reminder: 'calendar.type.reminder',
  other: 'calendar.type.other',
};

/** A type's name; one this version does not know shows as it came. */
export function eventTypeLabel(type: string, t: Words['t']): string {
  const id = EVENT_TYPE_LABELS[type as EventType];
  return id ? t(id) : type;
}

type ColorKey = keyof typeof EVENT_COLORS;

/** The palette with the names the colour picker reads out (message ids). */
export const COLOR_OPTIONS = (Object.entries(EVENT_COLORS) as [ColorKey, string][]).map(([key, value]) => ({
  name: `calendar.color.${key}` satisfies MessageId as MessageId,
  value,
}));

export function colorName(color: string, t: Words['t']): string {
  const option = COLOR_OPTIONS.find((c) => c.value === color.toUpperCase());
  return option ? t(option.name) : color;
}

export const EVENT_RECURRENCE_LABELS: Record<(typeof EVENT_RECURRENCES)[number] | 'none', MessageId> = {
  none: 'calendar.recurrence.none',
  daily: 'calendar.recurrence.daily',
  weekly: 'calendar.recurrence.weekly',
  biweekly: 'calendar.recurrence.biweekly',
  monthly: 'calendar.recurrence.monthly',
  yearly: 'calendar.recurrence.yearly',
};

export const EVENT_REMINDER_LABELS: Record<EventReminder, MessageId> = {
  none: 'calendar.reminder.none',
  '5min': 'calendar.reminder.min5',
  '15min': 'calendar.reminder.min15',
  '30min': 'calendar.reminder.min30',
  '1hour': 'calendar.reminder.hour1',
  '2hours': 'calendar.reminder.hours2',
  '1day': 'calendar.reminder.day1',
  '1week': 'calendar.reminder.week1',
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

/**
 * A time on the locale's clock: '6:30 PM' in en-US, '18:30' in de-DE. Asked for every chore and
 * event on the calendar, so the formatter is the cached one.
 */
export function clockTime(ms: number, zone: string, locale: string): string {
  return (
    // 24-hour clocks write 03:00, 12-hour ones 3:00 AM.
    dateFormat(locale, {
      hour: uses12HourClock(locale) ? 'numeric' : '2-digit',
      minute: '2-digit',
      timeZone: zone,
    })
      .format(ms)
      // Newer ICU puts a narrow no-break space before AM/PM; plain space reads the same.
      .replace(/\u202f/g, ' ')
  );
}

/**
 * An occurrence's time on one of its days: 'All day', '6:30 PM – 7:30 PM', or for one spanning
 * days 'From 10:00 PM' on its first, 'Until 2:00 AM' on its last and 'All day' between.
 */
export function eventTimeLabel(
  o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>,
  day: string,
  viewerZone: string,
  { t, locale }: Words,
): string {
  if (o.allDay) return t('calendar.time.allDay');
  const start = Date.parse(o.startDate);
  const end = Date.parse(o.endDate);
  const clock = (ms: number) => clockTime(ms, viewerZone, locale);
  const days = occurrenceDays(o, viewerZone);
  const startsToday = days[0] === day;
  const endsToday = days[days.length - 1] === day;
  if (startsToday && endsToday) {
    return start === end ? clock(start) : t('calendar.time.range', { start: clock(start), end: clock(end) });
  }
  if (startsToday) return t('calendar.time.from', { time: clock(start) });
  if (endsToday) return t('calendar.time.until', { time: clock(end) });
  return t('calendar.time.allDay');
}

/** The details dialog's 'when': 'Monday, June 1 · 6:30 PM – 7:30 PM', or dates for longer ones. */
export function eventWhen(
  o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>,
  viewerZone: string,
  words: Words,
): string {
  const { t, locale } = words;
  const days = occurrenceDays(o, viewerZone);
  const long = (key: string) => fullDate(key, locale);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  if (o.allDay)
    return first === last
      ? t('calendar.when.allDay', { date: long(first) })
      : t('calendar.when.allDayRange', { first: long(first), last: long(last) });
  const start = clockTime(Date.parse(o.startDate), viewerZone, locale);
  const end = clockTime(Date.parse(o.endDate), viewerZone, locale);
  if (first === last)
    return t('calendar.when.oneDay', {
      date: long(first),
      time: eventTimeLabel(o, first, viewerZone, words),
    });
  return t('calendar.when.range', { first: long(first), start, last: long(last), end });
}

/** The day a chore is due on (the chore's own calendar), and its time when it has one. */
export function choreDue(
  chore: { dueDate: string; timeZone: string },
  viewerZone: string,
  locale = 'en-US',
): { day: string; time: string | null } {
  const due = Date.parse(chore.dueDate);
  const timed = hasSpecificTime(new TZDate(due, chore.timeZone));
  return { day: dayKeyIn(due, chore.timeZone), time: timed ? clockTime(due, viewerZone, locale) : null };
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

// The views: which days each shows, how a period steps, where timed events sit in the week.

export const CALENDAR_VIEWS = ['month', 'week', 'agenda'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** The view named in the address; the month when none or an unknown one is. */
export function viewOf(value: string | null): CalendarView {
  return CALENDAR_VIEWS.includes(value as CalendarView) ? (value as CalendarView) : 'month';
}

/**
 * The day named in the address; today when none, a malformed one or one outside the window the
 * API accepts is (a year such as 9999 would step the views past the dates the browser can write).
 */
export function selectedDayOf(value: string | null, today: string): string {
  return isDayKey(value) && isDateInWindow(value) ? value : today;
}

/** The calendar's query string: the month keeps its short form (`date=…`), the others name their view. */
export function calendarSearch(view: CalendarView, day: string): string {
  return view === 'month' ? `date=${day}` : `view=${view}&date=${day}`;
}

/** How many days the agenda lists, and how far its previous and next buttons move. */
export const AGENDA_DAYS = 28;

/** The seven days of the week holding `day`, from the locale's first weekday (1 Monday … 7 Sunday). */
export function weekOf(day: string, firstDay = 7): string[] {
  const start = addDaysToKey(day, -((weekdayOf(day) - (firstDay % 7) + 7) % 7));
  return Array.from({ length: 7 }, (_, i) => addDaysToKey(start, i));
}

/** Every day a view shows around the selected one, in order. */
export function viewDays(view: CalendarView, selected: string, firstDay = 7): string[] {
  if (view === 'month') return monthGrid(monthOf(selected), firstDay).flat();
  if (view === 'week') return weekOf(selected, firstDay);
  return Array.from({ length: AGENDA_DAYS }, (_, i) => addDaysToKey(selected, i));
}

/**
 * What a view reads: a month its read for the whole month (the address the page names for it,
 * whatever day the weeks start on); a week or agenda its own days, in `zone`.
 */
export function readRange(
  view: CalendarView,
  selected: string,
  days: readonly string[],
  zone: string,
): DayRange {
  return view === 'month' ? monthReadRange(monthOf(selected), zone) : daysRange(days[0]!, days.at(-1)!, zone);
}

/** The day selected after moving a period back (-1) or on (1): a month lands on today or the 1st. */
export function stepPeriod(view: CalendarView, selected: string, step: -1 | 1, today: string): string {
  if (view === 'month') return dayInMonth(addMonthsToMonth(monthOf(selected), step), today);
  return addDaysToKey(selected, step * (view === 'week' ? 7 : AGENDA_DAYS));
}

/** 'Nov 23 – 29, 2026' in `locale`: the week's or the agenda's title. */
export function rangeTitle(first: string, last: string, locale = 'en-US'): string {
  return dateFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' })
    .formatRange(dateOfKey(first), dateOfKey(last))
    .replace(/\u2009/g, ' ');
}

/** An hour's label beside the week's slots: '7 AM' on a 12-hour clock, '07:00' on a 24-hour one. */
export function hourLabel(hour: number, locale = 'en-US'): string {
  const options: Intl.DateTimeFormatOptions = uses12HourClock(locale)
    ? { hour: 'numeric', timeZone: 'UTC' }
    : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' };
  return dateFormat(locale, options)
    .format(Date.UTC(2026, 0, 1, hour))
    .replace(/\u202f/g, ' ');
}

/** A month cell shows at most `max` lines: all items when they fit, else one line fewer and '+n more'. */
export function cellOverflow<T>(items: readonly T[], max: number): { shown: T[]; more: number } {
  if (items.length <= max) return { shown: [...items], more: 0 };
  return { shown: items.slice(0, max - 1), more: items.length - (max - 1) };
}

const DAY_MINUTES = 24 * 60;
// Short events still get a box tall enough to read; overlaps are counted with that height.
export const MIN_SLOT_MINUTES = 20;

/** Minutes since midnight on the wall clock of `zone` (so 10:00 is 600 on daylight-saving days too). */
export function wallMinutes(ms: number, zone: string): number {
  const date = new TZDate(ms, zone);
  return date.getHours() * 60 + date.getMinutes();
}

/**
 * Whether the week shows an occurrence in its all-day row rather than in the time slots: all-day
 * events and those lasting a day or more.
 */
export function inAllDayRow(o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay'>): boolean {
  return o.allDay || Date.parse(o.endDate) - Date.parse(o.startDate) >= DAY_MINUTES * 60_000;
}

/**
 * The wall-clock minutes [start, end) a timed occurrence covers on one of its days: from its start
 * (or midnight) to its end (or the next midnight). Null on a day it does not reach.
 */
export function daySlot(
  o: Pick<CalendarOccurrence, 'startDate' | 'endDate' | 'allDay' | 'timeZone'>,
  day: string,
  zone: string,
): { start: number; end: number } | null {
  const days = occurrenceDays(o, zone);
  if (!days.includes(day)) return null;
  const startMs = Date.parse(o.startDate);
  const endMs = Math.max(startMs, Date.parse(o.endDate));
  let start = days[0] === day ? wallMinutes(startMs, zone) : 0;
  let end = DAY_MINUTES;
  if (days[days.length - 1] === day && dayKeyIn(endMs, zone) === day) end = wallMinutes(endMs, zone);
  // The hour repeated when clocks go back can make the wall-clock end come before the start.
  end = Math.max(end, start + MIN_SLOT_MINUTES);
  if (end > DAY_MINUTES) {
    end = DAY_MINUTES;
    start = Math.min(start, DAY_MINUTES - MIN_SLOT_MINUTES);
  }
  return { start, end };
}

export interface PlacedSlot<T> {
  item: T;
  start: number;
  end: number;
  /** The column within its group of overlapping slots, and how many columns the group has. */
  column: number;
  columns: number;
}

/**
 * Side by side placement of one day's slots: slots that overlap (directly or through others) form
 * a group; each takes the leftmost column free at its start, and the group shares the width.
 */
export function layoutSlots<T>(slots: readonly { item: T; start: number; end: number }[]): PlacedSlot<T>[] {
  const sorted = [...slots].sort((a, b) => a.start - b.start || b.end - a.end);
  const placed: PlacedSlot<T>[] = [];
  let group: PlacedSlot<T>[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const slot of group) slot.columns = columnEnds.length;
    group = [];
    columnEnds = [];
  };
  for (const slot of sorted) {
    if (slot.start >= groupEnd) close();
    let column = columnEnds.findIndex((end) => end <= slot.start);
    if (column === -1) column = columnEnds.push(slot.end) - 1;
    else columnEnds[column] = slot.end;
    const entry = { ...slot, column, columns: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, slot.end);
  }
  close();
  return placed;
}
