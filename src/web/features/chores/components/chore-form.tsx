import { displayName } from '#shared/accounts/users.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import {
  CHORE_CATEGORIES,
  CHORE_REMINDERS,
  DURATIONS,
  PRIORITIES,
  RECURRENCES,
  ROTATIONS,
} from '#shared/chores/schemas.ts';
import { errorMessage } from '#shared/errors.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { SelectField, TextAreaField, TextField, translateOptions } from '../../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { type MessageId, useT } from '../../../lib/i18n.tsx';
import {
  categoryLabel,
  durationLabel,
  PRIORITY_LABELS,
  RECURRENCE_LABELS,
  REMINDER_LABELS,
  ROTATION_LABELS,
} from '../chore-view.ts';
import { useChoreForm } from '../use-chore-form.ts';
import { SubtasksEditor } from './subtasks-editor.tsx';

const options = <V,>(values: readonly V[], label: (value: V) => MessageId) =>
  values.map((value) => ({ value, label: label(value) }));
const priorityOptions = options([...PRIORITIES].reverse(), (value) => PRIORITY_LABELS[value]);
const recurrenceOptions = options(['none', ...RECURRENCES] as const, (value) => RECURRENCE_LABELS[value]);
const reminderOptions = options(CHORE_REMINDERS, (value) => REMINDER_LABELS[value]);

/** Every field of a chore (docs/chores.md, Fields), checked with the shared schema before it is sent. */
export function ChoreForm({
  members,
  userId,
  chore,
}: {
  members: HouseholdMember[];
  userId: string;
  /** The chore to edit; without one the form creates a new chore. */
  chore?: ChoreView;
}) {
  const t = useT();
  const inLanguage = useErrorText();
  const categoryOptions = CHORE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value, t) }));
  const durationOptions = DURATIONS.map((value) => ({
    value: value as number,
    label: durationLabel(value, t),
  }));
  const { form, busy, editing, failure, onSubmit } = useChoreForm(userId, chore);
  const { values, errors, set } = form;
  const recurring = values.recurrence !== 'none';

  const assigneeOptions = members.map((m) => ({
    value: m.userId,
    label: m.userId === userId ? t('chores.form.you', { name: displayName(m.user) }) : displayName(m.user),
  }));

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {failure && (
        <ErrorCard
          title={editing ? t('chores.form.saveError') : t('chores.form.createError')}
          message={errorMessage(failure.message)}
        />
      )}
      <TextField
        label={t('chores.form.title')}
        name="title"
        required
        maxLength={120}
        autoComplete="off"
        placeholder={t('chores.form.titlePlaceholder')}
        {...form.text('title')}
      />
      <TextAreaField
        label={t('chores.form.description')}
        name="description"
        maxLength={2000}
        {...form.text('description')}
      />
      <SelectField
        label={t('chores.form.assignTo')}
        name="assignedTo"
        required
        options={assigneeOptions}
        {...form.select('assignedTo')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('chores.form.dueDate')}
          name="dueDate"
          type="date"
          required
          {...form.text('dueDate')}
        />
        <TextField label={t('chores.form.dueTime')} name="dueTime" type="time" {...form.text('dueTime')} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t('chores.form.priority')}
          name="priority"
          options={translateOptions(priorityOptions, t)}
          {...form.select('priority')}
        />
        <SelectField
          label={t('chores.form.category')}
          name="category"
          options={categoryOptions}
          {...form.select('category')}
        />
      </div>
      <SelectField
        label={t('chores.form.repeats')}
        name="recurrence"
        options={translateOptions(recurrenceOptions, t)}
        {...form.select('recurrence')}
      />
      {recurring && (
        <fieldset className="space-y-2">
          <legend className="mb-1.5 font-medium text-slate-800 text-sm dark:text-slate-200">
            {t('chores.form.rotation')}
          </legend>
          {ROTATIONS.map((rotation) => (
            <label
              key={rotation}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-3.5 py-2.5 has-checked:border-blue-600 has-checked:bg-blue-50 dark:border-slate-600 dark:has-checked:border-blue-400 dark:has-checked:bg-blue-950"
            >
              <input
                type="radio"
                name="rotation"
                value={rotation}
                checked={values.rotation === rotation}
                onChange={() => set('rotation', rotation)}
                className="size-4 accent-blue-600"
              />
              <span className="text-sm">{t(ROTATION_LABELS[rotation])}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label={t('chores.form.duration')}
          name="estimatedDuration"
          options={durationOptions}
          {...form.select('estimatedDuration')}
        />
        <SelectField
          label={t('chores.form.reminder')}
          name="reminder"
          options={translateOptions(reminderOptions, t)}
          {...form.select('reminder')}
        />
      </div>
      <SubtasksEditor
        subtasks={values.subtasks}
        error={errors.subtasks}
        onChange={(list) => set('subtasks', list)}
      />
      <TextAreaField label={t('chores.form.notes')} name="notes" maxLength={2000} {...form.text('notes')} />
      {errors.timeZone && <p className={`text-sm ${mutedText}`}>{inLanguage(errors.timeZone)}</p>}
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {editing
          ? t(busy ? 'chores.form.saving' : 'chores.form.save')
          : t(busy ? 'chores.form.creating' : 'chores.form.create')}
      </button>
    </form>
  );
}
