import type { ReactNode } from 'react';
import type { ActivityView } from '#shared/activity/api.ts';
import { activityArea, activityTimeLabel, activityVerb, changeValue } from '#shared/activity/view.ts';
import { CalendarIcon, ChoresIcon, SettingsIcon, UsersIcon, WalletIcon } from '../../../components/icons.tsx';
import { ReceiptIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';

const ICONS: Record<ReturnType<typeof activityArea>, ReactNode> = {
  expense: <ReceiptIcon className="size-4" />,
  payment: <WalletIcon className="size-4" />,
  chore: <ChoresIcon className="size-4" />,
  event: <CalendarIcon className="size-4" />,
  member: <UsersIcon className="size-4" />,
  other: <SettingsIcon className="size-4" />,
};

/** One entry: who did what, about what, when; for an edit, each field before → after. */
export function ActivityEntry({ entry, actor, now }: { entry: ActivityView; actor: string; now: Date }) {
  return (
    <li data-testid="activity-entry" data-kind={entry.kind} className="flex items-start gap-3 py-3">
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {ICONS[activityArea(entry.kind)]}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm">
          <span className="font-semibold">{actor}</span> {activityVerb(entry.kind)}
        </p>
        {entry.summary && <p className="break-words font-medium">{entry.summary}</p>}
        {entry.changes.length > 0 && (
          <ul aria-label="Changes" className="space-y-0.5 text-sm">
            {entry.changes.map((change) => (
              <li key={change.field} data-testid="activity-change" className="break-words">
                <span className={mutedText}>{change.field}:</span> {changeValue(change.before)}{' '}
                <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span> {changeValue(change.after)}
              </li>
            ))}
          </ul>
        )}
        <p className={`text-xs ${mutedText}`}>
          <time dateTime={entry.at}>{activityTimeLabel(entry.at, now)}</time>
        </p>
      </div>
    </li>
  );
}
