import { dateFormat } from '../i18n/locale-format.ts';

import { addDaysToKey, utcKey } from './zone-days.ts';

export { addDaysToKey, dayKeyIn } from './zone-days.ts';

// Days as 'YYYY-MM-DD' keys and months as 'YYYY-MM': arithmetic on UTC dates, so the browser's
// zone (and its daylight-saving days) never moves a day.

const KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function keyParts(key: string): [number, number, number] {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

export function isDayKey(value: string | null | undefined): value is string {
  if (!value || !KEY.test(value)) return false;
  const [y, m, d] = keyParts(value);
  return utcKey(Date.UTC(y, m - 1, d)) === value;
}

// Zones already found valid: making a formatter to check one is slow, and every request that
// names a zone asks again. Case variants are valid too, so the set is emptied, not grown forever.
const knownZones = new Set<string>();
const MAX_KNOWN_ZONES = 1_000;

/** Whether this runtime knows the IANA time zone: every `timeZone` field is checked with it. */
export function isTimeZone(tz: string): boolean {
  if (knownZones.has(tz)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size >= MAX_KNOWN_ZONES) knownZones.clear();
  knownZones.add(tz);
  return true;
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOf(key: string): number {
  const [y, m, d] = keyParts(key);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export const monthOf = (key: string): string => key.slice(0, 7);

export function addMonthsToMonth(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcKey(Date.UTC(y, m - 1 + months, 1)).slice(0, 7);
}

function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return utcKey(Date.UTC(y, m, 0));
}

/** The same day of the month in another month, clamped to its last day (Jan 31 → Feb 28). */
export function addMonthsToKey(key: string, months: number): string {
  const month = addMonthsToMonth(monthOf(key), months);
  const last = lastDayOfMonth(month);
  const day = Math.min(Number(key.slice(8)), Number(last.slice(8)));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** A key as a local Date at noon (for formatting; noon exists on every day in every zone). */
export function dateOfKey(key: string): Date {
  const [y, m, d] = keyParts(key);
  return new Date(y, m - 1, d, 12);
}

/** Days from the week's first day back to `key`: 0 … 6. `firstDay` is 1 (Monday) … 7 (Sunday), as Intl numbers them. */
function daysIntoWeek(key: string, firstDay: number): number {
  return (weekdayOf(key) - (firstDay % 7) + 7) % 7;
}

/**
 * The weeks of a month's grid with the days of the months around it, each week starting on
 * `firstDay` (1 Monday … 7 Sunday, the locale's `firstDayOfWeek`; Sunday when not given).
 */
export function monthGrid(month: string, firstDay = 7): string[][] {
  const first = `${month}-01`;
  const start = addDaysToKey(first, -daysIntoWeek(first, firstDay));
  const last = lastDayOfMonth(month);
  const end = addDaysToKey(last, 6 - daysIntoWeek(last, firstDay));
  const weeks: string[][] = [];
  for (let day = start; day <= end; day = addDaysToKey(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDaysToKey(day, i)));
  }
  return weeks;
}

/** The grid's seven column days (any week will do): their weekday names head the columns. */
export function weekdayKeys(firstDay = 7): string[] {
  return monthGrid('2026-06', firstDay)[1]!;
}

/** 'June 2026' in `locale`. */
export function monthTitle(month: string, locale = 'en-US'): string {
  return dateFormat(locale, { month: 'long', year: 'numeric' }).format(dateOfKey(`${month}-01`));
}

/** 'Monday, June 1' in `locale`. */
export function weekdayDate(key: string, locale = 'en-US'): string {
  return dateFormat(locale, { weekday: 'long', month: 'long', day: 'numeric' }).format(dateOfKey(key));
}

/** 'Monday, June 1, 2026' in `locale` (every day button of a month grid is named with one). */
export function fullDate(key: string, locale = 'en-US'): string {
  return dateFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(dateOfKey(key));
}

/** The selected-day panel's title in English (the e2e tests find the panel by it): 'Today' or 'Monday, June 1'. */
export function dayPanelTitle(key: string, today: string): string {
  return key === today ? 'Today' : weekdayDate(key);
}

type DayCounts = { events: number; chores: number; bills: number };

/**
 * A day button's name as a message of the calendar catalogue: its long date and what the day
 * holds ('Monday, June 1, 2026, 2 events, 1 chore due' in English).
 */
export function dayButtonMessage(
  key: string,
  counts: DayCounts,
  locale = 'en-US',
): { id: 'calendar.grid.day'; values: DayCounts & { date: string } } {
  return { id: 'calendar.grid.day', values: { date: fullDate(key, locale), ...counts } };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A day button's name in English (the e2e tests find buttons by it): 'Monday, June 1, 2026, 2 events, 1 chore due'. */
export function dayButtonLabel(key: string, counts: DayCounts): string {
  const parts = [fullDate(key)];
  if (counts.events > 0) parts.push(plural(counts.events, 'event', 'events'));
  if (counts.chores > 0) parts.push(plural(counts.chores, 'chore due', 'chores due'));
  if (counts.bills > 0) parts.push(plural(counts.bills, 'bill', 'bills'));
  return parts.join(', ');
}

/**
 * Where a key press in the month grid moves the selection: arrows by a day or a week, Home and
 * End to the week's ends (weeks start on `firstDay`), Page Up and Page Down by a month. Null for other keys.
 */
export function moveSelection(key: string, pressed: string, firstDay = 7): string | null {
  switch (pressed) {
    case 'ArrowLeft':
      return addDaysToKey(key, -1);
    case 'ArrowRight':
      return addDaysToKey(key, 1);
    case 'ArrowUp':
      return addDaysToKey(key, -7);
    case 'ArrowDown':
      return addDaysToKey(key, 7);
    case 'Home':
      return addDaysToKey(key, -daysIntoWeek(key, firstDay));
    case 'End':
      return addDaysToKey(key, 6 - daysIntoWeek(key, firstDay));
    case 'PageUp':
      return addMonthsToKey(key, -1);
    case 'PageDown':
      return addMonthsToKey(key, 1);
    default:
      return null;
  }
}

/** The day selected after moving to another month: today in today's month, else the 1st. */
export function dayInMonth(month: string, today: string): string {
  return monthOf(today) === month ? today : `${month}-01`;
}
