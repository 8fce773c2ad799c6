import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/**
 * DELETE /api/expenses/{id}; refused (409) once every share is settled. With `series`, a copy of
 * a recurring expense takes the expense that repeats with it, which stops the repeats.
 */
export async function deleteExpense({ id, series = false }: { id: string; series?: boolean }): Promise<void> {
  await apiRequest('DELETE', `/api/expenses/${encodeURIComponent(id)}${series ? '?series=true' : ''}`);
}

/** Failures are logged only (docs/client.md, Errors); the list is fetched again either way. */
export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onError: (error) => console.warn('Deleting the expense failed', error),
    onSettled: () => refreshExpenses(queryClient),
  });
}
