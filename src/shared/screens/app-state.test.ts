import { describe, expect, it } from 'vitest';
import { type AppStateInput, appState } from './app-state.ts';

const signedIn: AppStateInput = {
  userPending: false,
  signedIn: true,
  householdPending: false,
  hasHousehold: false,
  newSignup: false,
  onboardingCompleted: true,
};

describe('appState', () => {
  it('is loading while the user check runs, whatever else is known', () => {
    expect(appState({ ...signedIn, userPending: true })).toBe('loading');
    expect(appState({ ...signedIn, userPending: true, signedIn: false })).toBe('loading');
  });

  it('is signed out without a user, without waiting for a household', () => {
    expect(appState({ ...signedIn, signedIn: false })).toBe('signed-out');
    expect(appState({ ...signedIn, signedIn: false, householdPending: true })).toBe('signed-out');
  });

  it('is loading while the household check of a signed-in user runs', () => {
    expect(appState({ ...signedIn, householdPending: true })).toBe('loading');
  });

  it('puts a member of a household past onboarding, even a new signup without the flag', () => {
    expect(appState({ ...signedIn, hasHousehold: true })).toBe('with-household');
    expect(appState({ ...signedIn, hasHousehold: true, newSignup: true, onboardingCompleted: false })).toBe(
      'with-household',
    );
  });

  it('keeps new signups in onboarding until they have a household', () => {
    expect(appState({ ...signedIn, newSignup: true })).toBe('needs-onboarding');
    expect(appState({ ...signedIn, newSignup: true, onboardingCompleted: false })).toBe('needs-onboarding');
  });

  it('sends users without a household through onboarding until they finish it once', () => {
    expect(appState({ ...signedIn, onboardingCompleted: false })).toBe('needs-onboarding');
    expect(appState(signedIn)).toBe('without-household');
  });
});
