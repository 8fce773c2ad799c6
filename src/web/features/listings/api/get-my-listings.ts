import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { listingCache, listingsQueryKey } from './get-listings.ts';

/** GET /api/roommate-listings/my: the user's own listings, open and closed, newest first. */
export const fetchMyListings = () => apiJson<ListingView[]>('GET', '/api/roommate-listings/my');

export const myListingsQueryOptions = queryOptions({
  queryKey: [...listingsQueryKey, 'my'] as const,
  queryFn: fetchMyListings,
  ...listingCache,
});

export function useMyListings() {
  return useQuery(myListingsQueryOptions);
}
