import { useMutation } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api.ts';

/** POST /api/households/current/invites: e-mails the invite link. */
export function useSendEmailInvite() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<{ message: string }>('POST', '/api/households/current/invites', { email }),
  });
}
