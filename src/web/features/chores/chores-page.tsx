import '#shared/i18n/compiled/areas/chores.ts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ChoreView } from '#shared/chores/api.ts';
import { type ChoreStatus, sortChores } from '#shared/chores/rules.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { ChoresIcon } from '../../components/icons.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { TwoPane } from '../../components/two-pane.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { showToast } from '../../lib/toasts.ts';
import { SEARCH_DELAY_MS, useDebounced } from '../../lib/use-debounced.ts';
import { useWideOrUnknown } from '../../lib/use-wide.ts';
import type { FirstReads } from '../../shell/screens.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useDeleteChore } from './api/delete-chore.ts';
import { useChoreCounts } from './api/get-chore-counts.ts';
import { choresQueryKey, choresQueryOptions, useChores } from './api/get-chores.ts';
import { useDoneChores } from './api/get-done-chores.ts';
import { type ChoreUpdate, useUpdateChore } from './api/update-chore.ts';
import {
  CHORE_VIEWS,
  type ChoreFilters,
  type ChoreListView,
  filterChores,
  readChoreFilters,
  writeChoreFilters,
} from './chore-filters.ts';
import { completionMessage, toggleSubtask, withPendingChanges } from './chore-view.ts';
import type { ChoreActions } from './components/chore-card.tsx';
import { ChoreCounters } from './components/chore-counters.tsx';
import { ChoreDetailPane } from './components/chore-detail-pane.tsx';
import { ChoreFilterBar } from './components/chore-filter-bar.tsx';
import { ChoreList } from './components/chore-list.tsx';
import { DeleteChoreDialog } from './components/delete-chore-dialog.tsx';
import { LeaderboardCard } from './components/leaderboard-card.tsx';
import { LoadOlder } from './components/load-older.tsx';
import { useListPosition } from './list-position.ts';

const VIEW_LABELS = {
  mine: 'chores.filter.mine',
  all: 'chores.filter.all',
  done: 'chores.filter.done',
} as const;

/**
 * /chores: Mine / All / Done with an assignee and a title search (kept in the URL), compact rows
 * in order (docs/chores.md, The list), counters and the week's points. From md the selected
 * chore's details sit in the right pane, which shows the counters and points when none is.
 */
