// Wall-clock times in a time zone turned into instants without a date object each: a zone's UTC
// offset is looked up once per day and kept, so a read that lists thousands of occurrences
// costs a few map lookups per occurrence.

import { tzOffset } from '@date-fns/tz';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The instant at which clocks in `timeZone` show `wall` (a wall-clock time written as a UTC
 * timestamp), when exactly one does: the instant whose own offset gives that wall-clock time.
 * The offsets that can be in force around it are those of the days from three before to three
 * after (no offset jump reaches further), usually all the same one. Null when clocks skip that
 * time or show it twice, and for offsets with seconds (the local mean time of old dates):
 * callers take the exact way for those.
 */
export function wallClockInstant(wall: number, timeZone: string): number | null {
  const day = Math.floor(wall / DAY_MS);
  const offset = dayOffset(timeZone, day - 3);
  let steady = Number.isInteger(offset);
  for (let d = day - 2; steady && d <= day + 3; d++) steady = dayOffset(timeZone, d) === offset;
  if (steady) return wall - offset * MINUTE_MS;
  const offsets = new Set<number>();
  for (let d = day - 3; d <= day + 3; d++) offsets.add(dayOffset(timeZone, d));
  let found: number | null = null;
  for (const candidate of offsets) {
    if (!Number.isInteger(candidate)) return null;
    const at = wall - candidate * MINUTE_MS;
    if (tzOffset(timeZone, new Date(at)) !== candidate) continue;
    if (found !== null) return null;
    found = at;
  }
  return found;
}

/** The zone's offset in minutes at an instant that is looked up again and again (a series' start). */
export const offsetAt = (ms: number, timeZone: string) => cachedOffset(timeZone, 'instants', ms, ms);

/**
 * Offsets (minutes) looked up once per zone: at 00:00 UTC of each day, and at instants asked for
 * by offsetAt. The days' offsets stand for every offset in force around a time, which assumes
 * that no zone changes its offset and back within one day; in the time-zone database since
 * 1900 changes are at least a week apart.
 */
const zoneOffsets = new Map<string, { instants: Map<number, number>; days: Map<number, number> }>();
let cachedOffsets = 0;
const MAX_CACHED_OFFSETS = 100_000;

const dayOffset = (timeZone: string, day: number) => cachedOffset(timeZone, 'days', day, day * DAY_MS);

function cachedOffset(timeZone: string, kind: 'instants' | 'days', key: number, at: number): number {
  let zone = zoneOffsets.get(timeZone);
  if (!zone) {
    zone = { instants: new Map(), days: new Map() };
    zoneOffsets.set(timeZone, zone);
  }
  let offset = zone[kind].get(key);
  if (offset === undefined) {
    if (cachedOffsets >= MAX_CACHED_OFFSETS) {
      zoneOffsets.clear();
      cachedOffsets = 0;
      return cachedOffset(timeZone, kind, key, at);
    }
    offset = tzOffset(timeZone, new Date(at));
    zone[kind].set(key, offset);
    cachedOffsets++;
  }
  return offset;
}
