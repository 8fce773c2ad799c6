import { useMutation } from '@tanstack/react-query';
import type { Household } from '#shared/households/api.ts';
import { apiJson } from '../../../lib/api.ts';

export function createHousehold(input: { name: string; currency?: string }): Promise<Household> {
  return apiJson<Household>('POST', '/api/households', input);
}

/** The caller finishes onboarding with a full reload, so no cache needs updating here. */
export function useCreateHousehold() {
  return useMutation({ mutationFn: createHousehold });
}
