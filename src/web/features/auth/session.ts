import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '#shared/accounts/api.ts';
import { safeReturnPath } from '#shared/households/invites.ts';
import {
  readSession,
  removeLocal,
  removeSession,
  storageKeys,
  writeLocal,
  writeSession,
} from '../../lib/storage.ts';
import { forgetOfflineCopy } from '../../offline/forget.ts';
import { userQueryOptions } from './api/get-user.ts';
import { startAuthTransition } from './auth-transition.ts';

/** Remembers where to come back to after signing in (an invite link opened while signed out). */
export function rememberReturnPath(path: string): void {
  writeSession(storageKeys.returnPath, path);
}

function takeReturnPath(): string {
  const path = safeReturnPath(readSession(storageKeys.returnPath));
  removeSession(storageKeys.returnPath);
  return path ?? '/';
}

/**
 * After a successful login or registration: remember the user and that this browser has signed
 * in, flag a new signup, show the overlay and reload at '/' (docs/accounts.md), or at the page that
 * sent the user to sign in; `beforeReload` runs under the overlay first.
 */
export function finishSignIn(
  user: PublicUser,
  options: { newSignup: boolean; beforeReload?: () => Promise<void> },
): void {
  writeLocal(storageKeys.authCache, JSON.stringify(user));
  writeLocal(storageKeys.returning, 'true');
  if (options.newSignup) writeSession(storageKeys.isNewSignup, 'true');
  startAuthTransition('Setting up your account...');
  const path = takeReturnPath();
  if (!options.beforeReload) {
    window.location.assign(path);
    return;
  }
  // Whatever happens before the reload (the push subscription after login) cannot stop it.
  void options
    .beforeReload()
    .catch(() => undefined)
    .finally(() => window.location.assign(path));
}

let leaving = false;

/** After signing out: forget the user and every cached answer and reload at '/' (docs/accounts.md). */
export function leaveSignedOut(queryClient: QueryClient): void {
  // Once: a sign-out of this page and the end of its session may both ask for it.
  if (leaving) return;
  leaving = true;
  startAuthTransition('Signing out...');
  queryClient.clear();
  forgetOfflineCopy();
  removeLocal(storageKeys.authCache);
  removeSession(storageKeys.isNewSignup);
  window.location.assign('/');
}

/** Resolves once no mutation of this page is under way. */
function mutationsSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isMutating() === 0) return resolve();
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The server ended the session of `userId` in this browser (signed out elsewhere, expired,
 * account deleted). Once this page's own requests have settled (its own sign-out reloads the
 * page by itself), asks who is signed in, as after any 401: nobody, or someone else, and the
 * page signs out; the same user (signed in again in another tab) answers true.
 */
export async function sessionEnded(queryClient: QueryClient, userId: string): Promise<boolean> {
  await mutationsSettled(queryClient);
  const user = await queryClient.fetchQuery({ ...userQueryOptions, staleTime: 0 }).catch(() => null);
  if (user?.id === userId) return true;
  leaveSignedOut(queryClient);
  return false;
}
