import '#shared/i18n/compiled/areas/chores.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ChoreView } from '#shared/chores/api.ts';
import { type ChoreStatus, sortChores } from '#shared/chores/rules.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { ChoresIcon } from '../../components/icons.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { Toast } from '../../components/toast.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useRenderLimit } from '../../lib/use-render-limit.ts';
import type { FirstReads } from '../../shell/screens.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useDeleteChore } from './api/delete-chore.ts';
import { choresQueryKey, choresQueryOptions, useChores } from './api/get-chores.ts';
import { type ChoreUpdate, useUpdateChore } from './api/update-chore.ts';
import { toggleSubtask, withPendingChanges } from './chore-view.ts';
import { type ChoreActions, ChoreCard } from './components/chore-card.tsx';
import { ChoreCounters } from './components/chore-counters.tsx';
import { DeleteChoreDialog } from './components/delete-chore-dialog.tsx';
import { LeaderboardCard } from './components/leaderboard-card.tsx';
import { useCompletionNotice } from './use-completion-notice.ts';

/** Chores built at once when the list shows; the rest follow in the background. */
const FIRST_CHORES = 8;

/** /chores: counters, every chore in order (docs/chores.md, Order and urgency), this week's points. */
export function ChoresPage() {
  const t = useT();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const chores = useChores();
  const save = useUpdateChore();
  const remove = useDeleteChore();
  const { toast, announce } = useCompletionNotice();
  const [deleting, setDeleting] = useState<ChoreView | null>(null);
  const now = Date.now();
  // Set in the click itself, so a ticked box or a new status shows at once and stays until the
  // server's list has arrived (a refetch finishing meanwhile cannot undo it).
  const [pending, setPending] = useState<ChoreUpdate[]>([]);
  const sorted = sortChores(withPendingChanges(chores.data ?? [], pending), now);
  const limit = useRenderLimit(FIRST_CHORES, chores.data !== undefined);

  const change = async (update: ChoreUpdate, onSaved?: () => void) => {
    setPending((list) => [...list, update]);
    try {
      await save.mutateAsync(update);
      onSaved?.();
    } catch {
      // Logged by the mutation; dropping the pending change shows the chore as it was.
    } finally {
      setPending((list) => list.filter((p) => p !== update));
    }
  };

  const actions: ChoreActions = {
    setStatus: (chore: ChoreView, status: ChoreStatus) =>
      change({ id: chore.id, changes: { status } }, () => status === 'done' && announce(chore.title)),
    toggleSubtask: (chore, index) =>
      change({ id: chore.id, changes: { subtasks: toggleSubtask(chore.subtasks, index) } }),
    askDelete: setDeleting,
  };

  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('chores.page.title')}</h1>
          <p className={mutedText}>{t('chores.page.subtitle')}</p>
        </div>
        <Link
          to="/add-chore"
          aria-label={t('chores.page.add')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white shadow-sm hover:bg-blue-700"
        >
          <PlusIcon className="size-6" />
        </Link>
      </header>

      {chores.isPending ? (
        <PageSpinner />
      ) : chores.isError ? (
        <ErrorCard title={t('chores.page.loadError.title')} message={t('chores.page.loadError.message')} />
      ) : (
        <>
          <ChoreCounters chores={sorted} />
          <section aria-labelledby="all-chores-title" className="space-y-3">
            <h2 id="all-chores-title" className="font-semibold text-lg">
              {t('chores.list.title')}
            </h2>
            {sorted.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center dark:border-slate-700">
                <ChoresIcon className="size-8 text-slate-500 dark:text-slate-400" />
                <p className="font-semibold">{t('chores.list.empty')}</p>
                <p className={`text-sm ${mutedText}`}>{t('chores.list.emptyText')}</p>
                <Link to="/add-chore" className={buttonStyles.primary}>
                  {t('chores.list.create')}
                </Link>
              </div>
            ) : (
              <ul className="space-y-3">
                {sorted.slice(0, limit).map((chore) => (
                  <ChoreCard key={chore.id} chore={chore} now={now} actions={actions} />
                ))}
              </ul>
            )}
          </section>
          {household && user && <LeaderboardCard members={household.members} viewerId={user.id} />}
        </>
      )}

      <DeleteChoreDialog
        chore={deleting}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onDelete={(series) =>
          deleting && remove.mutate({ id: deleting.id, series }, { onSettled: () => setDeleting(null) })
        }
      />
      <Toast message={toast} />
    </div>
  );
}

/** Its one read (src/shared/screens/screens.ts): the chores. */
export const firstReads: FirstReads = {
  prefetch: (client) => client.prefetchQuery(choresQueryOptions),
  seed: (client, [chores]) => client.setQueryData(choresQueryKey, chores),
};
