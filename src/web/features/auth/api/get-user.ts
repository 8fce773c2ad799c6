import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/accounts/api.ts';
import { hasCookie, SIGNED_IN_COOKIE } from '#shared/accounts/session-cookie.ts';
import { getQueryFn } from '../../../lib/api.ts';
import { readLocal, removeLocal, storageKeys, writeLocal } from '../../../lib/storage.ts';

export const userQueryKey = ['/api/user'] as const;
/** Other caches that hold the signed-in user and refresh after profile changes (docs/client.md, Caching). */
export const authUserQueryKey = ['/api/auth/user'] as const;

const fetchUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

/**
 * Whether a session may exist (decision 0012): the server's readable companion of the session
 * cookie is there, or this browser was signed in at its last check ('auth-cache'; a session
 * from before the companion existed is given it at its next daily extension).
 */
export function maybeSignedIn(): boolean {
  return hasCookie(document.cookie, SIGNED_IN_COOKIE) || readLocal(storageKeys.authCache) !== null;
}

/** The id of the user this browser was signed in as at its last check, if any. */
export function cachedUserId(): string | null {
  const cached = readLocal(storageKeys.authCache);
  if (cached === null) return null;
  try {
    const user: unknown = JSON.parse(cached);
    return typeof user === 'object' && user !== null && 'id' in user && typeof user.id === 'string'
      ? user.id
      : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/user: the signed-in user, or null when signed out (401). Mirrored in 'auth-cache'.
 * A browser that cannot be signed in is not asked about: the answer would be a 401.
 */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: async (context): Promise<CurrentUser | null> => {
    if (!maybeSignedIn()) return null;
    const user = await fetchUser(context);
    // On a 401 the server also clears its companion cookie, so the next visit does not ask.
    if (user) writeLocal(storageKeys.authCache, JSON.stringify(user));
    else removeLocal(storageKeys.authCache);
    return user;
  },
});

export function useUser() {
  return useQuery(userQueryOptions);
}
