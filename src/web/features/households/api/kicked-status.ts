import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Answer } from '#shared/api/operation.ts';
import type { householdsApi } from '#shared/households/api.ts';
import { apiRequest, getQueryFn } from '../../../lib/api.ts';

export type KickedStatus = Answer<typeof householdsApi.kickedStatus>;

export const kickedStatusQueryKey = ['/api/user/kicked-status'] as const;

/** GET /api/user/kicked-status: whether an administrator removed the user from their household. */
export const kickedStatusQueryOptions = queryOptions({
  queryKey: kickedStatusQueryKey,
  queryFn: getQueryFn<KickedStatus>({ on401: 'throw' }),
});

export function useKickedStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...kickedStatusQueryOptions, enabled: options.enabled ?? true });
}

export async function clearKickedFlag(): Promise<void> {
  await apiRequest('POST', '/api/user/clear-kicked-flag', {});
}

/** Closing the 'Removed from Household' notice hides it at once and clears the flag on the server. */
export function useClearKickedFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearKickedFlag,
    onMutate: () => {
      queryClient.setQueryData<KickedStatus>(kickedStatusQueryKey, { wasKicked: false });
    },
    onError: (error) => {
      console.warn('Clearing the removed-from-household notice failed', error);
      void queryClient.invalidateQueries({ queryKey: kickedStatusQueryKey });
    },
  });
}
