import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceTotals } from '#shared/expense-view.ts';
import { getQueryFn } from '../../../lib/api.ts';

export const balanceQueryKey = ['/api/balance'] as const;

/** GET /api/balance: what you are owed and what you owe, in dollars (SPEC §3 Balance). */
export const fetchBalance = getQueryFn<BalanceTotals>({ on401: 'throw' });

export const balanceQueryOptions = queryOptions({ queryKey: balanceQueryKey, queryFn: fetchBalance });

export function useBalance() {
  return useQuery(balanceQueryOptions);
}
