import type { ComponentType, SVGProps } from 'react';
import { ChevronRightIcon, KeyIcon, PlusSquareIcon, SearchIcon } from '../../components/icons.tsx';
import { mutedText } from '../../components/ui.ts';

export type PathChoice = 'create' | 'join' | 'roommates';

const paths: {
  choice: PathChoice;
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  {
    choice: 'create',
    title: 'Create Household',
    text: 'Start a new household and invite your roommates with a code.',
    icon: PlusSquareIcon,
  },
  {
    choice: 'join',
    title: 'Join Household',
    text: 'Enter the invite code a roommate shared with you.',
    icon: KeyIcon,
  },
  {
    choice: 'roommates',
    title: 'Find Roommates',
    text: 'Browse roommate listings or post your own.',
    icon: SearchIcon,
  },
];

export function StepChoosePath({ onChoose }: { onChoose: (choice: PathChoice) => void }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="font-bold text-3xl tracking-tight">Choose Your Path</h1>
        <p className={mutedText}>How would you like to start?</p>
      </div>
      <ul className="space-y-3">
        {paths.map(({ choice, title, text, icon: Icon }) => (
          <li key={choice}>
            <button
              type="button"
              onClick={() => onChoose(choice)}
              className="flex w-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-left hover:border-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-400"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon className="size-6" />
              </span>
              <span className="flex-1">
                <span className="block font-semibold text-lg">{title}</span>
                <span className={`block text-sm ${mutedText}`}>{text}</span>
              </span>
              <ChevronRightIcon className="size-5 text-slate-500 dark:text-slate-400" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
