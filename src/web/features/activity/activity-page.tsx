import { useState } from 'react';
import { useLocation } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import { errorMessage } from '#shared/errors.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { type ActivityFilters as Filters, useActivity } from './api/get-activity.ts';
import { ActivityEntry } from './components/activity-entry.tsx';
import { ActivityFilters } from './components/activity-filters.tsx';

/** Where the back link goes: the screen the feed was opened from (Link state), else Expenses. */
const BACK: Record<string, string> = { '/dashboard': 'Back to dashboard', '/expenses': 'Back to expenses' };

/** /activity: who did what in the household and when, newest first, live (docs/money.md). */
export function ActivityPage() {
  const { data: household } = useCurrentHousehold();
  const [filters, setFilters] = useState<Filters>({ kind: null, memberId: null });
  const activity = useActivity(filters);
  const from = (useLocation().state as { from?: string } | null)?.from;
  const back = from && from in BACK ? from : '/expenses';
  const members = household?.members ?? [];
  const names = new Map(members.map((m) => [m.userId, displayName(m.user)]));
  const actorName = (id: string | null) => (id ? (names.get(id) ?? 'A former member') : 'Hearth');
  const entries = activity.data ?? [];
  const filtered = filters.kind !== null || filters.memberId !== null;
  const now = new Date();

  return (
    <div className="flex flex-col gap-4 px-5 pb-10">
      <FloatingHeader
        title="Activity"
        subtitle="Who did what, and when"
        back={{ to: back, label: BACK[back]! }}
        threshold={20}
      />
      <ActivityFilters members={members} value={filters} onChange={setFilters} />
      {activity.isPending ? (
        <PageSpinner />
      ) : activity.isError ? (
        <ErrorCard title="Unable to load activity" message={errorMessage(activity.error.message)} />
      ) : entries.length === 0 ? (
        <p className={`${cardStyles} text-center ${mutedText}`}>
          {filtered ? 'Nothing matches these filters.' : 'Nothing has happened yet.'}
        </p>
      ) : (
        <section aria-label="Activity" className={`${cardStyles} py-2`}>
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
          {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
