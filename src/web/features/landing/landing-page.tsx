import { type ComponentType, type SVGProps, useState } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_UP_PATH } from '#shared/accounts/paths.ts';
import { Brand } from '../../components/brand.tsx';
import {
  CalendarIcon,
  ChatIcon,
  CheckIcon,
  ChoresIcon,
  LayersIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/icons.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { IosInstallBanner } from './ios-install-banner.tsx';

type Feature = 'chores' | 'expenses' | 'chat' | 'calendar' | 'household' | 'platform';

// Each names its title and text in the catalogues: landing.features.<name>.title and .text.
const features: { name: Feature; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { name: 'chores', icon: ChoresIcon },
  { name: 'expenses', icon: WalletIcon },
  { name: 'chat', icon: ChatIcon },
  { name: 'calendar', icon: CalendarIcon },
  { name: 'household', icon: UsersIcon },
  { name: 'platform', icon: LayersIcon },
];

const points = ['landing.points.free', 'landing.points.noCard', 'landing.points.setup'] as const;

/** Both calls to action show a loading state while the sign-in screen loads, then open it on Create Account. */
function useGoToAuth() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<'hero' | 'bottom' | null>(null);
  const go = (which: 'hero' | 'bottom') => {
    setPending(which);
    navigate(SIGN_UP_PATH);
  };
  return { pending, go };
}

function StartButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      className={`${buttonStyles.primary} w-full py-3.5 text-base`}
    >
      {busy ? t('common.loading') : label}
    </button>
  );
}

export function LandingPage() {
  const { pending, go } = useGoToAuth();
  const t = useT();
  return (
    <div className="flex flex-col gap-10 px-5 pt-6 pb-10">
      <header>
        <Brand />
      </header>

      <section aria-labelledby="hero-title" className="space-y-5">
        <p className="inline-flex rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-800 text-sm dark:bg-blue-950 dark:text-blue-200">
          {t('landing.badge')}
        </p>
        <h1 id="hero-title" className="font-extrabold text-4xl leading-tight tracking-tight">
          <T
            id="landing.hero.title"
            components={{ 0: <span className="text-blue-700 dark:text-blue-300" /> }}
          />
        </h1>
        <p className={`text-lg ${mutedText}`}>{t('landing.hero.text')}</p>
        <StartButton label={t('landing.hero.start')} busy={pending === 'hero'} onClick={() => go('hero')} />
        <ul className={`flex flex-wrap gap-x-4 gap-y-1 text-sm ${mutedText}`}>
          {points.map((point) => (
            <li key={point} className="inline-flex items-center gap-1.5">
              <CheckIcon className="size-4 text-green-700 dark:text-green-400" />
              {t(point)}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title" className="space-y-4">
        <h2 id="features-title" className="font-bold text-2xl">
          {t('landing.features.title')}
        </h2>
        <ul className="grid gap-3">
          {features.map(({ name, icon: Icon }) => (
            <li key={name} className={`${cardStyles} flex gap-4`}>
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon className="size-6" />
              </span>
              <div className="space-y-1">
                <h3 className="font-semibold text-lg">{t(`landing.features.${name}.title`)}</h3>
                <p className={`text-sm ${mutedText}`}>{t(`landing.features.${name}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="start-title" className={`${cardStyles} space-y-4 text-center`}>
        <h2 id="start-title" className="font-bold text-2xl">
          {t('landing.end.title')}
        </h2>
        <p className={mutedText}>{t('landing.end.text')}</p>
        <StartButton
          label={t('landing.end.start')}
          busy={pending === 'bottom'}
          onClick={() => go('bottom')}
        />
      </section>

      <IosInstallBanner />
    </div>
  );
}
