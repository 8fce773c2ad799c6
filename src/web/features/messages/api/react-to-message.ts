import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChatEntry, setReactions, toggleReaction } from '#shared/chat.ts';
import type { ChatMessage, Reaction } from '#shared/message-rules.ts';
import { apiJson } from '../../../lib/api.ts';
import { messagesQueryKey } from './get-messages.ts';

/** POST /api/messages/{id}/reactions: adds the user's reaction, or takes it back. */
export function reactToMessage(messageId: string, emoji: Reaction): Promise<ChatMessage> {
  return apiJson<ChatMessage>('POST', `/api/messages/${encodeURIComponent(messageId)}/reactions`, { emoji });
}

/** Toggles at once on screen; the answer (and the message_reaction event) then set the real state. */
export function useReactToMessage(userId: string) {
  const queryClient = useQueryClient();
  const update = (change: (list: ChatEntry[]) => ChatEntry[]) =>
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => list && change(list));
  return useMutation({
    mutationFn: ({ messageId, emoji }: { messageId: string; emoji: Reaction }) =>
      reactToMessage(messageId, emoji),
    onMutate: ({ messageId, emoji }) =>
      update((list) =>
        list.map((m) =>
          m.id === messageId ? { ...m, reactions: toggleReaction(m.reactions, emoji, userId) } : m,
        ),
      ),
    onSuccess: (message) => update((list) => setReactions(list, message.id, message.reactions)),
    onError: (error) => {
      console.warn('Reacting to the message failed', error);
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey });
    },
  });
}
