import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { choresQueryKey } from './get-chores.ts';

/** DELETE /api/chores/{id}: this occurrence, or with `series` every occurrence of a recurring chore. */
export async function deleteChore({ id, series }: { id: string; series: boolean }): Promise<void> {
  await apiRequest('DELETE', `/api/chores/${encodeURIComponent(id)}${series ? '?series=true' : ''}`);
}

export function useDeleteChore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChore,
    onError: (error) => console.warn('Deleting the chore failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: choresQueryKey }),
  });
}
