import '#shared/i18n/compiled/areas/settings.ts';
import { useState } from 'react';
import { buttonStyles, errorText } from '../../components/ui.ts';
import { ApiError } from '../../lib/api.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
import { showLocalNotification } from '../../lib/notifications.ts';
import { sendTestPush } from './api/notification-settings.ts';

/** The local test first, the push test 2 s later, so that the two do not arrive as one. */
export const TEST_PUSH_DELAY_MS = 2_000;

type Result = { ok: true; text: MessageId } | { ok: false; text: MessageId };

/** The outcomes, as message ids. */
export const TEST_RESULTS = {
  full: 'settings.test.full',
  partial: 'settings.test.partial',
  failed: 'settings.test.failed',
} as const satisfies Record<string, MessageId>;

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
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      const local = await showLocalNotification('other', t('settings.test.title'), {
        body: t('settings.test.body'),
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
        {busy ? t('settings.test.sending') : t('settings.test.send')}
      </button>
      <p role="status" className="text-emerald-800 text-sm empty:hidden dark:text-emerald-300">
        {result?.ok ? t(result.text) : ''}
      </p>
      {result && !result.ok && (
        <p role="alert" className={errorText}>
          {t(result.text)}
        </p>
      )}
    </div>
  );
}
