import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import type { CreateListingInput } from '#shared/listings/schemas.ts';
import { apiJson } from '../../../lib/api.ts';
import { listingsQueryKey } from './get-listings.ts';

/** POST /api/roommate-listings with the photos as data URLs. */
export function createListing(payload: CreateListingInput): Promise<ListingView> {
  return apiJson<ListingView>('POST', '/api/roommate-listings', payload);
}

/** Browse, featured and my listings are fetched again (docs/listings.md, The listing form). */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingsQueryKey }),
  });
}
