/**
 * Onboarding steps are numbered 1, 3 and 4 (docs/screens.md, Onboarding); the progress indicator
 * shows three dots. Forward: 1 → 3 → 4. Back: 3 → 1; none from 4, where a household has just
 * been created or joined (docs/households.md, No way back past a household).
 */
export const ONBOARDING_STEPS = [1, 3, 4] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export function nextOnboardingStep(step: OnboardingStep): OnboardingStep {
  if (step === 1) return 3;
  return 4;
}

/** The step Back leads to, or null where there is none within onboarding. */
export function previousOnboardingStep(step: OnboardingStep): OnboardingStep | null {
  return step === 3 ? 1 : null;
}

/** Position of a step in the progress indicator, from 1. */
export function onboardingProgress(step: OnboardingStep): { current: number; total: number } {
  return { current: ONBOARDING_STEPS.indexOf(step) + 1, total: ONBOARDING_STEPS.length };
}
