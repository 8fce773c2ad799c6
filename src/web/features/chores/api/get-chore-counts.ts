import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChoreCountsView } from '#shared/chores/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { choresQueryKey } from './get-chores.ts';

/** GET /api/chores/counts: open, mine and done over the whole household, for the search typed. */
export function fetchChoreCounts(q: string): Promise<ChoreCountsView> {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  const query = params.toString();
  return apiJson<ChoreCountsView>('GET', `/api/chores/counts${query ? `?${query}` : ''}`);
}

/** Under the chores key: whatever changes a chore refreshes the counts. */
export const choreCountsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...choresQueryKey, 'counts', q.trim()] as const,
    queryFn: () => fetchChoreCounts(q),
  });

export function useChoreCounts(q: string) {
  // The last counts stay on the tabs while another search's come.
  return useQuery({ ...choreCountsQueryOptions(q), placeholderData: keepPreviousData });
}
