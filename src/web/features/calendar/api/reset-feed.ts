import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';
import { type CalendarFeed, calendarFeedQueryKey } from './get-feed.ts';

/** POST /api/calendar/feed/reset: a new link; the old one stops working. */
export function resetCalendarFeed(): Promise<CalendarFeed> {
  return apiJson<CalendarFeed>('POST', '/api/calendar/feed/reset');
}

export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetCalendarFeed,
    onError: (error) => console.warn('Resetting the calendar link failed', error),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryKey, feed),
  });
}
