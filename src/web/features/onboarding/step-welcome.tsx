import type { ComponentType, SVGProps } from 'react';
import type { PublicUser } from '#shared/accounts/api.ts';
import { CalendarIcon, ChatIcon, ChoresIcon, SparklesIcon, WalletIcon } from '../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { greetingName } from '../../lib/greeting.ts';

const benefits: { text: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { text: 'Track chores and tasks', icon: ChoresIcon },
  { text: 'Split bills and expenses', icon: WalletIcon },
  { text: 'Share calendar events', icon: CalendarIcon },
  { text: 'Chat with roommates', icon: ChatIcon },
];

export function StepWelcome({ user, onNext }: { user: PublicUser; onNext: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-3 text-center">
        <span className="mx-auto inline-flex size-16 items-center justify-center rounded-2xl bg-blue-600 text-white">
          <SparklesIcon className="size-8" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight">Welcome, {greetingName(user)}!</h1>
        <p className={mutedText}>Let's get your household set up. With Hearth you can:</p>
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
            {text}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onNext} className={`${buttonStyles.primary} w-full`}>
        Get Started
      </button>
    </div>
  );
}
