import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { apiJson } from '../../../lib/api.ts';
import type { CreateEventInput } from '../event-form-rules.ts';
import { calendarQueryKey } from './get-calendar.ts';

/** POST /api/calendar (docs/calendar.md, The event form). */
export function createEvent(payload: CreateEventInput): Promise<CalendarOccurrence> {
  return apiJson<CalendarOccurrence>('POST', '/api/calendar', payload);
}

/** The answer is not used: the calendar is fetched again (docs/client.md, Requests). */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onError: (error) => console.warn('Creating the event failed', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
