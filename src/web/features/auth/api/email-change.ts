import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/api.ts';
import { apiJson } from '../../../lib/api.ts';
import { authUserQueryKey, userQueryKey } from './get-user.ts';

/** POST /api/auth/email/confirm: the account's address becomes the one the link was sent to. */
export function confirmEmail(token: string): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/email/confirm', { token });
}

/** Confirms, then refreshes the signed-in user, so a browser signed in to the account shows the new address. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () =>
      Promise.all(
        [userQueryKey, authUserQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
