import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseholdBalancesView } from '#shared/expenses/api.ts';
import { getQueryFn } from '../../../lib/api.ts';

/** Explanations (get-explanation.ts) share this start, so refreshing the balances refreshes them too. */
export const balancesQueryKey = ['/api/balances'] as const;

/** GET /api/balances: both views of who owes whom, the household's choice of view and each net. */
export const fetchBalances = getQueryFn<HouseholdBalancesView>({ on401: 'throw' });

export const balancesQueryOptions = queryOptions({ queryKey: balancesQueryKey, queryFn: fetchBalances });

export function useBalances() {
  return useQuery(balancesQueryOptions);
}
