import { useId } from 'react';
import { AVATAR_GRADIENTS, PROFILE_COLORS, type ProfileColor } from '#shared/accounts/users.ts';
import { useT } from '../lib/i18n.tsx';
import { CheckIcon } from './icons.tsx';

/** The eight profile colours as a radio group: arrow keys move between them, each has a name. */
export function ColorPicker({
  value,
  onChange,
  legend,
  disabled = false,
}: {
  value: ProfileColor;
  onChange: (color: ProfileColor) => void;
  legend?: string;
  disabled?: boolean;
}) {
  const name = useId();
  const t = useT();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 font-medium text-slate-800 text-sm dark:text-slate-200">
        {legend ?? t('common.profileColour')}
      </legend>
      <div className="flex flex-wrap gap-3">
        {PROFILE_COLORS.map((color) => {
          const { from, to } = AVATAR_GRADIENTS[color];
          return (
            <label key={color} className="relative size-10 cursor-pointer">
              <input
                type="radio"
                name={name}
                value={color}
                checked={value === color}
                onChange={() => onChange(color)}
                aria-label={t(`common.colour.${color}`)}
                className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full focus-visible:outline-none"
              />
              <span
                aria-hidden="true"
                className="pointer-events-none flex size-full items-center justify-center rounded-full text-white ring-offset-2 ring-offset-white peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-blue-600 peer-focus-visible:outline-offset-4 dark:ring-offset-slate-900 dark:peer-checked:ring-slate-100 dark:peer-focus-visible:outline-blue-400"
                style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
              >
                {value === color && <CheckIcon className="size-5" />}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
