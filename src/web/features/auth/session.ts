import { safeReturnPath } from '#shared/invites.ts';
import type { PublicUser } from '#shared/users.ts';
import { readSession, removeSession, storageKeys, writeLocal, writeSession } from '../../lib/storage.ts';
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
 * in, flag a new signup, show the overlay and reload at '/' (SPEC §2, §4), or at the page that
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
