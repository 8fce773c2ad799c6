import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { removeLocal, removeSession, storageKeys } from '../../../lib/storage.ts';
import { startAuthTransition } from '../../auth/auth-transition.ts';

/** The personal data export: a plain link, so the browser downloads the ZIP itself. */
export const EXPORT_URL = '/api/export/me';

export async function deleteAccount(email: string): Promise<void> {
  await apiRequest('DELETE', '/api/auth/user', { email });
}

/** On success the user is gone: forget everything cached and reload at '/', as after sign-out. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      startAuthTransition('Deleting your account...');
      queryClient.clear();
      removeLocal(storageKeys.authCache);
      removeSession(storageKeys.isNewSignup);
      window.location.assign('/');
    },
  });
}
