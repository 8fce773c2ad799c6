import { useId, useState } from 'react';
import { MAX_SUBTASKS } from '#shared/chores/rules.ts';
import { XIcon } from '../../../components/icons.tsx';
import { buttonStyles, errorText, inputStyles, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';
import { addSubtask } from '../chore-view.ts';

/**
 * Subtasks added with the Add button or Enter (never blank), each removable (docs/chores.md,
 * Creating a chore).
 */
export function SubtasksEditor({
  subtasks,
  onChange,
  error,
}: {
  subtasks: string[];
  onChange: (subtasks: string[]) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const inLanguage = useErrorText();
  const id = useId();
  const [draft, setDraft] = useState('');
  const full = subtasks.length >= MAX_SUBTASKS;

  const add = () => {
    if (full) return;
    const next = addSubtask(subtasks, draft);
    if (next !== subtasks) {
      onChange(next);
      setDraft('');
    }
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 font-medium text-slate-800 text-sm dark:text-slate-200">
        {t('chores.subtasks.legend')}
      </legend>
      {subtasks.length > 0 && (
        <ul className="space-y-1.5">
          {subtasks.map((text, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: plain texts that may repeat; the list only grows at the end or loses an item
              key={index}
              className="flex items-center gap-2 rounded-xl border border-slate-200 py-1 pr-1 pl-3 dark:border-slate-700"
            >
              <span className="min-w-0 flex-1 break-words text-sm">{text}</span>
              <button
                type="button"
                aria-label={t('chores.subtasks.remove', { text })}
                className={`${buttonStyles.icon} size-9`}
                onClick={() => onChange(subtasks.filter((_, i) => i !== index))}
              >
                <XIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <label htmlFor={`${id}-new`} className="sr-only">
          {t('chores.subtasks.new')}
        </label>
        <input
          id={`${id}-new`}
          className={inputStyles}
          placeholder={t('chores.subtasks.placeholder')}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="done"
          value={draft}
          disabled={full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the subtask instead of submitting the whole form.
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              add();
            }
          }}
        />
        <button
          type="button"
          aria-label={t('chores.subtasks.addLabel')}
          className={`${buttonStyles.secondary} shrink-0`}
          disabled={full}
          onClick={add}
        >
          {t('chores.subtasks.add')}
        </button>
      </div>
      {full && <p className={`text-xs ${mutedText}`}>{t('chores.subtasks.max', { max: MAX_SUBTASKS })}</p>}
      {error && (
        <p id={`${id}-error`} className={errorText}>
          {inLanguage(error)}
        </p>
      )}
    </fieldset>
  );
}
