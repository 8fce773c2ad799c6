import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseCountsView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { type ExpenseFilters, filterQuery } from '../expense-filters.ts';
import { expensesQueryKey } from './get-expenses.ts';

/**
 * GET /api/expenses/counts: how many of the whole household's expenses match the filters, per tab.
 * Under the expenses' key, so whatever refreshes the lists refreshes the counts.
 */
export function expenseCountsOptions(filters: ExpenseFilters) {
  const query = filterQuery(filters).toString();
  return queryOptions({
    queryKey: [...expensesQueryKey, 'counts', query] as const,
    queryFn: () => apiJson<ExpenseCountsView>('GET', `/api/expenses/counts${query ? `?${query}` : ''}`),
  });
}

export function useExpenseCounts(filters: ExpenseFilters) {
  return useQuery({ ...expenseCountsOptions(filters), placeholderData: keepPreviousData });
}
