import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChoreView } from '#shared/chores/api.ts';
import type { createChoreSchema } from '#shared/chores/schemas.ts';
import { apiJson } from '../../../lib/api.ts';
import { choresQueryKey } from './get-chores.ts';

export type CreateChorePayload = z.output<typeof createChoreSchema>;

export function createChore(payload: CreateChorePayload): Promise<ChoreView> {
  return apiJson<ChoreView>('POST', '/api/chores', payload);
}

/** The answer is not used: the list is fetched again (docs/client.md, Requests). */
export function useCreateChore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChore,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: choresQueryKey }),
  });
}
