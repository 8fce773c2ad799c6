import { useT } from '../../lib/i18n.tsx';
import { type OnboardingStep, onboardingProgress } from './onboarding-steps.ts';

export function ProgressDots({ step }: { step: OnboardingStep }) {
  const t = useT();
  const { current, total } = onboardingProgress(step);
  return (
    <div className="flex items-center justify-center gap-2">
      <span className="sr-only">{t('onboarding.progress', { current, total })}</span>
      {Array.from({ length: total }, (_, i) => i + 1).map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={`h-2 rounded-full transition-all ${
            n === current ? 'w-6 bg-blue-600 dark:bg-blue-400' : 'w-2 bg-slate-300 dark:bg-slate-600'
          }`}
        />
      ))}
    </div>
  );
}
