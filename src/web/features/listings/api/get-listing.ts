import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { listingCache, listingsQueryKey } from './get-listings.ts';

export const listingQueryKey = (id: string) => [...listingsQueryKey, 'detail', id] as const;

/** GET /api/roommate-listings/{id}: 404 when it is missing, or closed and not one's own. */
export const fetchListing = (id: string) =>
  apiJson<ListingView>('GET', `/api/roommate-listings/${encodeURIComponent(id)}`);

export const listingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: listingQueryKey(id),
    queryFn: () => fetchListing(id),
    ...listingCache,
  });

export function useListing(id: string) {
  return useQuery(listingQueryOptions(id));
}
