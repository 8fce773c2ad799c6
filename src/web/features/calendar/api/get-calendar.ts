import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { calendarReadPath, type DayRange } from '#shared/calendar/zone-days.ts';
import { apiJson } from '../../../lib/api.ts';

/** Every calendar query starts with this key, so one invalidation (a mutation, a socket event) refreshes them all. */
export const calendarQueryKey = ['/api/calendar'] as const;

/** ISO instants: from inclusive, to exclusive (a month's read: zone-days.ts). */
export type CalendarRange = DayRange;

/** GET /api/calendar?from&to: each occurrence in the range, recurring events expanded. */
export function fetchCalendar(range: CalendarRange): Promise<CalendarOccurrence[]> {
  return apiJson<CalendarOccurrence[]>('GET', calendarReadPath(range));
}

export const calendarQueryOptions = (range: CalendarRange) =>
  queryOptions({
    queryKey: [...calendarQueryKey, range] as const,
    queryFn: () => fetchCalendar(range),
    // The grid keeps the last month's marks while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useCalendar(range: CalendarRange) {
  return useQuery(calendarQueryOptions(range));
}
