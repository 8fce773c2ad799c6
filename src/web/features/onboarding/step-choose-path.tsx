import type { ComponentType, SVGProps } from 'react';
import { ChevronRightIcon, KeyIcon, PlusSquareIcon, SearchIcon } from '../../components/icons.tsx';
import { mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';

export type PathChoice = 'create' | 'join' | 'roommates';

const paths: { choice: PathChoice; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { choice: 'create', icon: PlusSquareIcon },
  { choice: 'join', icon: KeyIcon },
  { choice: 'roommates', icon: SearchIcon },
];

export function StepChoosePath({ onChoose }: { onChoose: (choice: PathChoice) => void }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="font-bold text-3xl tracking-tight">{t('onboarding.path.title')}</h1>
        <p className={mutedText}>{t('onboarding.path.text')}</p>
      </div>
      <ul className="space-y-3">
        {paths.map(({ choice, icon: Icon }) => (
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
                <span className="block font-semibold text-lg">{t(`onboarding.path.${choice}.title`)}</span>
                <span className={`block text-sm ${mutedText}`}>{t(`onboarding.path.${choice}.text`)}</span>
              </span>
              <ChevronRightIcon className="size-5 text-slate-500 dark:text-slate-400" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
