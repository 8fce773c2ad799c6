import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '#shared/messages/api.ts';
import { MESSAGES_PAGE_SIZE } from '#shared/messages/rules.ts';
import { apiJson, getQueryFn, transientRetry } from '../../../lib/api.ts';
import { type ChatEntry, reconcileLatest } from '../chat.ts';

export const messagesQueryKey = ['/api/messages'] as const;

/** GET /api/messages: the latest page of the household's messages, oldest first. */
const fetchLatestMessages = getQueryFn<ChatMessage[]>({ on401: 'throw' });

/** GET /api/messages?before=: the page before a message, oldest first. */
export function fetchOlderMessages(before: string): Promise<ChatMessage[]> {
  const query = new URLSearchParams({ before, limit: String(MESSAGES_PAGE_SIZE) });
  return apiJson<ChatMessage[]>('GET', `/api/messages?${query}`);
}

/**
 * The chat: the latest page, joined on every refetch with what the cache already holds (older
 * pages, the user's unsent messages, what the socket brought while the page was on its way), so
 * that a refetch after a reconnect only adds what was missed. Retries with a back-off of its
 * own, unlike other reads (docs/chat.md, Loading).
 */
export const messagesQueryOptions = queryOptions({
  queryKey: messagesQueryKey,
  queryFn: async (context): Promise<ChatEntry[]> => {
    const shownWhenAsked = context.client.getQueryData<ChatEntry[]>(messagesQueryKey) ?? [];
    const latest = await fetchLatestMessages(context);
    const current = context.client.getQueryData<ChatEntry[]>(messagesQueryKey) ?? [];
    return reconcileLatest(current, latest, MESSAGES_PAGE_SIZE, shownWhenAsked);
  },
  ...transientRetry,
});

export function useMessages() {
  return useQuery(messagesQueryOptions);
}
