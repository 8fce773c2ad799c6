import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Household } from '#shared/households/api.ts';
import { apiJson, apiRequest } from '../../../lib/api.ts';
import { currentHouseholdQueryKey } from './get-household.ts';

export function removeMember(userId: string): Promise<{ newInviteCode: string }> {
  return apiJson<{ newInviteCode: string }>(
    'DELETE',
    `/api/households/members/${encodeURIComponent(userId)}`,
  );
}

/**
 * Removal rotates the invite code: the new one replaces the shown one at once (docs/households.md,
 * Removing a member).
 */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: ({ newInviteCode }, userId) => {
      queryClient.setQueryData<Household | null>(currentHouseholdQueryKey, (household) =>
        household
          ? {
              ...household,
              inviteCode: newInviteCode,
              members: household.members.filter((m) => m.userId !== userId),
            }
          : household,
      );
      return queryClient.invalidateQueries({ queryKey: currentHouseholdQueryKey });
    },
  });
}

export async function leaveHousehold(): Promise<void> {
  await apiRequest('POST', '/api/households/leave');
}

/** Leaving always ends at '/' with a full reload, even when the call failed (docs/households.md, Leaving). */
export function useLeaveHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveHousehold,
    onError: (error) => console.warn('Leaving the household failed', error),
    onSettled: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
}

export async function deleteAllHouseholdData(): Promise<void> {
  await apiRequest('DELETE', '/api/dev/delete-all-data');
}

/**
 * On success every cached answer is dropped and the app reloads at '/' (docs/households.md, Delete
 * All Household Data).
 */
export function useDeleteAllHouseholdData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllHouseholdData,
    onSuccess: () => {
      queryClient.clear();
      window.location.assign('/');
    },
  });
}
