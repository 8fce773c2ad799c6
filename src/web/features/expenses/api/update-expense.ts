import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import type { UpdateExpenseInput } from '#shared/expenses/schemas.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

export interface ExpenseUpdate {
  id: string;
  input: UpdateExpenseInput;
}

/** PATCH /api/expenses/{id} {expense: changed fields, splits?}: any member may edit. */
export function updateExpense({ id, input }: ExpenseUpdate): Promise<ExpenseView> {
  return apiJson<ExpenseView>('PATCH', `/api/expenses/${encodeURIComponent(id)}`, input);
}

/** The list and the balances are fetched again: an edit may move every figure. */
export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    onError: (error) => console.warn('Saving the expense failed', error),
    onSuccess: () => refreshExpenses(queryClient),
  });
}
