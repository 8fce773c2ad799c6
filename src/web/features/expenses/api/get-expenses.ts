import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { EXPENSES_PAGE } from '#shared/expenses/view.ts';
import { apiJson } from '../../../lib/api.ts';
import { homeQueryKey } from '../../dashboard/index.ts';
import { type ExpenseFilters, listQuery, NO_FILTERS } from '../expense-filters.ts';
import { balanceQueryKey } from './get-balance.ts';
import { balancesQueryKey } from './get-balances.ts';
import { paymentsQueryKey } from './get-payments.ts';

/** Every expense query starts with this key: one invalidation (a mutation, a socket event) refreshes them all. */
export const expensesQueryKey = ['/api/expenses'] as const;

/** GET /api/expenses: a page of expenses with their payer and splits, filtered (docs/expenses.md, Filters). */
export function fetchExpenses(before?: string, filters: ExpenseFilters = NO_FILTERS): Promise<ExpenseView[]> {
  return apiJson<ExpenseView[]>('GET', `/api/expenses${listQuery(filters, before)}`);
}

/** The pages of one filtered list; the filters are part of the key, so each has its own cache entry. */
export function expensesListOptions(filters: ExpenseFilters) {
  return infiniteQueryOptions({
    queryKey: [...expensesQueryKey, 'pages', listQuery(filters)] as const,
    queryFn: ({ pageParam }) => fetchExpenses(pageParam, filters),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage: ExpenseView[]) =>
      lastPage.length === EXPENSES_PAGE ? lastPage[lastPage.length - 1]!.id : undefined,
  });
}

/** The whole household's list, newest first, as the first screen and the edit page read it. */
export const expensesQueryOptions = expensesListOptions(NO_FILTERS);

/** Every loaded expense of a list, newest first; `fetchNextPage` loads older ones when there are more. */
export function useExpenses(filters: ExpenseFilters = NO_FILTERS) {
  // While another filter's list comes, the last one stays on screen (and the search field focused).
  return useInfiniteQuery({
    ...expensesListOptions(filters),
    placeholderData: keepPreviousData,
    select: (data) => data.pages.flat(),
  });
}

/**
 * After any change to the money (expenses, payments, the household's view): the lists and their
 * counts, your balance, the household's balances with their explanations, and the home screen's figures.
 */
export function refreshExpenses(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [expensesQueryKey, paymentsQueryKey, balanceQueryKey, balancesQueryKey, homeQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
