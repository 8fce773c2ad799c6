import '#shared/i18n/compiled/areas/calendar.ts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CheckIcon, LayersIcon } from '../../../components/icons.tsx';
import { RefreshIcon } from '../../../components/page-icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { buttonStyles, cardStyles, errorText, inputStyles, mutedText } from '../../../components/ui.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { type MessageId, useT } from '../../../lib/i18n.tsx';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useCalendarFeed } from '../api/get-feed.ts';
import { useResetCalendarFeed } from '../api/reset-feed.ts';

/** How long 'Copied' stays, as for the invite code (docs/calendar.md, Calendar feed). */
const COPIED_MS = 2_000;

const COPY_FAILED: MessageId = 'calendar.feed.copyFailed';
const COPIED: MessageId = 'calendar.feed.copied';

/**
 * Settings → Calendar feed: the member's secret iCalendar link (household events, chore due dates
 * and bills) with Copy, and Reset link, which stops the old one working.
 */
export function CalendarFeedCard() {
  const t = useT();
  const id = useId();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [status, showStatus] = useTimedMessage(COPIED_MS);
  const url = feed.data?.url;

  const copy = async () => {
    if (url) showStatus((await copyText(url)) ? COPIED : COPY_FAILED);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t('calendar.feed.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('calendar.feed.text')}</p>
      </div>
      {feed.isPending ? (
        <Spinner label={t('calendar.feed.loading')} />
      ) : feed.isError ? (
        <p role="alert" className={errorText}>
          {t('calendar.feed.loadError')}
        </p>
      ) : (
        <>
          <div className="space-y-1.5">
            <label
              htmlFor={`${id}-url`}
              className="block font-medium text-slate-800 text-sm dark:text-slate-200"
            >
              {t('calendar.feed.link')}
            </label>
            <input
              id={`${id}-url`}
              readOnly
              value={url ?? ''}
              onFocus={(e) => e.currentTarget.select()}
              className={`${inputStyles} font-mono text-sm`}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <button type="button" onClick={copy} className={buttonStyles.secondary}>
              {status === COPIED ? <CheckIcon className="size-4" /> : <LayersIcon className="size-4" />}
              {t('calendar.feed.copy')}
            </button>
            <button type="button" onClick={() => setConfirming(true)} className={buttonStyles.ghost}>
              <RefreshIcon className="size-4" />
              {t('calendar.feed.reset')}
            </button>
            <span
              role="status"
              className={`text-sm ${status === COPY_FAILED ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}
            >
              {status ? t(status as MessageId) : ''}
            </span>
          </div>
        </>
      )}
      {reset.isError && (
        <p role="alert" className={errorText}>
          {t('calendar.feed.resetError')}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('calendar.feed.resetTitle')}
        confirmLabel={t('calendar.feed.reset')}
        busyLabel={t('calendar.feed.resetting')}
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => showStatus('calendar.feed.newLink'),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>{t('calendar.feed.resetText')}</p>
      </ConfirmDialog>
    </section>
  );
}
