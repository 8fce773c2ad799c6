import '#shared/i18n/compiled/areas/settings.ts';
import type { ComponentType, SVGProps } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '../../components/icons.tsx';
import { cardStyles, mutedText } from '../../components/ui.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
import { setTheme, useTheme } from '../../lib/theme.ts';
import type { Theme } from '../../lib/theme-choice.ts';

const options: { value: Theme; label: MessageId; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { value: 'auto', label: 'settings.appearance.auto', icon: MonitorIcon },
  { value: 'light', label: 'settings.appearance.light', icon: SunIcon },
  { value: 'dark', label: 'settings.appearance.dark', icon: MoonIcon },
];

export function AppearanceCard() {
  const t = useT();
  const theme = useTheme();
  return (
    <section aria-labelledby="appearance-title" className={`${cardStyles} space-y-3`}>
      <div>
        <h2 id="appearance-title" className="font-semibold text-lg">
          {t('settings.appearance.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('settings.appearance.text')}</p>
      </div>
      <fieldset>
        <legend className="sr-only">{t('settings.appearance.theme')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {options.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className="relative flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-slate-300 px-3 py-3 font-medium text-slate-800 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 has-checked:text-blue-800 has-focus-visible:outline-2 has-focus-visible:outline-blue-600 has-focus-visible:outline-offset-2 dark:border-slate-600 dark:text-slate-200 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950 dark:has-checked:text-blue-100"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-xl focus-visible:outline-none"
              />
              <Icon className="pointer-events-none size-5" />
              <span className="pointer-events-none">{t(label)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
