import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettleUpView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

export interface SettleUpInput {
  toUserId: string;
  /** One per confirmation dialog: a double tap or a retry records one payment. */
  clientId: string;
}

/** POST /api/settle-up: records that you paid that member what you owe them; 409 when nothing. */
export function settleUp(input: SettleUpInput): Promise<SettleUpView> {
  return apiJson<SettleUpView>('POST', '/api/settle-up', input);
}

export function useSettleUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleUp,
    onError: (error) => console.warn('Settling up failed', error),
    onSettled: () => refreshExpenses(queryClient),
  });
}
