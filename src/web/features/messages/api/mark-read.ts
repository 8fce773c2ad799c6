import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';
import { type UnreadCount, unreadCountQueryKey } from './get-unread-count.ts';

/** POST /api/messages/read: everything up to this message is read; answers the unread count left. */
export function markRead(messageId: string): Promise<UnreadCount> {
  return apiJson<UnreadCount>('POST', '/api/messages/read', { messageId });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    // A count fetched before this answer would be older than it.
    onMutate: () => queryClient.cancelQueries({ queryKey: unreadCountQueryKey }),
    onSuccess: (count) => queryClient.setQueryData(unreadCountQueryKey, count),
    onError: (error) => console.warn('Marking the chat as read failed', error),
  });
}
