import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';
import { trashQueryKey } from './get-trash.ts';

/** POST /api/expenses/{id}/restore: back from the trash (any member, within TRASH_DAYS). */
export function restoreExpense(id: string): Promise<ExpenseView> {
  return apiJson<ExpenseView>('POST', `/api/expenses/${encodeURIComponent(id)}/restore`);
}

/** After something left or came back from the trash: the trash, the lists and the balances. */
export function refreshTrash(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trashQueryKey }),
    refreshExpenses(queryClient),
  ]);
}

export function useRestoreExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreExpense,
    onError: (error) => console.warn('Restoring the expense failed', error),
    onSettled: () => refreshTrash(queryClient),
  });
}
