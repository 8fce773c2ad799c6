import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dayKeyIn } from '#shared/calendar/days.ts';
import type { ChoreMatch, EventMatch, ExpenseMatch, SearchResults } from '#shared/search/api.ts';
import { apiJson } from '../../lib/api.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';

export const searchQueryKey = ['/api/search'] as const;

/** GET /api/search?q: the household's expenses, chores and events whose text contains q. */
export function fetchSearch(q: string): Promise<SearchResults> {
  return apiJson<SearchResults>('GET', `/api/search?q=${encodeURIComponent(q)}`);
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...searchQueryKey, q],
    queryFn: () => fetchSearch(q),
    enabled: q !== '',
    staleTime: 30_000,
    // The last results stay while the next ones load, so the list does not jump at every key.
    placeholderData: keepPreviousData,
  });

export function useSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}

export type SearchHit =
  | { kind: 'expenses'; hit: ExpenseMatch }
  | { kind: 'chores'; hit: ChoreMatch }
  | { kind: 'events'; hit: EventMatch };

/**
 * Where a match opens: the expenses listed by its title; the chore selected in the list beside
 * its details (`wide`), else its edit page; the calendar on the event's day.
 */
export function searchHitPath(found: SearchHit, wide: boolean): string {
  if (found.kind === 'expenses') return `/expenses?${new URLSearchParams({ q: found.hit.title })}`;
  if (found.kind === 'chores') {
    if (!wide) return `/chores/${encodeURIComponent(found.hit.id)}/edit`;
    const params = new URLSearchParams(found.hit.status === 'done' ? { view: 'done' } : {});
    params.set('chore', found.hit.id);
    return `/chores?${params}`;
  }
  return `/calendar?${new URLSearchParams({ date: dayKeyIn(Date.parse(found.hit.startDate), browserTimeZone()) })}`;
}
