import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChoreView } from '#shared/chores/api.ts';
import { getQueryFn } from '../../../lib/api.ts';

/** Every chore query starts with this key, so one invalidation (a mutation, a socket event) refreshes them all. */
export const choresQueryKey = ['/api/chores'] as const;

/** GET /api/chores: open chores and those done in the last week. */
export const fetchChores = getQueryFn<ChoreView[]>({ on401: 'throw' });

export const choresQueryOptions = queryOptions({
  queryKey: choresQueryKey,
  queryFn: fetchChores,
});

export function useChores() {
  return useQuery(choresQueryOptions);
}
