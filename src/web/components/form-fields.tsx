import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { EARLIEST_DATE, latestDate } from '#shared/time/window.ts';
import { useErrorText } from '../lib/error-text.ts';
import type { MessageId } from '../lib/i18n.tsx';
import { errorText, inputStyles } from './ui.ts';

// Labelled form controls with their message underneath, linked for screen readers
// (aria-invalid and aria-describedby point at the `${id}-error` paragraph).

export const labelStyles = 'block font-medium text-slate-800 text-sm dark:text-slate-200';

/** A visible '*' for required fields; the input's `required` tells assistive technology. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700 dark:text-red-300">
      {' *'}
    </span>
  );
}

/** A form's or the server's English message, in the member's language (src/web/lib/error-text.ts). */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const inLanguage = useErrorText();
  return error ? (
    <p id={id} className={errorText}>
      {inLanguage(error)}
    </p>
  ) : null;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Extra classes for the input itself (e.g. a monospaced code). */
  inputClassName?: string;
  /** Show a '*' after the label when the input is required (the listing forms do). */
  markRequired?: boolean;
}

/** An amount field in a currency written with `exponent` decimals (0.01 steps for 2). */
export function moneyInput(exponent: number) {
  const step = exponent === 0 ? '1' : `0.${'0'.repeat(exponent - 1)}1`;
  return {
    type: 'number',
    inputMode: exponent === 0 ? 'numeric' : 'decimal',
    step,
    min: step,
    placeholder: exponent === 0 ? '0' : `0.${'0'.repeat(exponent)}`,
  } as const;
}

/** A labelled input with its first validation message underneath. */
export function TextField({
  label,
  error,
  hint,
  inputClassName,
  markRequired = false,
  ...input
}: TextFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelStyles}>
        {label}
        {markRequired && input.required && <RequiredMark />}
      </label>
      <input
        id={id}
        className={inputClassName ? `${inputStyles} ${inputClassName}` : inputStyles}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...(input.type === 'date' ? { min: EARLIEST_DATE, max: latestDate() } : {})}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-slate-600 text-xs dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled <select> over a fixed list of values with their human words. */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onValue,
  error,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'className'> & {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onValue: (value: T) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <select
        id={id}
        className={inputStyles}
        value={String(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const picked = options.find((o) => String(o.value) === event.target.value);
          if (picked) onValue(picked.value);
        }}
        {...select}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled <textarea>, three rows unless told otherwise. */
export function TextAreaField({
  label,
  error,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelStyles}>
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={`${inputStyles} resize-y`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...textarea}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A group of checkboxes with a legend (lifestyle preferences, amenities). */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: ReactNode;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onToggle: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className={`${labelStyles} mb-2`}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-checked:border-blue-600 has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:border-slate-600 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950"
          >
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={() => onToggle(option.value)}
              className="size-4 accent-blue-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** { value, label } pairs from a table of message ids, in the order of the values, in the active language. */
export function optionsOf<T extends string>(
  values: readonly T[],
  labels: Record<T, MessageId>,
  t: (id: MessageId) => string,
): { value: T; label: string }[] {
  return values.map((value) => ({ value, label: t(labels[value]) }));
}

/** Options whose labels are message ids, in the active language. */
export function translateOptions<V>(
  list: readonly { value: V; label: MessageId }[],
  t: (id: MessageId) => string,
): { value: V; label: string }[] {
  return list.map((option) => ({ value: option.value, label: t(option.label) }));
}
