import { useState } from 'react';
import { buttonStyles, errorText } from '../../components/ui.ts';
import { ApiError } from '../../lib/api.ts';
import { showLocalNotification } from '../../lib/notifications.ts';
import { sendTestPush } from './api/notification-settings.ts';

/** The local test first, the push test 2 s later, so that the two do not arrive as one. */
export const TEST_PUSH_DELAY_MS = 2_000;

type Result = { ok: true; text: string } | { ok: false; text: string };

export const TEST_RESULTS = {
  full: 'Test notification sent! Notifications are fully set up: this works when the app is closed.',
  partial: 'Test notification shown! Notifications work while the browser is open.',
  failed: 'Failed to send test notification. Please check your browser settings.',
} as const;

async function pushTest(): Promise<boolean> {
  try {
    const { sent } = await sendTestPush();
    return sent > 0;
  } catch (error) {
    console.warn(`Test push failed: ${error instanceof ApiError ? error.status : String(error)}`);
    return false;
  }
}

export function TestNotificationButton() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      const local = await showLocalNotification('other', 'Test notification', {
        body: 'Hearth notifications are working.',
        tag: 'hearth-test-local',
        url: '/settings',
        force: true,
      });
      await new Promise((resolve) => window.setTimeout(resolve, TEST_PUSH_DELAY_MS));
      const pushed = await pushTest();
      setResult(
        pushed
          ? { ok: true, text: TEST_RESULTS.full }
          : local
            ? { ok: true, text: TEST_RESULTS.partial }
            : { ok: false, text: TEST_RESULTS.failed },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-2 border-slate-200 border-t pt-4 dark:border-slate-800">
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        className={`${buttonStyles.secondary} w-full`}
        onClick={() => void run()}
      >
        {busy ? 'Sending test...' : 'Send test notification'}
      </button>
      <p role="status" className="text-emerald-800 text-sm empty:hidden dark:text-emerald-300">
        {result?.ok ? result.text : ''}
      </p>
      {result && !result.ok && (
        <p role="alert" className={errorText}>
          {result.text}
        </p>
      )}
    </div>
  );
}
