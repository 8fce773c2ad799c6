import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { calendarQueryKey } from './get-calendar.ts';

/**
 * DELETE /api/calendar-events/{id}: with `occurrence` (that occurrence's ISO start) only that one
 * of a recurring event, else the event or its whole series.
 */
export async function deleteEvent({ id, occurrence }: { id: string; occurrence?: string }): Promise<void> {
  const query = occurrence ? `?${new URLSearchParams({ occurrence })}` : '';
  await apiRequest('DELETE', `/api/calendar-events/${encodeURIComponent(id)}${query}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onError: (error) => console.warn('Deleting the event failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}
