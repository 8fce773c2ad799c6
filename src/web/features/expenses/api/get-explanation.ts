import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExplanationView } from '#shared/expenses/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { balancesQueryKey } from './get-balances.ts';

export type DebtViewKind = 'pairwise' | 'simplified';

/** GET /api/balances/explain: the lines behind one debt, which add up to it exactly. */
export function fetchExplanation(from: string, to: string, view: DebtViewKind): Promise<ExplanationView> {
  const query = new URLSearchParams({ from, to, view });
  return apiJson<ExplanationView>('GET', `/api/balances/explain?${query}`);
}

// Under the balances' key: whatever refreshes the balances refreshes an open explanation too.
export const explanationQueryOptions = (from: string, to: string, view: DebtViewKind) =>
  queryOptions({
    queryKey: [...balancesQueryKey, 'explain', { from, to, view }] as const,
    queryFn: () => fetchExplanation(from, to, view),
  });

/** Asked for only while the explanation is open. */
export function useExplanation(from: string, to: string, view: DebtViewKind, enabled: boolean) {
  return useQuery({ ...explanationQueryOptions(from, to, view), enabled });
}
