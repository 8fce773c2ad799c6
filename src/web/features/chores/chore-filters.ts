import type { ChoreView } from '#shared/chores/api.ts';
import { containsText } from '#shared/search/rules.ts';

/** The list's tabs: my open chores, everyone's open chores, or the done ones (docs/chores.md, The list). */
export const CHORE_VIEWS = ['mine', 'all', 'done'] as const;
export type ChoreListView = (typeof CHORE_VIEWS)[number];

export interface ChoreFilters {
  view: ChoreListView;
  /** A member's id, or '' for everyone. */
  assignee: string;
  q: string;
}

/** The filters as the URL keeps them (?view=mine&assignee=…&q=…), so Back and a reload keep them. */
export function readChoreFilters(params: URLSearchParams): ChoreFilters {
  const view = params.get('view');
  return {
    view: CHORE_VIEWS.includes(view as ChoreListView) ? (view as ChoreListView) : 'all',
    assignee: params.get('assignee') ?? '',
    q: params.get('q') ?? '',
  };
}

/** `params` with the filters changed; defaults are left out, other parameters kept. */
export function writeChoreFilters(params: URLSearchParams, changes: Partial<ChoreFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined, fallback: string) => {
    if (value === undefined) return;
    if (value === fallback) next.delete(key);
    else next.set(key, value);
  };
  set('view', changes.view, 'all');
  set('assignee', changes.assignee, '');
  set('q', changes.q, '');
  return next;
}

/**
 * The chores a view shows: Mine and All hide done chores, Done shows only them; then the
 * assignee (Mine is the viewer's own) and the title search, matched as the server matches it.
 */
export function filterChores<T extends Pick<ChoreView, 'status' | 'assignedTo' | 'title'>>(
  chores: T[],
  filters: ChoreFilters,
  viewerId: string | undefined,
): T[] {
  const assignee = filters.view === 'mine' ? viewerId : filters.assignee || undefined;
  const q = filters.q.trim();
  return chores.filter(
    (chore) =>
      (filters.view === 'done') === (chore.status === 'done') &&
      (assignee === undefined || chore.assignedTo === assignee) &&
      (q === '' || containsText(chore.title, q)),
  );
}
