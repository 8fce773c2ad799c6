import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '#shared/users.ts';
import { getQueryFn } from '../../../lib/api.ts';
import { removeLocal, storageKeys, writeLocal } from '../../../lib/storage.ts';

export const userQueryKey = ['/api/user'] as const;
/** Other caches that hold the signed-in user and refresh after profile changes (SPEC §7). */
export const authUserQueryKey = ['/api/auth/user'] as const;

const fetchUser = getQueryFn<PublicUser>({ on401: 'returnNull' });

/** GET /api/user: the signed-in user, or null when signed out (401). Mirrored in 'auth-cache'. */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: async (context): Promise<PublicUser | null> => {
    const user = await fetchUser(context);
    if (user) writeLocal(storageKeys.authCache, JSON.stringify(user));
    else removeLocal(storageKeys.authCache);
    return user;
  },
});

export function useUser() {
  return useQuery(userQueryOptions);
}
