import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '#shared/messages/api.ts';
import type { Reaction } from '#shared/messages/rules.ts';
import { apiJson } from '../../../lib/api.ts';
import { type ChatEntry, settleOwnReactions, toggleReaction } from '../chat.ts';
import { messagesQueryKey } from './get-messages.ts';

/** POST /api/messages/{id}/reactions: adds the user's reaction, or takes it back. */
export function reactToMessage(messageId: string, emoji: Reaction): Promise<ChatMessage> {
  return apiJson<ChatMessage>('POST', `/api/messages/${encodeURIComponent(messageId)}/reactions`, { emoji });
}

type Variables = { messageId: string; emoji: Reaction };

const reactionMutationKey = ['messages', 'reaction'] as const;

/**
 * Toggles at once on screen. The answer then sets the user's own reactions on the message, and
 * only when it answers the last of their taps on it: an earlier tap's answer would undo the later
 * ones on screen until theirs came. The others' reactions stay as the socket's events set them.
 */
export function reactToMessageOptions(queryClient: QueryClient, userId: string) {
  const update = (change: (list: ChatEntry[]) => ChatEntry[]) =>
    queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => list && change(list));
  const tapsUnanswered = (messageId: string) =>
    queryClient.getMutationCache().findAll({
      mutationKey: reactionMutationKey,
      status: 'pending',
      predicate: (mutation) => (mutation.state.variables as Variables | undefined)?.messageId === messageId,
    }).length;
  return {
    mutationKey: reactionMutationKey,
    mutationFn: ({ messageId, emoji }: Variables) => reactToMessage(messageId, emoji),
    onMutate: ({ messageId, emoji }: Variables) =>
      update((list) =>
        list.map((m) =>
          m.id === messageId ? { ...m, reactions: toggleReaction(m.reactions, emoji, userId) } : m,
        ),
      ),
    onSuccess: (message: ChatMessage, { messageId }: Variables) => {
      // This tap's own mutation is still pending while its onSuccess runs.
      if (tapsUnanswered(messageId) === 1) update((list) => settleOwnReactions(list, message, userId));
    },
    onError: (error: unknown) => {
      console.warn('Reacting to the message failed', error);
      void queryClient.invalidateQueries({ queryKey: messagesQueryKey });
    },
  };
}

export function useReactToMessage(userId: string) {
  return useMutation(reactToMessageOptions(useQueryClient(), userId));
}
