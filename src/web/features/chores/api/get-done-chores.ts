import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ChoreView } from '#shared/chores/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { choresQueryKey } from './get-chores.ts';

/** The server's page of done chores (GET /api/chores?status=done, at most 200). */
const PAGE = 100;

/** Done chores, latest first, a page at a time before `before`; filtered by the server where it can. */
export function fetchDoneChores(
  filters: { assignee: string; q: string },
  before: string | undefined,
): Promise<ChoreView[]> {
  const params = new URLSearchParams({ status: 'done', limit: String(PAGE) });
  if (before) params.set('before', before);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return apiJson<ChoreView[]>('GET', `/api/chores?${params}`);
}

/** Under the chores key: a completion or a socket event refreshes the done list too. */
export function useDoneChores(filters: { assignee: string; q: string }, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...choresQueryKey, 'done', filters.assignee, filters.q.trim()] as const,
    queryFn: ({ pageParam }) => fetchDoneChores(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.length < PAGE ? undefined : (last.at(-1)?.completedAt ?? undefined)),
    // While another search's pages come, the last ones stay (the page narrows them as typed).
    placeholderData: keepPreviousData,
    enabled,
  });
}
