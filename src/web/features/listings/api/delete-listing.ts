import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';
import { listingQueryKey } from './get-listing.ts';
import { listingsQueryKey } from './get-listings.ts';

/** DELETE /api/roommate-listings/{id}: the creator removes the listing and its photos. */
export function deleteListing(id: string): Promise<void> {
  return apiJson<void>('DELETE', `/api/roommate-listings/${encodeURIComponent(id)}`);
}

/**
 * The lists are fetched again; the listing's own entry is left to `forget`, called once its page
 * has been left (removing it while the page shows it would fetch it again, now a 404).
 */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: deleteListing,
    onSuccess: (_nothing, id) =>
      queryClient.invalidateQueries({
        queryKey: listingsQueryKey,
        predicate: (query) => query.queryKey[1] !== 'detail' || query.queryKey[2] !== id,
      }),
  });
  const forget = (id: string) => queryClient.removeQueries({ queryKey: listingQueryKey(id) });
  return { ...mutation, forget };
}
