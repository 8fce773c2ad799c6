import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { apiJson } from '../../../lib/api.ts';
import type { EventChanges } from '../event-form-rules.ts';
import { calendarQueryKey } from './get-calendar.ts';

/** PATCH /api/calendar-events/{id}: a recurring event changes as a whole series. */
export function updateEvent({
  id,
  changes,
}: {
  id: string;
  changes: EventChanges;
}): Promise<CalendarOccurrence> {
  return apiJson<CalendarOccurrence>('PATCH', `/api/calendar-events/${encodeURIComponent(id)}`, changes);
}

/** Failures are logged (docs/client.md, Errors) and shown by the edit form, which keeps what was typed. */
export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onError: (error) => console.warn('Updating the event failed', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
