import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '#shared/messages/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { type ChatEntry, receiveMessage } from '../chat.ts';
import { messagesQueryKey } from './get-messages.ts';

/** POST /api/messages/photo: the text and the photo file. */
export function sendPhoto({ content, photo }: { content: string; photo: File }): Promise<ChatMessage> {
  const body = new FormData();
  body.append('content', content);
  body.append('photo', photo);
  return apiJson<ChatMessage>('POST', '/api/messages/photo', body);
}

/** Its own key: the text sends' defaults (their outbox) are not a photo's. */
export const sendPhotoMutationKey = ['send-photo'] as const;

/**
 * A photo is sent, not shown before the server has it (it is checked and re-encoded there);
 * the answer and the socket's copy are one message, whichever comes first.
 */
export function useSendPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sendPhotoMutationKey,
    mutationFn: sendPhoto,
    onSuccess: (message) =>
      queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => receiveMessage(list ?? [], message)),
  });
}
