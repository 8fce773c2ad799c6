import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { expensesQueryKey } from './get-expenses.ts';

/** POST /api/expenses/{id}/receipt, multipart with the photo in 'receipt'; answers the expense. */
export function uploadReceipt({ expenseId, file }: { expenseId: string; file: File }): Promise<ExpenseView> {
  const body = new FormData();
  body.append('receipt', file);
  return apiJson<ExpenseView>('POST', `/api/expenses/${encodeURIComponent(expenseId)}/receipt`, body);
}

export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReceipt,
    onError: (error) => console.warn('Uploading the receipt failed', error),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesQueryKey }),
  });
}
