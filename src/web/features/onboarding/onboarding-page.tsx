import '#shared/i18n/compiled/areas/onboarding.ts';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Household } from '#shared/households/api.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { finishOnboarding } from '../../lib/onboarding-flags.ts';
import { readSession, storageKeys } from '../../lib/storage.ts';
import { useUser } from '../auth/index.ts';
import { CreateHouseholdForm } from './create-household-form.tsx';
import { JoinHouseholdForm } from './join-household-form.tsx';
import { nextOnboardingStep, type OnboardingStep, previousOnboardingStep } from './onboarding-steps.ts';
import { ProgressDots } from './progress-dots.tsx';
import { type PathChoice, StepChoosePath } from './step-choose-path.tsx';
import { StepReady } from './step-ready.tsx';
import { StepWelcome } from './step-welcome.tsx';

/** Step 3 shows the three paths, or the form of the one picked. */
type StepThreeView = 'choose' | 'create' | 'join';

/** Onboarding steps 1 → 3 → 4 (docs/screens.md, Onboarding). */
export function OnboardingPage() {
  const t = useT();
  const { data: user } = useUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<OnboardingStep>(1);
  const [view, setView] = useState<StepThreeView>('choose');
  const [done, setDone] = useState<{ household: Household; created: boolean } | null>(null);

  if (!user) return <PageSpinner />;

  // Step 1 offers a way back only to someone who did not just sign up, and only when the app
  // has a previous screen to return to. On step 3 an open form closes before the step changes.
  // Step 4 has none: the household exists, and the paths before it no longer apply.
  const justSignedUp = readSession(storageKeys.isNewSignup) === 'true';
  const previous = previousOnboardingStep(step);
  const onBack =
    step === 3 && view !== 'choose'
      ? () => setView('choose')
      : previous !== null
        ? () => {
            setView('choose');
            setStep(previous);
          }
        : step === 1 && !justSignedUp && location.key !== 'default'
          ? () => navigate(-1)
          : null;

  const succeeded = (household: Household, created: boolean) => {
    // Success finishes onboarding (docs/screens.md, Onboarding); 'Go to Home' then reloads at '/'.
    finishOnboarding();
    setDone({ household, created });
    setStep(nextOnboardingStep(3));
  };

  const choose = (choice: PathChoice) => {
    if (choice === 'roommates') {
      // Onboarding is done and the user may post a listing at once: the app's state follows the
      // flags as they were when the page loaded, so the board opens with a fresh load.
      finishOnboarding();
      window.location.assign('/roommates');
      return;
    }
    setView(choice);
  };

  return (
    <div className="flex flex-1 flex-col gap-6 px-5 pt-4 pb-10">
      <header className="flex items-center justify-between">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            aria-label={t('onboarding.back')}
            className={buttonStyles.icon}
          >
            <ChevronLeftIcon className="size-6" />
          </button>
        ) : (
          <span className="size-10" />
        )}
        <ProgressDots step={step} />
        <Link to="/settings" className="rounded-full">
          <Avatar user={user} size="sm" label={t('onboarding.profile')} />
        </Link>
      </header>
      {step === 1 && <StepWelcome user={user} onNext={() => setStep(nextOnboardingStep(step))} />}
      {step === 3 && view === 'choose' && <StepChoosePath onChoose={choose} />}
      {step === 3 && view === 'create' && <CreateHouseholdForm onCreated={(h) => succeeded(h, true)} />}
      {step === 3 && view === 'join' && <JoinHouseholdForm onJoined={(h) => succeeded(h, false)} />}
      {step === 4 && done && <StepReady household={done.household} created={done.created} />}
    </div>
  );
}
