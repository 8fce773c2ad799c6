import { describe, expect, it } from 'vitest';
import { nextOnboardingStep, onboardingProgress, previousOnboardingStep } from './onboarding-steps.ts';

describe('onboarding steps', () => {
  it('moves forward 1 → 3 → 4 and stays on 4', () => {
    expect(nextOnboardingStep(1)).toBe(3);
    expect(nextOnboardingStep(3)).toBe(4);
    expect(nextOnboardingStep(4)).toBe(4);
  });

  it('moves back 3 → 1, and not back from 4 or 1', () => {
    // Step 4 comes after a household was created or joined: no step before it applies any more.
    expect(previousOnboardingStep(4)).toBeNull();
    expect(previousOnboardingStep(3)).toBe(1);
    expect(previousOnboardingStep(1)).toBeNull();
  });

  it('numbers the three dots of the progress indicator', () => {
    expect(onboardingProgress(1)).toEqual({ current: 1, total: 3 });
    expect(onboardingProgress(3)).toEqual({ current: 2, total: 3 });
    expect(onboardingProgress(4)).toEqual({ current: 3, total: 3 });
  });
});
