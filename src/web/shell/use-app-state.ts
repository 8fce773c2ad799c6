import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { CurrentUser } from '#shared/accounts/api.ts';
import { type AppState, appState } from '#shared/screens/app-state.ts';
import { useUser } from '../features/auth/index.ts';
import { useCurrentHousehold } from '../features/households/index.ts';
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
  // A failed household check is treated as no household: the user can still reach Settings and
  // onboarding, and the next page load asks again.
  const hasHousehold = householdQuery.data != null;
  const state = appState({
    userPending: userQuery.isPending,
    signedIn: user !== null,
    householdPending: user !== null && householdQuery.isPending,
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
    showBottomNav: showBottomNav({ signedIn: user !== null, hasHousehold, pathname, keyboardOpen }),
  };
}
