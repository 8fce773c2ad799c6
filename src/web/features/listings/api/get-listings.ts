import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import { browseQuery, type ListingFilters } from '#shared/listings/view.ts';
import { apiRequest } from '../../../lib/api.ts';

/** Every listing query starts with this key, so one invalidation refreshes browse, mine and details. */
export const listingsQueryKey = ['/api/roommate-listings'] as const;

/** Listing reads stay fresh 5 minutes and are kept 10 minutes once unused (docs/listings.md, Caching). */
export const listingCache = { staleTime: 5 * 60 * 1000, gcTime: 10 * 60 * 1000 } as const;

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

/** GET /api/roommate-listings?featured=true: the few featured listings of the home screens. */
export const featuredListingsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...listingsQueryKey, 'featured', limit] as const,
    queryFn: async () => {
      const res = await apiRequest('GET', `/api/roommate-listings?featured=true&limit=${limit}`);
      return (await res.json()) as ListingView[];
    },
    ...listingCache,
  });

export function useFeaturedListings(limit: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...featuredListingsQueryOptions(limit), enabled: options.enabled ?? true });
}
