import '#shared/i18n/compiled/areas/activity.ts';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import { errorMessage } from '#shared/errors.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useCurrentHousehold } from '../households/index.ts';
import { type ActivityFilters as Filters, useActivity } from './api/get-activity.ts';
import { ActivityEntry } from './components/activity-entry.tsx';
import { ActivityFilters } from './components/activity-filters.tsx';

/** Where the back link goes: the screen the feed was opened from (Link state), else Expenses. */
const BACK = { '/dashboard': 'dashboard', '/expenses': 'expenses' } as const;

/** /activity: who did what in the household and when, newest first, live (docs/money.md). */
export function ActivityPage() {
  const t = useT();
  const { data: household } = useCurrentHousehold();
  const [filters, setFilters] = useState<Filters>({ kind: null, memberId: null });
  const activity = useActivity(filters);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const back = from && from in BACK ? (from as keyof typeof BACK) : '/expenses';
  const members = household?.members ?? [];
  const names = new Map(members.map((m) => [m.userId, displayName(m.user)]));
  const actorName = (id: string | null) => (id ? (names.get(id) ?? t('activity.formerMember')) : 'Hearth');
  const entries = activity.data ?? [];
  const filtered = filters.kind !== null || filters.memberId !== null;
  const now = new Date();

  return (
    <div className="flex flex-col gap-4 px-5 pb-10">
      <FloatingHeader
        title={t('activity.title')}
        subtitle={t('activity.subtitle')}
        back={{ to: back, label: t('activity.back', { from: BACK[back] }) }}
        threshold={20}
      />
      <ActivityFilters members={members} value={filters} onChange={setFilters} />
      {activity.isPending ? (
        <PageSpinner />
      ) : activity.isError ? (
        <ErrorCard title={t('activity.loadError')} message={errorMessage(activity.error.message)} />
      ) : entries.length === 0 ? (
        <p className={`${cardStyles} text-center ${mutedText}`}>
          {filtered ? t('activity.emptyFiltered') : t('activity.empty')}
        </p>
      ) : (
        <section aria-label={t('activity.title')} className={`${cardStyles} py-2`}>
          <ol className="divide-y divide-slate-200 dark:divide-slate-800">
            {entries.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} actor={actorName(entry.actorId)} now={now} />
            ))}
          </ol>
        </section>
      )}
      {activity.hasNextPage && (
        <button
          type="button"
          className={`${buttonStyles.secondary} w-full`}
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? t('activity.loading') : t('activity.loadMore')}
        </button>
      )}
    </div>
  );
}
