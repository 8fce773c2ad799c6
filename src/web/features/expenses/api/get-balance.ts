import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceTotalsView } from '#shared/expenses/api.ts';
import { getQueryFn } from '../../../lib/api.ts';

export const balanceQueryKey = ['/api/balance'] as const;

/** GET /api/balance: what you are owed, what you owe (in the household's view) and your net, in dollars. */
export const fetchBalance = getQueryFn<BalanceTotalsView>({ on401: 'throw' });

export const balanceQueryOptions = queryOptions({ queryKey: balanceQueryKey, queryFn: fetchBalance });

export function useBalance() {
  return useQuery(balanceQueryOptions);
}
