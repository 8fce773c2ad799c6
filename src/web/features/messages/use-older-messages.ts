import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { MESSAGES_PAGE_SIZE } from '#shared/messages/rules.ts';
import { fetchOlderMessages, messagesQueryKey } from './api/get-messages.ts';
import { type ChatEntry, isTemporary, oldestSentMessage, prependOlder } from './chat.ts';

/**
 * Earlier messages, a page at a time before the oldest one shown. A short page means the start
 * of the chat; that is remembered by the oldest message's id, so a refetch that drops older
 * pages brings the button back.
 */
export function useOlderMessages(messages: readonly ChatEntry[]) {
  const queryClient = useQueryClient();
  const [startId, setStartId] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const oldest = oldestSentMessage(messages);
  const sentCount = messages.filter((m) => !isTemporary(m)).length;
  const hasOlder = oldest !== undefined && sentCount >= MESSAGES_PAGE_SIZE && startId !== oldest.id;

  const loadOlder = useCallback(async () => {
    if (busy.current || !oldest || !hasOlder) return;
    busy.current = true;
    setLoading(true);
    try {
      const older = await fetchOlderMessages(oldest.id);
      queryClient.setQueryData<ChatEntry[]>(messagesQueryKey, (list) => list && prependOlder(list, older));
      if (older.length < MESSAGES_PAGE_SIZE) setStartId(older[0]?.id ?? oldest.id);
    } catch (error) {
      console.warn('Loading earlier messages failed', error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [queryClient, oldest, hasOlder]);

  return { hasOlder, loading, loadOlder };
}
