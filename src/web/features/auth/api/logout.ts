import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { leaveSignedOut } from '../session.ts';

export async function logout(): Promise<void> {
  const res = await apiRequest('POST', '/api/logout');
  // Read the (empty) answer to its end: the reload that follows would otherwise cancel a request
  // whose headers have come but whose completion has not.
  await res.arrayBuffer();
}

/** POST /api/logout, then forget the user and every cached answer and reload at '/' (docs/accounts.md). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => leaveSignedOut(queryClient),
  });
}
