import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Answer } from '#shared/api/operation.ts';
import type { messagesApi } from '#shared/messages/api.ts';
import { getQueryFn } from '../../../lib/api.ts';

export type UnreadCount = Answer<typeof messagesApi.unreadCount>;

export const unreadCountQueryKey = ['/api/messages/unread-count'] as const;

/** GET /api/messages/unread-count: messages of others since the member last read the chat. */
export const unreadCountQueryOptions = queryOptions({
  queryKey: unreadCountQueryKey,
  queryFn: getQueryFn<UnreadCount>({ on401: 'throw' }),
});

export function useUnreadCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions, enabled: options.enabled ?? true });
}
