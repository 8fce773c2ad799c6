import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { refreshTrash } from './restore-expense.ts';

/** DELETE /api/payments/{id}: either of its two members moves it to the trash. */
export async function deletePayment(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/payments/${encodeURIComponent(id)}`);
}

export function useDeletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePayment,
    onError: (error) => console.warn('Deleting the payment failed', error),
    onSettled: () => refreshTrash(queryClient),
  });
}
