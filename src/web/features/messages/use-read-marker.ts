import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type UnreadCount, unreadCountQueryKey } from './api/get-unread-count.ts';
import { useMarkRead } from './api/mark-read.ts';
import { type ChatEntry, newestSentMessage } from './chat.ts';

/** Messages that arrive together are marked read with one call. */
const MARK_READ_DELAY_MS = 300;

function usePageVisible(): boolean {
  // Not visible where there is no document (the server's rendering of the screen, entry-server.tsx).
  const [visible, setVisible] = useState(
    () => typeof document !== 'undefined' && document.visibilityState === 'visible',
  );
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/** While the chat is on screen, everything up to its newest message is read (the Chat badge clears). */
export function useReadMarker(messages: readonly ChatEntry[], userId: string): void {
  const queryClient = useQueryClient();
  const { mutate: markRead } = useMarkRead();
  const visible = usePageVisible();
  const marked = useRef<string | null>(null);
  const newest = newestSentMessage(messages);
  const newestId = newest?.id;
  // One's own message moves nothing unless something before it is still unread.
  const ownNewest = newest?.userId === userId;

  useEffect(() => {
    if (!newestId || !visible || marked.current === newestId) return;
    const unread = queryClient.getQueryData<UnreadCount>(unreadCountQueryKey)?.unread;
    if (ownNewest && unread === 0) {
      marked.current = newestId;
      return;
    }
    const timer = setTimeout(() => {
      marked.current = newestId;
      // A failed call is made again with the next message or when the page is shown again.
      markRead(newestId, {
        onError: () => {
          if (marked.current === newestId) marked.current = null;
        },
      });
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [newestId, ownNewest, visible, markRead, queryClient]);
}
