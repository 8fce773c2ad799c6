import type { ChoreView } from '#shared/chores/api.ts';
import { containsText } from '#shared/search/rules.ts';
import { writeFilterParams } from '../../lib/url-filters.ts';

/** The list's tabs: my open chores, everyone's open chores, or the done ones (docs/chores.md, The list). */
export const CHORE_VIEWS = ['mine', 'all', 'done'] as const;
export type ChoreListView = (typeof CHORE_VIEWS)[number];

export interface ChoreFilters {
  view: ChoreListView;
  /** A member's id, or '' for everyone. */
  assignee: string;
  q: string;
}

const NO_FILTERS: ChoreFilters = { view: 'all', assignee: '', q: '' };

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
  return writeFilterParams(params, changes, NO_FILTERS);
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
