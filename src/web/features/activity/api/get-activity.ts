import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPageView } from '#shared/activity/api.ts';
import type { ActivityFilter } from '#shared/activity/view.ts';
import { apiJson } from '../../../lib/api.ts';

/** Every activity query starts with this key: one invalidation (an `activity` event) refreshes them all. */
export const activityQueryKey = ['/api/activity'] as const;

/** What the feed shows: a group of kinds and one member's doings, or everything. */
export interface ActivityFilters {
  kind: ActivityFilter | null;
  memberId: string | null;
}

/** GET /api/activity: a page of the household's activity, newest first. */
export function fetchActivity(filters: ActivityFilters, before?: string): Promise<ActivityPageView> {
  const params = new URLSearchParams();
  if (before) params.set('before', before);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.memberId) params.set('memberId', filters.memberId);
  const query = params.size > 0 ? `?${params}` : '';
  return apiJson<ActivityPageView>('GET', `/api/activity${query}`);
}

export function activityQueryOptions(filters: ActivityFilters) {
  return infiniteQueryOptions({
    queryKey: [...activityQueryKey, filters.kind ?? 'all', filters.memberId ?? 'everyone'] as const,
    queryFn: ({ pageParam }) => fetchActivity(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextBefore ?? undefined,
  });
}

/** Every loaded entry, newest first; `fetchNextPage` loads older ones while there are more. */
export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    ...activityQueryOptions(filters),
    select: (data) => data.pages.flatMap((page) => page.entries),
  });
}
