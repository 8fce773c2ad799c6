import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { EXPENSES_PAGE } from '#shared/expenses/view.ts';
import { apiJson } from '../../../lib/api.ts';
import { homeQueryKey } from '../../dashboard/index.ts';
import { balanceQueryKey } from './get-balance.ts';
import { balancesQueryKey } from './get-balances.ts';
import { paymentsQueryKey } from './get-payments.ts';

/** Every expense query starts with this key: one invalidation (a mutation, a socket event) refreshes them all. */
export const expensesQueryKey = ['/api/expenses'] as const;

/** GET /api/expenses: a page of expenses with their payer and splits. */
export function fetchExpenses(before?: string): Promise<ExpenseView[]> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiJson<ExpenseView[]>('GET', `/api/expenses${query}`);
}

export const expensesQueryOptions = infiniteQueryOptions({
  queryKey: [...expensesQueryKey, 'pages'] as const,
  queryFn: ({ pageParam }) => fetchExpenses(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage) =>
    lastPage.length === EXPENSES_PAGE ? lastPage[lastPage.length - 1]!.id : undefined,
});

/** Every loaded expense, newest first; `fetchNextPage` loads older ones when there are more. */
export function useExpenses() {
  return useInfiniteQuery({ ...expensesQueryOptions, select: (data) => data.pages.flat() });
}

/**
 * After any change to the money (expenses, payments, the household's view): the lists, your
 * balance, the household's balances with their explanations, and the home screen's figures.
 */
export function refreshExpenses(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [expensesQueryKey, paymentsQueryKey, balanceQueryKey, balancesQueryKey, homeQueryKey].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
