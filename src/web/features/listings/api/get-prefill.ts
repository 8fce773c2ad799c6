import { useMutation } from '@tanstack/react-query';
import type { ListingPrefill } from '#shared/listings/api.ts';
import { apiJson } from '../../../lib/api.ts';

/** GET /api/roommate-listings/prefill: a household admin's listing for their free room. */
export const fetchListingPrefill = () => apiJson<ListingPrefill>('GET', '/api/roommate-listings/prefill');

/** Asked for on a click, so it runs as a mutation: nothing is cached or fetched on its own. */
export function useListingPrefill() {
  return useMutation({ mutationFn: fetchListingPrefill });
}
