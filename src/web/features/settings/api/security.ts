import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput } from '#shared/accounts/email-change.ts';
import type { ChangePasswordInput } from '#shared/accounts/passwords.ts';
import type { SessionView } from '#shared/accounts/sessions.ts';
import { apiJson, apiRequest } from '../../../lib/api.ts';

/** PATCH /api/auth/password: every other session of the account ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) => {
      await apiRequest('PATCH', '/api/auth/password', input);
    },
  });
}

/**
 * PATCH /api/auth/email: a link goes to the new address; the address changes only once it is
 * followed (the confirm screen refreshes the user then).
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => apiJson<{ message: string }>('PATCH', '/api/auth/email', input),
  });
}

export const sessionsQueryKey = ['/api/auth/sessions'] as const;

/** GET /api/auth/sessions: where the account is signed in, this session first. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => apiJson<SessionView[]>('GET', '/api/auth/sessions'),
  });
}

/** Ends one session (DELETE /api/auth/sessions/{id}), or every other one (revoke-others). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      which === 'others'
        ? apiRequest('POST', '/api/auth/sessions/revoke-others')
        : apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(which.id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
