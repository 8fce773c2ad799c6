import type { ExpenseTab } from '#shared/expenses/view.ts';
import { SEARCH_TEXT_MAX } from '#shared/search/rules.ts';
import { writeFilterParams } from '../../lib/url-filters.ts';

/** The list's filters as the URL keeps them, so Back and a reload keep them (docs/expenses.md, Filters). */
export interface ExpenseFilters {
  tab: ExpenseTab;
  /** Words in the title (the server also looks in the category and notes). */
  q: string;
  /** A member's id ('' for anyone): expenses they paid or have a share in. */
  member: string;
  category: string;
  /** Inclusive days, YYYY-MM-DD, '' for open. */
  from: string;
  to: string;
}

export const NO_FILTERS: ExpenseFilters = { tab: 'all', q: '', member: '', category: '', from: '', to: '' };

const TABS: readonly ExpenseTab[] = ['all', 'unsettled', 'settled'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `?status=unsettled&q=…&member=…&category=…&from=…&to=…` → filters; anything malformed is no filter. */
export function readExpenseFilters(params: URLSearchParams): ExpenseFilters {
  const status = params.get('status') as ExpenseTab | null;
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  let from = day('from');
  let to = day('to');
  // The server refuses a range that ends before it starts; read it the way it was meant.
  if (from && to && to < from) [from, to] = [to, from];
  return {
    tab: status && TABS.includes(status) ? status : 'all',
    q: (params.get('q') ?? '').slice(0, SEARCH_TEXT_MAX),
    member: params.get('member') ?? '',
    category: params.get('category') ?? '',
    from,
    to,
  };
}

/** `params` with the filters changed; defaults are left out and other parameters kept. */
export function writeExpenseFilters(
  params: URLSearchParams,
  changes: Partial<ExpenseFilters>,
): URLSearchParams {
  return writeFilterParams(params, changes, NO_FILTERS, { tab: 'status' });
}

/** True when anything but the tab narrows the list (search, member, category, dates). */
export function narrowed(filters: ExpenseFilters): boolean {
  return Boolean(filters.q.trim() || filters.member || filters.category || filters.from || filters.to);
}

/** The API's query for these filters, without the tab (the counts answer every tab at once). */
export function filterQuery(filters: ExpenseFilters): URLSearchParams {
  const query = new URLSearchParams();
  const q = filters.q.trim();
  if (q) query.set('q', q);
  if (filters.member) query.set('member', filters.member);
  if (filters.category) query.set('category', filters.category);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return query;
}

/** The list's query for these filters and a page: the counts' query plus the tab's status and `before`. */
export function listQuery(filters: ExpenseFilters, before?: string): string {
  const query = filterQuery(filters);
  if (filters.tab !== 'all') query.set('status', filters.tab);
  if (before) query.set('before', before);
  const text = query.toString();
  return text ? `?${text}` : '';
}
