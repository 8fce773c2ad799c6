import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PaymentView } from '#shared/expenses/api.ts';
import { PAYMENTS_PAGE } from '#shared/expenses/ledger-view.ts';
import { apiJson } from '../../../lib/api.ts';

/** Every payments query starts with this key: one invalidation refreshes them all. */
export const paymentsQueryKey = ['/api/payments'] as const;

/** GET /api/payments: a page of the household's payments (not those in the trash). */
export function fetchPayments(before?: string): Promise<PaymentView[]> {
  const query = before ? `?before=${encodeURIComponent(before)}` : '';
  return apiJson<PaymentView[]>('GET', `/api/payments${query}`);
}

export const paymentsQueryOptions = infiniteQueryOptions({
  queryKey: [...paymentsQueryKey, 'pages'] as const,
  queryFn: ({ pageParam }) => fetchPayments(pageParam),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (lastPage) =>
    lastPage.length === PAYMENTS_PAGE ? lastPage[lastPage.length - 1]!.id : undefined,
});

/** Every loaded payment, newest first; `fetchNextPage` loads older ones when there are more. */
export function usePayments() {
  return useInfiniteQuery({ ...paymentsQueryOptions, select: (data) => data.pages.flat() });
}
