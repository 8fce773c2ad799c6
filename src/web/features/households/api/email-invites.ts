import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SentInvites } from '#shared/households/email-invites.ts';
import { apiJson } from '../../../lib/api.ts';

const INVITES_PATH = '/api/households/current/invites';
const sentInvitesQueryKey = [INVITES_PATH] as const;
/** While an invite's e-mail is on its way, its state is asked for again this often. */
const SENDING_POLL_MS = 2_000;

/** POST /api/households/current/invites: e-mails the invite link. */
export function useSendEmailInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiJson<{ message: string }>('POST', INVITES_PATH, { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sentInvitesQueryKey }),
  });
}

/** GET /api/households/current/invites: the open invites and whether their e-mail arrived. */
export function useSentInvites() {
  return useQuery({
    queryKey: sentInvitesQueryKey,
    queryFn: () => apiJson<SentInvites>('GET', INVITES_PATH),
    refetchInterval: (query) =>
      query.state.data?.invites.some((i) => i.delivery === 'sending') ? SENDING_POLL_MS : false,
  });
}
