import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

export interface CalendarFeed {
  url: string;
}

/** Not under the calendar key: events changing does not change the link. */
export const calendarFeedQueryKey = ['/api/calendar/feed'] as const;

/** GET /api/calendar/feed: the member's secret iCalendar link. */
export function fetchCalendarFeed(): Promise<CalendarFeed> {
  return apiJson<CalendarFeed>('GET', '/api/calendar/feed');
}

export const calendarFeedQueryOptions = queryOptions({
  queryKey: calendarFeedQueryKey,
  queryFn: fetchCalendarFeed,
});

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions);
}
