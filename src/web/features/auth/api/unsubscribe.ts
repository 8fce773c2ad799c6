import { useMutation, useQuery } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '#shared/push/api.ts';
import { UNSUBSCRIBE_API_PATH } from '#shared/push/notifications.ts';
import { apiJson } from '../../../lib/api.ts';

const address = (token: string) => `${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;

/** GET: which kind of e-mail the link stops, and whether it is still on. Reading changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: [UNSUBSCRIBE_API_PATH, token],
    queryFn: () => apiJson<UnsubscribeAnswer>('GET', address(token)),
    enabled: token !== '',
    retry: false,
  });
}

/** POST: switches that kind off, signed in or not. */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => apiJson<UnsubscribeAnswer>('POST', address(token)) });
}
