import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import { apiRequest } from '../../../lib/api.ts';

/** Every listing query starts with this key, so one invalidation refreshes browse, mine and details. */
export const listingsQueryKey = ['/api/roommate-listings'] as const;

/** Listing reads stay fresh 5 minutes and are kept 10 minutes once unused (docs/listings.md, Caching). */
export const listingCache = { staleTime: 5 * 60 * 1000, gcTime: 10 * 60 * 1000 } as const;

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
