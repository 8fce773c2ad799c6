// The arithmetic of repeating series, shared by chores (due dates) and calendar events (starts).
// No validation code: the screens that only show chores load this and not Zod.

import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addYears } from 'date-fns';

export type Repeat = 'daily' | 'weekly' | 'biweekly' | 'monthly' | 'yearly';

/**
 * Occurrence `k` of a series whose occurrence 0 is at `anchorMs`, counted in `timeZone`: the
 * wall-clock time stays put across daylight-saving changes, and months and years clamp to the
 * last day (Jan 31 → Feb 28/29 → Mar 31; Feb 29 → Feb 28 → … → Feb 29) without drifting, since
 * every occurrence counts from the anchor. A negative `k` counts back.
 */
export function nthOccurrence(anchorMs: number, repeat: Repeat, k: number, timeZone: string): number {
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
