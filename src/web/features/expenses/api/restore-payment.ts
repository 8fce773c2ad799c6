import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshTrash } from './restore-expense.ts';

/**
 * POST /api/payments/{id}/restore: back from the trash (any member, within TRASH_DAYS). A toast's
 * Undo, which outlives the screen, calls it directly; screens use the hook.
 */
export function restorePayment(id: string): Promise<PaymentView> {
  return apiJson<PaymentView>('POST', `/api/payments/${encodeURIComponent(id)}/restore`);
}

export function useRestorePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restorePayment,
    onError: (error) => console.warn('Restoring the payment failed', error),
    onSettled: () => refreshTrash(queryClient),
  });
}
