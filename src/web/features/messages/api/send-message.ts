import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAuthor } from '#shared/accounts/api.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { READ_RETRIES, readRetryDelay } from '#shared/realtime/policy.ts';
import { ApiError, apiJson, NetworkError } from '../../../lib/api.ts';
import { type ChatEntry, isTemporary, markFailed, settlePending, TEMP_ID_PREFIX } from '../chat.ts';
import { messagesQueryKey } from './get-messages.ts';

export function sendMessage(input: {
  content: string;
  householdId: string;
  userId: string;
  clientId: string;
}): Promise<ChatMessage> {
  return apiJson<ChatMessage>('POST', '/api/messages', input);
}

export interface SendVariables {
  /** The pending message's id; the same again when retrying a failed one. */
  tempId: string;
  content: string;
  author: MessageAuthor;
  householdId: string;
}

export const sendMessageMutationKey = ['send-message'] as const;

/** Not crypto.randomUUID: that needs a secure context, and the app may be opened over plain http. */
export function newTempId(): string {
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** What a failed send logs: 'Failed to send message: {status} {body}' (docs/chat.md, Sending). */
function failureText(error: Error): string {
  if (error instanceof ApiError) {
    const body = error.message.slice(`${error.status}: `.length);
    return `Failed to send message: ${error.status} ${body}`;
  }
  return `Failed to send message: ${error.message}`;
}

/**
 * Optimistic send: the message shows at once with a temp- id, is replaced by the server's copy
 * (whether the POST answer or the socket event comes first), or is marked failed for Retry.
 * Offline, it waits in the outbox (a paused mutation, kept across reloads by src/web/offline/)
 * and goes when the browser is back online; the temp- id is its clientId, so the server stores
 * it once however often it is sent. These options are the mutation's defaults: a send restored
 * after a reload has no component to give them.
 */
export function sendMessageOptions(queryClient: QueryClient) {
  const update = (change: (list: ChatEntry[]) => ChatEntry[]) =>
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => change(list ?? []));
  // A send from the outbox may end before the chat was read: the chat's first read brings it.
  const settle = (change: (list: ChatEntry[]) => ChatEntry[]) =>
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => list && change(list));
  return mutationOptions<ChatMessage, Error, SendVariables>({
    mutationKey: sendMessageMutationKey,
    mutationFn: ({ tempId, content, householdId, author }) =>
      sendMessage({ content, householdId, userId: author.id, clientId: tempId }),
    // Offline, a send waits for the network instead of failing; sends go one at a time, in order.
    networkMode: 'online',
    scope: { id: 'chat' },
    retry: (failures, error) => error instanceof NetworkError && failures < READ_RETRIES,
    retryDelay: readRetryDelay,
    onMutate: ({ tempId, content, author, householdId }) => {
      update((list) => {
        if (list.some((m) => m.id === tempId)) return markFailed(list, tempId, false);
        return [...list, pendingEntry({ tempId, content, author, householdId })];
      });
    },
    onSuccess: (message, { tempId }) => settle((list) => settlePending(list, tempId, message)),
    onError: (error, { tempId }) => {
      console.warn(failureText(error));
      settle((list) => markFailed(list, tempId, true));
    },
  });
}

function pendingEntry({ tempId, content, author, householdId }: SendVariables): ChatEntry {
  return {
    id: tempId,
    content,
    userId: author.id,
    user: author,
    householdId,
    createdAt: new Date().toISOString(),
    type: 'text',
    reactions: [],
  };
}

/**
 * The chat as it was kept, with exactly the messages of the outbox shown as on their way: one
 * the kept chat shows as pending but the outbox no longer holds was sent meanwhile.
 */
export function showOutbox(queryClient: QueryClient, waiting: readonly SendVariables[]): void {
  const updatedAt = queryClient.getQueryState(messagesQueryKey)?.dataUpdatedAt;
  queryClient.setQueryData<ChatEntry[]>(
    messagesQueryKey,
    (list) => {
      if (!list) return list;
      const ids = new Set(waiting.map((send) => send.tempId));
      const kept = list.filter((m) => !isTemporary(m) || ids.has(m.id));
      const missing = waiting.filter((send) => !kept.some((m) => m.id === send.tempId));
      return [...kept, ...missing.map(pendingEntry)];
    },
    // Still the time the chat was last read: the offline bar says how old it is.
    { updatedAt },
  );
}

/** Makes sends restored from the outbox go as sends made on the screen do. */
export function keepChatOutbox(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(sendMessageMutationKey, sendMessageOptions(queryClient));
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation(sendMessageOptions(queryClient));
}