export function ChoresPage() {
  const t = useT();
  // null on the server and while hydrating: both arrangements render, CSS showing the right one.
  const wide = useWideOrUnknown();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readChoreFilters(params), [params]);
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const members = household?.members ?? [];
  const chores = useChores();
  // The open chores narrow as each key is typed; the server (counts, done pages) is asked once typing pauses.
  const searched = useDebounced(filters.q, SEARCH_DELAY_MS);
  const done = useDoneChores({ assignee: filters.assignee, q: searched }, filters.view === 'done');
  const save = useUpdateChore();
  const remove = useDeleteChore();
  const [deleting, setDeleting] = useState<ChoreView | null>(null);
  // The rows are memoised: a `now` that moved on every render would render them all again.
  const minute = Math.floor(Date.now() / 60_000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the minute is what matters
  const now = useMemo(() => Date.now(), [minute]);
  // Set in the click itself, so a ticked box or a new status shows at once and stays until the
  // server's list has arrived (a refetch finishing meanwhile cannot undo it).
  const [pending, setPending] = useState<ChoreUpdate[]>([]);
  // `now` moves every render; the order only needs it when the list changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const open = useMemo(
    () => sortChores(withPendingChanges(chores.data ?? [], pending), now),
    [chores.data, pending],
  );
  const donePages = useMemo(
    () => withPendingChanges(done.data?.pages.flat() ?? [], pending),
    [done.data, pending],
  );
  const shown = useMemo(
    () => filterChores(filters.view === 'done' ? donePages : open, filters, user?.id),
    [filters, open, donePages, user?.id],
  );
  const counts = useChoreCounts(searched).data;
  const { fetchNextPage } = done;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const listPending = filters.view === 'done' ? done.isPending : chores.isPending;
  useListPosition(!listPending);

  const selectedId = wide === true ? params.get('chore') : null;
  const selected = selectedId
    ? (open.find((c) => c.id === selectedId) ?? donePages.find((c) => c.id === selectedId) ?? null)
    : null;

  const setFilters = (changes: Partial<ChoreFilters>) =>
    // Typing in the search replaces the entry; a new tab or assignee is a step Back can undo.
    setParams((current) => writeChoreFilters(current, changes), { replace: changes.q !== undefined });
  const select = useCallback(
    (chore: ChoreView | null) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (chore) next.set('chore', chore.id);
        else next.delete('chore');
        return next;
      }),
    [setParams],
  );

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

  const handlers: ChoreActions = {
    setStatus: (chore: ChoreView, status: ChoreStatus) => {
      const previous = chore.status;
      // Undo sets the status back; the server takes back the points and streak and withdraws
      // the untouched next occurrence (docs/chores.md, Status).
      change({ id: chore.id, changes: { status } }, () => {
        if (status === 'done')
          showToast(completionMessage(chore.title, t), {
            label: t('chores.undo'),
            run: () => void change({ id: chore.id, changes: { status: previous } }),
          });
      });
    },
    toggleSubtask: (chore, index) =>
      change({ id: chore.id, changes: { subtasks: toggleSubtask(chore.subtasks, index) } }),
    askDelete: setDeleting,
  };
  // One set of actions for the page's life, calling this render's handlers: the memoised rows
  // keep them and do not render again when the page does.
  const latest = useRef(handlers);
  latest.current = handlers;
  const actions = useMemo<ChoreActions>(
    () => ({
      setStatus: (chore, status) => latest.current.setStatus(chore, status),
      toggleSubtask: (chore, index) => latest.current.toggleSubtask(chore, index),
      askDelete: (chore) => latest.current.askDelete(chore),
    }),
    [],
  );

  const counters = <ChoreCounters chores={open} />;
  const leaderboard = household && user && <LeaderboardCard members={household.members} viewerId={user.id} />;
  const empty = (chores.data ?? []).length === 0 && filters.view !== 'done';

  const list = (
    <section aria-labelledby="all-chores-title" className="space-y-3">
      <h2 id="all-chores-title" className="font-semibold text-lg">
        {t('chores.list.title')}
      </h2>
      {empty ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center dark:border-slate-700">
          <ChoresIcon className="size-8 text-slate-500 dark:text-slate-400" />
          <p className="font-semibold">{t('chores.list.empty')}</p>
          <p className={`text-sm ${mutedText}`}>{t('chores.list.emptyText')}</p>
          <Link to="/add-chore" className={buttonStyles.primary}>
            {t('chores.list.create')}
          </Link>
        </div>
      ) : (
        <>
          <ChoreFilterBar filters={filters} members={members} onChange={setFilters} />
          <Tabs
            label={t('chores.filter.label')}
            tabs={CHORE_VIEWS.map((view) => ({ value: view, label: t(VIEW_LABELS[view]) }))}
            value={filters.view}
            onChange={(view: ChoreListView) => setFilters({ view })}
            badge={(view) =>
              counts && (
                <span
                  data-testid={`tab-count-${view}`}
                  className="rounded-full bg-slate-300 px-1.5 text-slate-800 text-xs dark:bg-slate-700 dark:text-slate-100"
                >
                  {counts[view === 'all' ? 'open' : view]}
                </span>
              )
            }
          >
            {listPending ? (
              <PageSpinner />
            ) : filters.view === 'done' && done.isError && !done.isFetchNextPageError ? (
              <ErrorCard
                title={t('chores.page.loadError.title')}
                message={t('chores.page.loadError.message')}
              />
            ) : shown.length === 0 ? (
              <p
                className={`rounded-2xl border border-slate-300 border-dashed p-6 text-center ${mutedText} dark:border-slate-700`}
              >
                {t('chores.filter.noMatch')}
              </p>
            ) : (
              <ChoreList
                chores={shown}
                now={now}
                actions={actions}
                members={members}
                selectedId={selectedId}
                onSelect={wide === true ? select : undefined}
              />
            )}
            {filters.view === 'done' && done.hasNextPage && (
              <LoadOlder
                busy={done.isFetchingNextPage}
                failed={done.isFetchNextPageError}
                onLoad={loadOlder}
              />
            )}
          </Tabs>
        </>
      )}
    </section>
  );

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
        // On phones the counters sit above the list and the points below it; from md they are the
        // right pane's resting state. Placed by CSS, not by `wide`, so the server's HTML (and the
        // frame's width, which follows [data-wide]) is already right at every width.
        <TwoPane
          list={
            <div className="flex flex-col gap-6">
              {wide !== true && <div className="md:hidden">{counters}</div>}
              {list}
              {wide !== true && <div className="md:hidden">{leaderboard}</div>}
            </div>
          }
          detailOpen={selected !== null}
          detailLabel={t('chores.detail.label')}
          detail={
            selected ? (
              <ChoreDetailPane
                chore={selected}
                actions={actions}
                members={members}
                onClose={() => select(null)}
              />
            ) : (
              wide !== false && (
                <div className="space-y-6">
                  {counters}
                  {leaderboard}
                </div>
              )
            )
          }
        />
      )}

      <DeleteChoreDialog
        chore={deleting}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onDelete={(series) =>
          deleting && remove.mutate({ id: deleting.id, series }, { onSettled: () => setDeleting(null) })
        }
      />
    </div>
  );
}

/** Its one read (src/shared/screens/screens.ts): the chores. */
export const firstReads: FirstReads = {
  prefetch: (client) => client.prefetchQuery(choresQueryOptions),
  seed: (client, [chores]) => client.setQueryData(choresQueryKey, chores),
};
