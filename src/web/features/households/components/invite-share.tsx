import '#shared/i18n/compiled/areas/households.ts';
import type { Household } from '#shared/households/api.ts';
import { inviteLink } from '#shared/households/invites.ts';
import { CheckIcon, LayersIcon, ShareIcon } from '../../../components/icons.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { type MessageId, useT } from '../../../lib/i18n.tsx';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';

/** How long 'Copied' stays (docs/households.md, Sharing the code). */
const COPIED_MS = 2_000;

const COPY_FAILED: MessageId = 'households.invite.copyFailed';
const COPIED: MessageId = 'households.invite.copied';

/**
 * The invite code with Copy, and the invite link shared with the Web Share API where there is
 * one, else copied (Settings, Ready to Go!, and home while the household has one member).
 */
export function InviteShare({ household, center = false }: { household: Household; center?: boolean }) {
  const t = useT();
  // The status holds a message id, translated as it shows.
  const [status, showStatus] = useTimedMessage(COPIED_MS);

  const copyCode = async () => {
    showStatus((await copyText(household.inviteCode)) ? COPIED : COPY_FAILED);
  };

  const shareLink = async () => {
    const url = inviteLink(window.location.origin, household.inviteCode);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('households.invite.shareTitle', { household: household.name }),
          url,
        });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    showStatus((await copyText(url)) ? 'households.invite.linkCopied' : COPY_FAILED);
  };

  return (
    <div className={`space-y-2 ${center ? 'text-center' : ''}`}>
      <p className="select-all font-bold font-mono text-2xl tracking-widest" data-testid="invite-code">
        {household.inviteCode}
      </p>
      <div className={`flex flex-wrap items-center gap-2 ${center ? 'justify-center' : ''}`}>
        <button type="button" onClick={copyCode} className={buttonStyles.secondary}>
          {status === COPIED ? <CheckIcon className="size-4" /> : <LayersIcon className="size-4" />}
          {t('households.invite.copy')}
        </button>
        <button type="button" onClick={shareLink} className={buttonStyles.secondary}>
          <ShareIcon className="size-4" />
          {t('households.invite.share')}
        </button>
      </div>
      <p
        role="status"
        className={`min-h-5 text-sm ${status === COPY_FAILED ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}`}
      >
        {status ? t(status as MessageId) : ''}
      </p>
    </div>
  );
}
