import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingView } from '#shared/listings/api.ts';
import type { listingUpdateInput } from '#shared/listings/view.ts';
import { apiJson } from '../../../lib/api.ts';
import { listingQueryKey } from './get-listing.ts';
import { listingsQueryKey } from './get-listings.ts';

export type ListingChanges = Partial<ReturnType<typeof listingUpdateInput>> & {
  status?: 'active' | 'closed';
};

/** PATCH /api/roommate-listings/{id}: the creator edits, closes or reopens. */
export function updateListing({ id, changes }: { id: string; changes: ListingChanges }) {
  return apiJson<ListingView>('PATCH', `/api/roommate-listings/${encodeURIComponent(id)}`, changes);
}

export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSuccess: async (listing) => {
      queryClient.setQueryData(listingQueryKey(listing.id), listing);
      await queryClient.invalidateQueries({
        queryKey: listingsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== listing.id,
      });
    },
  });
}
