import { type ComponentType, type SVGProps, useState } from 'react';
import { useNavigate } from 'react-router';
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
import { IosInstallBanner } from './ios-install-banner.tsx';

const features: { title: string; text: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  {
    title: 'Smart Chores',
    text: 'Chores that rotate fairly, with streaks and a little friendly competition to keep them done.',
    icon: ChoresIcon,
  },
  {
    title: 'Split Expenses',
    text: 'Split a bill in seconds and always know who owes whom, down to the cent.',
    icon: WalletIcon,
  },
  {
    title: 'Group Chat',
    text: 'Talk with your household in real time, with typing indicators and quick reactions.',
    icon: ChatIcon,
  },
  {
    title: 'Shared Calendar',
    text: 'House meetings, rent day and weekend plans on one schedule everybody can see.',
    icon: CalendarIcon,
  },
  {
    title: 'Household Management',
    text: 'Invite roommates with a code, give members roles and see how the household is doing.',
    icon: UsersIcon,
  },
  {
    title: 'One Platform',
    text: 'Chores, money, plans and chat in one place instead of four different apps.',
    icon: LayersIcon,
  },
];

/** Both calls to action show a loading state while the sign-in screen loads, then go to /auth. */
function useGoToAuth() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<'hero' | 'bottom' | null>(null);
  const go = (which: 'hero' | 'bottom') => {
    setPending(which);
    navigate('/auth');
  };
  return { pending, go };
}

function StartButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      className={`${buttonStyles.primary} w-full py-3.5 text-base`}
    >
      {busy ? 'Loading...' : label}
    </button>
  );
}

export function LandingPage() {
  const { pending, go } = useGoToAuth();
  return (
    <div className="flex flex-col gap-10 px-5 pt-6 pb-10">
      <header>
        <Brand />
      </header>

      <section aria-labelledby="hero-title" className="space-y-5">
        <p className="inline-flex rounded-full bg-blue-100 px-3 py-1 font-semibold text-blue-800 text-sm dark:bg-blue-950 dark:text-blue-200">
          For roommates and students
        </p>
        <h1 id="hero-title" className="font-extrabold text-4xl leading-tight tracking-tight">
          Share a home, <span className="text-blue-700 dark:text-blue-300">not the stress</span>
        </h1>
        <p className={`text-lg ${mutedText}`}>
          Hearth keeps chores, bills, plans and conversations for everyone you live with in one place.
        </p>
        <StartButton label="Get Started for Free" busy={pending === 'hero'} onClick={() => go('hero')} />
        <ul className={`flex flex-wrap gap-x-4 gap-y-1 text-sm ${mutedText}`}>
          {['Free to use', 'No credit card', 'Set up in about 2 minutes'].map((point) => (
            <li key={point} className="inline-flex items-center gap-1.5">
              <CheckIcon className="size-4 text-green-700 dark:text-green-400" />
              {point}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title" className="space-y-4">
        <h2 id="features-title" className="font-bold text-2xl">
          Everything your household needs
        </h2>
        <ul className="grid gap-3">
          {features.map(({ title, text, icon: Icon }) => (
            <li key={title} className={`${cardStyles} flex gap-4`}>
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon className="size-6" />
              </span>
              <div className="space-y-1">
                <h3 className="font-semibold text-lg">{title}</h3>
                <p className={`text-sm ${mutedText}`}>{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="start-title" className={`${cardStyles} space-y-4 text-center`}>
        <h2 id="start-title" className="font-bold text-2xl">
          Ready to make home easier?
        </h2>
        <p className={mutedText}>
          Free, no credit card needed, and your household is set up in about 2 minutes.
        </p>
        <StartButton label="Start Your Journey" busy={pending === 'bottom'} onClick={() => go('bottom')} />
      </section>

      <IosInstallBanner />
    </div>
  );
}
