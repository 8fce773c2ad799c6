import { memo, useMemo } from 'react';
import type { ChoreView } from '#shared/chores/api.ts';
import { useWindowList } from '../../../lib/use-window-list.ts';
import { type ChoreActions, ChoreCard } from './chore-card.tsx';
import type { Members } from './recurrence-text.tsx';

/** A collapsed row's height (two lines and padding); rows are measured once they show. */
const ROW_PX = 71;

/** The chores of a view as compact rows; only those near the screen are rendered (5,000 stay smooth). */
export const ChoreList = memo(function ChoreList({
  chores,
  now,
  actions,
  members,
  selectedId,
  onSelect,
}: {
  chores: ChoreView[];
  now: number;
  actions: ChoreActions;
  members: Members;
  selectedId: string | null;
  onSelect?: ((chore: ChoreView) => void) | undefined;
}) {
  const keys = useMemo(() => chores.map((c) => c.id), [chores]);
  const list = useWindowList(keys, ROW_PX);
  return (
    <ul
      ref={list.listRef}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      style={{ paddingTop: list.before, paddingBottom: list.after }}
    >
      {chores.slice(list.start, list.end).map((chore, i) => (
        <ChoreCard
          key={chore.id}
          chore={chore}
          now={now}
          actions={actions}
          members={members}
          onSelect={onSelect}
          selected={chore.id === selectedId}
          index={list.start + i}
          count={chores.length}
          measure={list.measure}
        />
      ))}
    </ul>
  );
});
