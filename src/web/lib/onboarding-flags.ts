import { readLocal, readSession, removeSession, storageKeys, writeLocal } from './storage.ts';

/**
 * The onboarding flags as they were when this page loaded. The app state follows these, not the
 * live values: every flow that changes them ends in a full reload (or stays on routes both states
 * share), and 'Ready to Go!' must not be swapped for another screen the moment a flag is written.
 */
const atLoad = {
  newSignup: readSession(storageKeys.isNewSignup) === 'true',
  onboardingCompleted: readLocal(storageKeys.onboardingCompleted) === 'true',
};

export function onboardingFlagsAtLoad(): { newSignup: boolean; onboardingCompleted: boolean } {
  return atLoad;
}

/**
 * Creating or joining a household, or Find Roommates: onboarding is done and the user is no
 * longer a new signup (docs/screens.md, Onboarding).
 */
export function finishOnboarding(): void {
  writeLocal(storageKeys.onboardingCompleted, 'true');
  removeSession(storageKeys.isNewSignup);
}
