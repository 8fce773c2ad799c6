import { useMutation } from '@tanstack/react-query';
import type { Household } from '#shared/households/api.ts';
import { normalizeInviteCode } from '#shared/households/invites.ts';
import { apiJson } from '../../../lib/api.ts';

export function joinHousehold(inviteCode: string): Promise<Household> {
  return apiJson<Household>('POST', '/api/households/join', { inviteCode: normalizeInviteCode(inviteCode) });
}

/** The caller finishes with a full reload, so no cache needs updating here. */
export function useJoinHousehold() {
  return useMutation({ mutationFn: joinHousehold });
}
