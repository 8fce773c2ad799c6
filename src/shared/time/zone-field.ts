import { z } from 'zod';
import { knownApiError } from '../api-errors.ts';
import { isTimeZone } from '../calendar/days.ts';

/** A time zone the API takes: one this runtime knows, in at most 64 characters. */
export function isAcceptedTimeZone(zone: string): boolean {
  return zone.length <= 64 && isTimeZone(zone);
}

/**
 * A field that names an IANA time zone this runtime knows: `timeZone` in chores, events and
 * notification settings, `tz` in the home and dashboard queries. One rule and one sentence
 * wherever a zone is sent.
 */
export function timeZoneField(name: string) {
  const invalid = knownApiError('validation.time_zone', { field: name });
  return z.string({ error: invalid }).refine(isAcceptedTimeZone, invalid);
}
