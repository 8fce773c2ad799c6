import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChoreView } from '#shared/chores/api.ts';
import type { ChoreStatus } from '#shared/chores/rules.ts';
import { apiJson } from '../../../lib/api.ts';
import type { ChoreEditChanges } from '../chore-edit.ts';
import { choresQueryKey } from './get-chores.ts';

/** Any field of the chore: its status from the card, the rest from the edit screen. */
export type ChoreChanges = ChoreEditChanges & { status?: ChoreStatus };

export interface ChoreUpdate {
  id: string;
  changes: ChoreChanges;
}

/** PATCH /api/chores/{id}: completing a recurring chore also answers with its next occurrence. */
export function updateChore({
  id,
  changes,
}: ChoreUpdate): Promise<ChoreView & { nextOccurrence: ChoreView | null }> {
  return apiJson('PATCH', `/api/chores/${encodeURIComponent(id)}`, changes);
}

/**
 * Failures are logged (docs/client.md, Errors). The mutation stays pending until the list has been
 * fetched again (points, streaks and the next occurrence come from the server), so a screen that
 * shows its pending changes over the list never flickers back.
 */
export function useUpdateChore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChore,
    onError: (error) => console.warn('Updating the chore failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: choresQueryKey }),
  });
}
