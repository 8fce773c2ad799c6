import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HouseholdBalancesView } from '#shared/expenses/api.ts';
import type { Household } from '#shared/households/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { currentHouseholdQueryKey } from '../../households/index.ts';
import { balancesQueryKey } from './get-balances.ts';
import { refreshExpenses } from './get-expenses.ts';

/** PATCH /api/households/current {simplifyDebts}: the household's choice of view; any member. */
export function setSimplifyDebts(simplifyDebts: boolean): Promise<Household> {
  return apiJson<Household>('PATCH', '/api/households/current', { simplifyDebts });
}

/** The switch moves at once; it moves back if the server refuses. */
export function useSetSimplifyDebts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSimplifyDebts,
    onMutate: async (simplifyDebts) => {
      await queryClient.cancelQueries({ queryKey: balancesQueryKey, exact: true });
      const before = queryClient.getQueryData<HouseholdBalancesView>(balancesQueryKey);
      if (before)
        queryClient.setQueryData<HouseholdBalancesView>(balancesQueryKey, { ...before, simplifyDebts });
      return { before };
    },
    onError: (error, _value, context) => {
      console.warn('Changing the household setting failed', error);
      if (context?.before) queryClient.setQueryData(balancesQueryKey, context.before);
    },
    onSettled: () =>
      Promise.all([
        refreshExpenses(queryClient),
        queryClient.invalidateQueries({ queryKey: currentHouseholdQueryKey }),
      ]),
  });
}
