import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashView } from '#shared/expenses/api.ts';
import { getQueryFn } from '../../../lib/api.ts';

/** The trash's query: invalidated by deletions and restorations, here and over the socket. */
export const trashQueryKey = ['/api/trash'] as const;

/** GET /api/trash: the expenses and payments that can still be restored, newest deletion first. */
export const trashQueryOptions = queryOptions({
  queryKey: trashQueryKey,
  queryFn: getQueryFn<TrashView>({ on401: 'throw' }),
});

export function useTrash() {
  return useQuery(trashQueryOptions);
}
