import { useCallback } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { showLocalNotification } from '../../lib/notifications.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { completionMessage } from './chore-view.ts';

/** Web notifications close themselves after 5 s (docs/notifications.md); the toast stays a little shorter. */
const TOAST_MS = 4_000;

/**
 * '✅ {title} completed!' as a local notification when permitted, otherwise as an in-app toast
 * (docs/chores.md, Status).
 */
export function useCompletionNotice(): { toast: string | null; announce: (title: string) => void } {
  const t = useT();
  const [toast, showToast] = useTimedMessage(TOAST_MS);
  const announce = useCallback(
    (title: string) => {
      const text = completionMessage(title, t);
      // The user's own action on the chores page: throttled like every chore notification, but
      // not hidden for being on that page. Switched off, throttled or refused, it becomes a toast.
      void showLocalNotification('chore', text, { tag: 'chore-completed', ignorePage: true }).then(
        (shown) => {
          if (!shown) showToast(text);
        },
      );
    },
    [showToast, t],
  );
  return { toast, announce };
}
