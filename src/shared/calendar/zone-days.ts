/**
 * Days in a time zone with Intl alone, and the address of the calendar's read for a month. The
 * route table names that read for the page (src/shared/screens/screens.ts) and stays in the
 * first script every page loads, so nothing here may pull in a date library.
 */

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock at `ms`, as if it were UTC: a zone's offset is the difference. */
function wallClock(ms: number, zone: string): number {
  let format = wallFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(zone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** The 'YYYY-MM-DD' of a UTC instant: day keys are reckoned on UTC dates, so no zone moves a day. */
export const utcKey = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

/** The calendar date of an instant in a time zone, as 'YYYY-MM-DD'. */
export function dayKeyIn(ms: number, zone: string): string {
  return utcKey(wallClock(ms, zone));
}

/**
 * The instant a day starts in `zone`, as an ISO string: its midnight, or where a clock change
 * skips midnight, the first moment after the gap.
 */
export function dayStartInZone(day: string, zone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // The offset at the guess moves the guess; a second step settles it across a clock change.
  let ms = wall - (wallClock(wall, zone) - wall);
  ms = wall - (wallClock(ms, zone) - ms);
  // Where the clock skips midnight this lands in the day before, as far before as the gap is
  // long: step on by that much, to the first moment of the day.
  const shown = wallClock(ms, zone);
  if (shown < wall) ms += wall - shown;
  return new Date(ms).toISOString();
}

/** ISO instants: from inclusive, to exclusive. */
export interface DayRange {
  from: string;
  to: string;
}

export function addDaysToKey(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return utcKey(Date.UTC(y, m - 1, d + days));
}

/** The days from `first` to `last`, both whole, in `zone`. */
export function daysRange(first: string, last: string, zone: string): DayRange {
  return { from: dayStartInZone(first, zone), to: dayStartInZone(addDaysToKey(last, 1), zone) };
}

/**
 * What the calendar reads for a month ('YYYY-MM'): the month and six days either side, so every
 * grid of it is covered whichever weekday its weeks start on. The read's address then depends on
 * the zone alone, not on the language, which the server names it before it knows.
 */
export function monthReadRange(month: string, zone: string): DayRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = utcKey(Date.UTC(y, m, 0));
  return daysRange(addDaysToKey(`${month}-01`, -6), addDaysToKey(last, 6), zone);
}

/** GET /api/calendar's address for a range. */
export const calendarReadPath = ({ from, to }: DayRange) =>
  `/api/calendar?${new URLSearchParams({ from, to })}`;

/** What the calendar reads for this month in `zone`: what it shows when opened without a date. */
export const thisMonthRange = (zone: string, ms = Date.now()) =>
  monthReadRange(dayKeyIn(ms, zone).slice(0, 7), zone);

/** The address of that read, as the page names it. */
export const thisMonthReadPath = (zone: string, ms = Date.now()) =>
  calendarReadPath(thisMonthRange(zone, ms));
