import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Household } from '#shared/households/api.ts';
import { getQueryFn, transientRetry } from '../../../lib/api.ts';

export const currentHouseholdQueryKey = ['/api/households/current'] as const;

/**
 * GET /api/households/current: the signed-in user's household with its members, or null. A
 * failed read is tried again, and is never taken for 'no household' (use-app-state.ts).
 */
export const currentHouseholdQueryOptions = queryOptions({
  queryKey: currentHouseholdQueryKey,
  queryFn: getQueryFn<Household | null>({ on401: 'throw' }),
  ...transientRetry,
});

export function useCurrentHousehold(options: { enabled?: boolean } = {}) {
  return useQuery({ ...currentHouseholdQueryOptions, enabled: options.enabled ?? true });
}
