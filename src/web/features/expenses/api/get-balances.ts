import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseholdBalances } from '#shared/expense-view.ts';
import { getQueryFn } from '../../../lib/api.ts';

export const balancesQueryKey = ['/api/balances'] as const;

/** GET /api/balances: the simplified payments and the person-to-person debts, each with its expenses. */
export const fetchBalances = getQueryFn<HouseholdBalances>({ on401: 'throw' });

export const balancesQueryOptions = queryOptions({ queryKey: balancesQueryKey, queryFn: fetchBalances });

export function useBalances() {
  return useQuery(balancesQueryOptions);
}
