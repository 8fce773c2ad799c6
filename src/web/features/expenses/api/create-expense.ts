import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import type { CreateExpenseInput } from '#shared/expenses/schemas.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/**
 * POST /api/expenses {expense, splits} (docs/expenses.md, The expense form); the server decides the
 * cents.
 */
export function createExpense(payload: CreateExpenseInput): Promise<ExpenseView> {
  return apiJson<ExpenseView>('POST', '/api/expenses', payload);
}

/** The answer is not used: the list and the balances are fetched again (docs/client.md, Requests). */
export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onError: (error) => console.warn('Creating the expense failed', error),
    onSuccess: () => refreshExpenses(queryClient),
  });
}
