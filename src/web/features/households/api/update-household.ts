import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Household } from '#shared/households/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { currentHouseholdQueryKey } from './get-household.ts';

export interface UpdateHouseholdInput {
  name?: string;
  /** ISO 4217; refused (409) once the household has money recorded. */
  currency?: string;
  rentAmount?: string | null;
  rentDueDay?: number | null;
}

export function updateHousehold(input: UpdateHouseholdInput): Promise<Household> {
  return apiJson<Household>('PATCH', '/api/households/current', input);
}

export function useUpdateHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHousehold,
    onSuccess: (household) => queryClient.setQueryData(currentHouseholdQueryKey, household),
  });
}
