import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';
import { currentHouseholdQueryKey } from './get-household.ts';

export interface AwayDates {
  awayFrom: string | null;
  awayUntil: string | null;
}

/** PATCH /api/households/current/members/me: away mode as dates (YYYY-MM-DD), or null to clear. */
export function setAway(dates: AwayDates): Promise<AwayDates> {
  return apiJson<AwayDates>('PATCH', '/api/households/current/members/me', dates);
}

export function useSetAway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentHouseholdQueryKey }),
  });
}
