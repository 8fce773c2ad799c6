import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseSplitView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/**
 * PATCH /api/expense-splits/{id} {settled: true}: there is no way back (docs/expenses.md, The
 * expense card).
 */
export function settleSplit(splitId: string): Promise<ExpenseSplitView> {
  return apiJson<ExpenseSplitView>('PATCH', `/api/expense-splits/${encodeURIComponent(splitId)}`, {
    settled: true,
  });
}

/** Failures are logged only (docs/client.md, Errors); the list and balances are fetched again either way. */
export function useSettleSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleSplit,
    onError: (error) => console.warn('Settling the share failed', error),
    onSettled: () => refreshExpenses(queryClient),
  });
}
