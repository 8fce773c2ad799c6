import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

export interface SettleUpResult {
  settledSplits: number;
  amount: number;
}

/** POST /api/settle-up {toUserId}: settles every open share you owe that member, in one go. */
export function settleUp(toUserId: string): Promise<SettleUpResult> {
  return apiJson<SettleUpResult>('POST', '/api/settle-up', { toUserId });
}

export function useSettleUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleUp,
    onError: (error) => console.warn('Settling up failed', error),
    onSettled: () => refreshExpenses(queryClient),
  });
}
