import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import { browseQuery, type ListingFilters } from '#shared/listings/browse-filters.ts';
import { apiRequest } from '../../../lib/api.ts';
import { listingCache, listingsQueryKey } from './get-listings.ts';

export interface ListingsPage {
  listings: ListingView[];
  /** The next page's cursor (the X-Next-Cursor header), null on the last page. */
  nextCursor: string | null;
}

/** GET /api/roommate-listings: a page of active listings, featured first, then newest. */
export async function fetchListingsPage(
  filters: ListingFilters,
  cursor: string | null,
): Promise<ListingsPage> {
  const query = browseQuery(filters, cursor);
  const res = await apiRequest('GET', `/api/roommate-listings${query ? `?${query}` : ''}`);
  const listings = (await res.json()) as ListingView[];
  // An empty page ends the list even if a cached header still names a next one.
  const nextCursor = listings.length > 0 ? res.headers.get('X-Next-Cursor') : null;
  return { listings, nextCursor };
}

export const browseListingsQueryOptions = (filters: ListingFilters) =>
  infiniteQueryOptions({
    queryKey: [...listingsQueryKey, 'browse', filters] as const,
    queryFn: ({ pageParam }) => fetchListingsPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...listingCache,
  });

/** Browse with filters, a page at a time (infinite scroll). */
export function useBrowseListings(filters: ListingFilters) {
  return useInfiniteQuery(browseListingsQueryOptions(filters));
}
