import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/** DELETE /api/expenses/{id}; refused (409) once every share is settled. */
export async function deleteExpense(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/expenses/${encodeURIComponent(id)}`);
}

/** Failures are logged only (SPEC §8); the list is fetched again either way. */
export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onError: (error) => console.warn('Deleting the expense failed', error),
    onSettled: () => refreshExpenses(queryClient),
  });
}
