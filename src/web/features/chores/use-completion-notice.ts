import { useCallback } from 'react';
import { completionMessage } from '#shared/chore-view.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';

/** Web notifications close themselves after 5 s (SPEC §9); the toast stays a little shorter. */
const NOTIFICATION_MS = 5_000;
const TOAST_MS = 4_000;

/** A local notification when the browser allows one; false when it cannot be shown. */
function notify(text: string): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  try {
    const notification = new Notification(text, { tag: 'chore-completed' });
    window.setTimeout(() => notification.close(), NOTIFICATION_MS);
    return true;
  } catch {
    // Some browsers (Chrome on Android) only show notifications through a service worker.
    return false;
  }
}

/** '✅ {title} completed!' as a local notification when permitted, otherwise as an in-app toast (SPEC §4). */
export function useCompletionNotice(): { toast: string | null; announce: (title: string) => void } {
  const [toast, showToast] = useTimedMessage(TOAST_MS);
  const announce = useCallback(
    (title: string) => {
      const text = completionMessage(title);
      if (!notify(text)) showToast(text);
    },
    [showToast],
  );
  return { toast, announce };
}
