import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput } from '#shared/accounts/data.ts';
import { apiRequest } from '../../../lib/api.ts';
import { leaveSignedOut, startAuthTransition } from '../../auth/index.ts';

/** The personal data export: a plain link, so the browser downloads the ZIP itself. */
export const EXPORT_URL = '/api/export/me';

export async function deleteAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest('DELETE', '/api/auth/user', input);
}

/** On success the user is gone: forget everything cached and reload at '/', as after sign-out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      // The one way out, so the end of the session, which the server also announces on the
      // socket, cannot start a second reload; the overlay then says what happened.
      leaveSignedOut(queryClient);
      startAuthTransition('Deleting your account...');
    },
  });
}
