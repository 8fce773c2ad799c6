import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { CurrentUser } from '#shared/accounts/api.ts';
import { type AppState, appState } from '#shared/screens/app-state.ts';
import { useUser } from '../features/auth/index.ts';
import { useCurrentHousehold } from '../features/households/index.ts';
import { ApiError } from '../lib/api.ts';
import { finishOnboarding, onboardingFlagsAtLoad } from '../lib/onboarding-flags.ts';
import { useKeyboardOpen } from '../lib/use-keyboard-open.ts';
import { showBottomNav } from './nav-items.ts';

export interface AppStateInfo {
  state: AppState;
  user: CurrentUser | null;
  /** The signed-in user's household, once known. */
  householdId: string | null;
  /** The user check has finished (answered or failed). */
  userChecked: boolean;
  /** The household check failed, after its retries: Try again asks once more. */
  householdFailed: (() => void) | null;
  showBottomNav: boolean;
}

/**
 * Which app state (docs/screens.md, App states) the browser is in; the route table and the shell
 * follow it.
 */
export function useAppState(): AppStateInfo {
  const userQuery = useUser();
  // A failed check (network, 5xx) is treated as signed out: the sign-in screen can still work.
  const user = userQuery.data ?? null;
  const householdQuery = useCurrentHousehold({ enabled: user !== null });
  const { pathname } = useLocation();
  const keyboardOpen = useKeyboardOpen();
  const hasHousehold = householdQuery.data != null;
  // A household check that failed (after its retries) is not 'no household': onboarding would
  // offer to create one, and the server would answer that the user is already in one.
  // (A 401 is the session ending: the user check follows it to the signed-out state.)
  const householdFailed =
    user !== null &&
    householdQuery.data === undefined &&
    householdQuery.isError &&
    !(householdQuery.error instanceof ApiError && householdQuery.error.status === 401);
  const state = appState({
    userPending: userQuery.isPending,
    signedIn: user !== null,
    householdPending: user !== null && (householdQuery.isPending || householdFailed),
    hasHousehold,
    ...onboardingFlagsAtLoad(),
  });

  // A member of a household has finished onboarding, whichever browser they did it in.
  useEffect(() => {
    if (state === 'with-household') finishOnboarding();
  }, [state]);

  return {
    state,
    user,
    householdId: householdQuery.data?.id ?? null,
    userChecked: !userQuery.isPending,
    householdFailed: householdFailed ? () => void householdQuery.refetch() : null,
    showBottomNav: showBottomNav({ signedIn: user !== null, hasHousehold, pathname, keyboardOpen }),
  };
}
