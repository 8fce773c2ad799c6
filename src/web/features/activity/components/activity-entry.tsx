import type { ReactNode } from 'react';
import type { ActivityView } from '#shared/activity/api.ts';
import {
  activityArea,
  activityField,
  activitySummary,
  activityTimeLabel,
  activityValue,
} from '#shared/activity/view.ts';
import { CalendarIcon, ChoresIcon, SettingsIcon, UsersIcon, WalletIcon } from '../../../components/icons.tsx';
import { ReceiptIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { T, useLocaleFormat, useT } from '../../../lib/i18n.tsx';

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
  const t = useT();
  const { locale } = useLocaleFormat();
  return (
    <li data-testid="activity-entry" data-kind={entry.kind} className="flex items-start gap-3 py-3">
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        {ICONS[activityArea(entry.kind)]}
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-sm">
          <T
            id="activity.entry.sentence"
            values={{ actor, kind: entry.kind }}
            components={{ 0: <span className="font-semibold" /> }}
          />
        </p>
        {entry.summary && <p className="break-words font-medium">{activitySummary(entry, t)}</p>}
        {entry.changes.length > 0 && (
          <ul aria-label={t('activity.entry.changes')} className="space-y-0.5 text-sm">
            {entry.changes.map((change) => (
              <li key={change.field} data-testid="activity-change" className="break-words">
                <span className={mutedText}>{activityField(change.field, t)}:</span>{' '}
                {activityValue(change.field, change.before, t)} <span aria-hidden="true">→</span>
                <span className="sr-only">{t('activity.entry.changedTo')}</span>{' '}
                {activityValue(change.field, change.after, t)}
              </li>
            ))}
          </ul>
        )}
        <p className={`text-xs ${mutedText}`}>
          <time dateTime={entry.at}>{activityTimeLabel(entry.at, now, { t, locale })}</time>
        </p>
      </div>
    </li>
  );
}
