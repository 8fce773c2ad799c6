/** The app states (docs/screens.md, App states). */
export type AppState = 'loading' | 'signed-out' | 'needs-onboarding' | 'with-household' | 'without-household';

export interface AppStateInput {
  userPending: boolean;
  signedIn: boolean;
  /** The household check (GET /api/households/current) is still running. */
  householdPending: boolean;
  hasHousehold: boolean;
  /** Session flag `is_new_signup`: the account was created in this tab. */
  newSignup: boolean;
  /** Local flag `onboarding_completed`. */
  onboardingCompleted: boolean;
}

/**
 * The state the routes follow (docs/screens.md, Routes by state): a member of a household is past
 * onboarding; without one, a new signup, or anyone who never finished onboarding in this browser,
 * goes through it.
 */
export function appState(input: AppStateInput): AppState {
  if (input.userPending) return 'loading';
  if (!input.signedIn) return 'signed-out';
  if (input.householdPending) return 'loading';
  if (input.hasHousehold) return 'with-household';
  if (input.newSignup || !input.onboardingCompleted) return 'needs-onboarding';
  return 'without-household';
}
