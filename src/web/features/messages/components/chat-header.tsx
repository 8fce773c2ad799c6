import { connectionLabel } from '#shared/realtime/policy.ts';
import { mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useConnectionState } from '../../../lib/realtime.ts';
import { CONNECTION_LABEL_IDS } from '../chat-words.ts';

/** 'Messages' with the channel's state: 'Real-time', 'Connecting...' or 'Syncing messages' (docs/chat.md). */
export function ChatHeader({ syncing }: { syncing: boolean }) {
  const t = useT();
  const state = useConnectionState();
  const label = connectionLabel(state, syncing);
  const dot =
    label === 'Real-time'
      ? 'bg-emerald-500'
      : label === 'Syncing messages'
        ? 'bg-blue-500 motion-safe:animate-pulse'
        : 'bg-amber-500 motion-safe:animate-pulse';
  return (
    <header className="flex shrink-0 items-center justify-between gap-3 border-slate-200 border-b px-5 pt-6 pb-4 dark:border-slate-800">
      <div className="min-w-0">
        <h1 className="font-bold text-2xl tracking-tight">{t('messages.header.title')}</h1>
        <p className={`truncate ${mutedText}`}>{t('messages.header.subtitle')}</p>
      </div>
      <p
        role="status"
        data-testid="connection-indicator"
        className="flex shrink-0 items-center gap-1.5 rounded-full border border-slate-200 bg-white px-3 py-1 font-medium text-slate-700 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
        {t(CONNECTION_LABEL_IDS[label])}
      </p>
    </header>
  );
}
