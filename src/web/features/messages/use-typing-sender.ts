import { useCallback, useEffect, useRef } from 'react';
import { TYPING_IDLE_MS, typingFrameDue } from '#shared/realtime/policy.ts';
import { sendRealtimeFrame } from '../../lib/realtime.ts';

/**
 * Tells the household that the user is typing (docs/chat.md, Typing): on input, at most once a second; that
 * they stopped after 2 s without input, when the text is cleared, on send and on leaving.
 */
export function useTypingSender(householdId: string, userId: string, userName: string) {
  const lastSent = useRef<number | null>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopped = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (lastSent.current === null) return;
    lastSent.current = null;
    sendRealtimeFrame({ type: 'user_stopped_typing', householdId, userId, userName });
  }, [householdId, userId, userName]);

  const typed = useCallback(
    (text: string) => {
      if (!text.trim()) return stopped();
      const now = Date.now();
      if (typingFrameDue(lastSent.current, now)) {
        lastSent.current = now;
        sendRealtimeFrame({ type: 'user_typing', householdId, userId, userName });
      }
      clearTimeout(idleTimer.current);
      idleTimer.current = setTimeout(stopped, TYPING_IDLE_MS);
    },
    [householdId, userId, userName, stopped],
  );

  useEffect(() => stopped, [stopped]);

  return { typed, stopped };
}
