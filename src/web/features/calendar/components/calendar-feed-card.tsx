import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CheckIcon, LayersIcon } from '../../../components/icons.tsx';
import { RefreshIcon } from '../../../components/page-icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { buttonStyles, cardStyles, errorText, inputStyles, mutedText } from '../../../components/ui.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useCalendarFeed } from '../api/get-feed.ts';
import { useResetCalendarFeed } from '../api/reset-feed.ts';

/** How long 'Copied' stays, as for the invite code (docs/calendar.md, Calendar feed). */
const COPIED_MS = 2_000;

const COPY_FAILED = 'Could not copy. Select the link and copy it yourself.';

/**
 * Settings → Calendar feed: the member's secret iCalendar link (household events, chore due dates
 * and bills) with Copy, and Reset link, which stops the old one working.
 */
export function CalendarFeedCard() {
  const id = useId();
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [status, showStatus] = useTimedMessage(COPIED_MS);
  const url = feed.data?.url;

  const copy = async () => {
    if (url) showStatus((await copyText(url)) ? 'Copied' : COPY_FAILED);
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          Calendar feed
        </h2>
        <p className={`text-sm ${mutedText}`}>
          Subscribe in your calendar app to see the household's events, chore due dates and bills there. Keep
          the link private: anyone with it can read the calendar.
        </p>
      </div>
      {feed.isPending ? (
        <Spinner label="Loading the calendar link" />
      ) : feed.isError ? (
        <p role="alert" className={errorText}>
          Unable to load the calendar link. Please try again later.
        </p>
      ) : (
        <>
          <div className="space-y-1.5">
            <label
              htmlFor={`${id}-url`}
              className="block font-medium text-slate-800 text-sm dark:text-slate-200"
            >
              Calendar link
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
              {status === 'Copied' ? <CheckIcon className="size-4" /> : <LayersIcon className="size-4" />}
              Copy link
            </button>
            <button type="button" onClick={() => setConfirming(true)} className={buttonStyles.ghost}>
              <RefreshIcon className="size-4" />
              Reset link
            </button>
            <span
              role="status"
              className={`text-sm ${status === COPY_FAILED ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}
            >
              {status ?? ''}
            </span>
          </div>
        </>
      )}
      {reset.isError && (
        <p role="alert" className={errorText}>
          Unable to reset the link. Please try again.
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset the calendar link?"
        confirmLabel="Reset link"
        busyLabel="Resetting..."
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => showStatus('New link ready'),
            onSettled: () => setConfirming(false),
          })
        }
      >
        <p>The current link stops working. Calendar apps subscribed to it need the new one.</p>
      </ConfirmDialog>
    </section>
  );
}
