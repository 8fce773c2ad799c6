import { useId } from 'react';
import { CheckIcon } from '../../../components/icons.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { COLOR_OPTIONS } from '../calendar-view.ts';

/** The ten palette colours as a radio group: arrow keys move between them, each has its name. */
export function EventColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const t = useT();
  const name = useId();
  const current = value.toUpperCase();
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-slate-800 text-sm dark:text-slate-200">
        {t('calendar.form.colour')}
      </legend>
      <div className="flex flex-wrap gap-3">
        {COLOR_OPTIONS.map((color) => (
          <label key={color.value} className="relative size-9 cursor-pointer">
            <input
              type="radio"
              name={name}
              value={color.value}
              checked={current === color.value}
              onChange={() => onChange(color.value)}
              aria-label={t(color.name)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-none"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none flex size-full items-center justify-center rounded-full text-white ring-offset-2 ring-offset-white peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-blue-600 peer-focus-visible:outline-offset-4 dark:ring-offset-slate-900 dark:peer-checked:ring-slate-100 dark:peer-focus-visible:outline-blue-400"
              style={{ backgroundColor: color.value }}
            >
              {current === color.value && <CheckIcon className="size-5" />}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
