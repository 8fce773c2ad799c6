import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/api.ts';
import type { PasswordResetConfirmInput } from '#shared/accounts/passwords.ts';
import { apiJson, apiRequest } from '../../../lib/api.ts';

/** POST /api/auth/password-reset: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiJson('POST', '/api/auth/password-reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** Sets the new password with the link's token; the browser is then signed in as its owner. */
export async function confirmPasswordReset(input: PasswordResetConfirmInput): Promise<PublicUser> {
  await apiRequest('POST', '/api/auth/password-reset/confirm', input);
  return apiJson<PublicUser>('GET', '/api/user');
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
