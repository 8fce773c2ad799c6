import { useQuery } from '@tanstack/react-query';
import type { EmailInvitePreview } from '#shared/households/email-invites.ts';
import { apiJson } from '../../../lib/api.ts';

/** GET /api/invites/{token}: who invites whom to which household, before anyone signs in. */
export function useInvitePreview(token: string | null) {
  return useQuery({
    queryKey: ['/api/invites', token],
    queryFn: () => apiJson<EmailInvitePreview>('GET', `/api/invites/${encodeURIComponent(token ?? '')}`),
    enabled: token !== null,
    retry: false,
  });
}
