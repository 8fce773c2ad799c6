// The arithmetic of repeating series, shared by chores (due dates) and calendar events (starts).
// No validation code: the screens that only show chores load this and not Zod.

import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addYears } from 'date-fns';
import { offsetAt, wallClockInstant } from './zone-offsets.ts';

export type Repeat = 'daily' | 'weekly' | 'biweekly' | 'monthly' | 'yearly';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const STEP_DAYS: Partial<Record<Repeat, number>> = { daily: 1, weekly: 7, biweekly: 14 };

/**
 * Occurrence `k` of a series whose occurrence 0 is at `anchorMs`, counted in `timeZone`: the
 * wall-clock time stays put across daylight-saving changes, and months and years clamp to the
 * last day (Jan 31 → Feb 28/29 → Mar 31; Feb 29 → Feb 28 → … → Feb 29) without drifting, since
 * every occurrence counts from the anchor. A negative `k` counts back.
 */
export function nthOccurrence(anchorMs: number, repeat: Repeat, k: number, timeZone: string): number {
  const stepDays = STEP_DAYS[repeat];
  if (stepDays !== undefined) {
    const start = plainOccurrence(anchorMs, stepDays * k, timeZone);
    if (start !== null) return start;
  }
  return wallClockOccurrence(anchorMs, repeat, k, timeZone);
}

/** nthOccurrence by date arithmetic in the zone for every case: the reference for the fast path. */
export function wallClockOccurrence(anchorMs: number, repeat: Repeat, k: number, timeZone: string): number {
  const anchor = new TZDate(anchorMs, timeZone);
  switch (repeat) {
    case 'daily':
      return addDays(anchor, k).getTime();
    case 'weekly':
      return addDays(anchor, 7 * k).getTime();
    case 'biweekly':
      return addDays(anchor, 14 * k).getTime();
    case 'monthly':
      return addMonths(anchor, k).getTime();
    case 'yearly':
      return addYears(anchor, k).getTime();
  }
}

/**
 * The start `days` days of wall-clock time after the anchor by plain arithmetic, or null near a
 * clock change that makes it ambiguous (zone-offsets.ts).
 */
function plainOccurrence(anchorMs: number, days: number, timeZone: string): number | null {
  const anchorOffset = offsetAt(anchorMs, timeZone);
  if (!Number.isInteger(anchorOffset)) return null;
  return wallClockInstant(anchorMs + anchorOffset * MINUTE_MS + days * DAY_MS, timeZone);
}

/**
 * The index of the first occurrence that starts at or after `fromMs` (0 when the series starts
 * later), in a few steps however old the series is. The guess divides the elapsed time (days,
 * weeks) or counts the months between the two in the series' time zone (months, years); a step
 * or two then corrects it, since daylight-saving changes and month-end clamping move occurrences
 * off that plain arithmetic.
 */
export function firstOccurrenceIndexFrom(
  anchorMs: number,
  repeat: Repeat,
  fromMs: number,
  timeZone: string,
): number {
  if (fromMs <= anchorMs) return 0;
  let k = guessIndex(anchorMs, repeat, fromMs, timeZone);
  while (k > 0 && nthOccurrence(anchorMs, repeat, k - 1, timeZone) >= fromMs) k--;
  while (nthOccurrence(anchorMs, repeat, k, timeZone) < fromMs) k++;
  return k;
}

function guessIndex(anchorMs: number, repeat: Repeat, fromMs: number, timeZone: string): number {
  const days = (fromMs - anchorMs) / DAY_MS;
  switch (repeat) {
    case 'daily':
      return Math.floor(days);
    case 'weekly':
      return Math.floor(days / 7);
    case 'biweekly':
      return Math.floor(days / 14);
    case 'monthly':
    case 'yearly': {
      const anchor = new TZDate(anchorMs, timeZone);
      const from = new TZDate(fromMs, timeZone);
      const months = (from.getFullYear() - anchor.getFullYear()) * 12 + from.getMonth() - anchor.getMonth();
      return Math.max(0, repeat === 'monthly' ? months : Math.floor(months / 12));
    }
  }
}
