import type { ComponentType, SVGProps } from 'react';
import type { PublicUser } from '#shared/accounts/api.ts';
import { CalendarIcon, ChatIcon, ChoresIcon, SparklesIcon, WalletIcon } from '../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { greetingName } from '../../lib/greeting.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';

const benefits: { text: MessageId; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { text: 'onboarding.welcome.chores', icon: ChoresIcon },
  { text: 'onboarding.welcome.expenses', icon: WalletIcon },
  { text: 'onboarding.welcome.calendar', icon: CalendarIcon },
  { text: 'onboarding.welcome.chat', icon: ChatIcon },
];

export function StepWelcome({ user, onNext }: { user: PublicUser; onNext: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-3 text-center">
        <span className="mx-auto inline-flex size-16 items-center justify-center rounded-2xl bg-blue-600 text-white">
          <SparklesIcon className="size-8" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight">
          {t('onboarding.welcome.title', { name: greetingName(user) })}
        </h1>
        <p className={mutedText}>{t('onboarding.welcome.text')}</p>
      </div>
      <ul className="space-y-3">
        {benefits.map(({ text, icon: Icon }) => (
          <li
            key={text}
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 font-medium dark:border-slate-800 dark:bg-slate-900"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
              <Icon className="size-5" />
            </span>
            {t(text)}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onNext} className={`${buttonStyles.primary} w-full`}>
        {t('onboarding.welcome.start')}
      </button>
    </div>
  );
}
