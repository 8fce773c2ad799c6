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
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
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

const priorityOptions = [...PRIORITIES].reverse().map((value) => ({ value, label: PRIORITY_LABELS[value] }));
const categoryOptions = CHORE_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }));
const recurrenceOptions = (['none', ...RECURRENCES] as const).map((value) => ({
  value,
  label: RECURRENCE_LABELS[value],
}));
const durationOptions = DURATIONS.map((value) => ({ value: value as number, label: durationLabel(value) }));
const reminderOptions = CHORE_REMINDERS.map((value) => ({ value, label: REMINDER_LABELS[value] }));

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
  const { form, busy, editing, failure, onSubmit } = useChoreForm(userId, chore);
  const { values, errors, set } = form;
  const recurring = values.recurrence !== 'none';

  const assigneeOptions = members.map((m) => ({
    value: m.userId,
    label: m.userId === userId ? `${displayName(m.user)} (you)` : displayName(m.user),
  }));

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {failure && (
        <ErrorCard
          title={editing ? 'Unable to save chore' : 'Unable to create chore'}
          message={errorMessage(failure.message)}
        />
      )}
      <TextField
        label="Title"
        name="title"
        required
        maxLength={120}
        autoComplete="off"
        placeholder="e.g. Take out the bins"
        {...form.text('title')}
      />
      <TextAreaField label="Description" name="description" maxLength={2000} {...form.text('description')} />
      <SelectField
        label="Assign to"
        name="assignedTo"
        required
        options={assigneeOptions}
        {...form.select('assignedTo')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Due date" name="dueDate" type="date" required {...form.text('dueDate')} />
        <TextField label="Time (optional)" name="dueTime" type="time" {...form.text('dueTime')} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Priority"
          name="priority"
          options={priorityOptions}
          {...form.select('priority')}
        />
        <SelectField
          label="Category"
          name="category"
          options={categoryOptions}
          {...form.select('category')}
        />
      </div>
      <SelectField
        label="Repeats"
        name="recurrence"
        options={recurrenceOptions}
        {...form.select('recurrence')}
      />
      {recurring && (
        <fieldset className="space-y-2">
          <legend className="mb-1.5 font-medium text-slate-800 text-sm dark:text-slate-200">
            Who does the next one
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
              <span className="text-sm">{ROTATION_LABELS[rotation]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Estimated duration"
          name="estimatedDuration"
          options={durationOptions}
          {...form.select('estimatedDuration')}
        />
        <SelectField
          label="Reminder"
          name="reminder"
          options={reminderOptions}
          {...form.select('reminder')}
        />
      </div>
      <SubtasksEditor
        subtasks={values.subtasks}
        error={errors.subtasks}
        onChange={(list) => set('subtasks', list)}
      />
      <TextAreaField label="Notes" name="notes" maxLength={2000} {...form.text('notes')} />
      {errors.timeZone && <p className={`text-sm ${mutedText}`}>{errors.timeZone}</p>}
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {editing ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating...' : 'Create Chore'}
      </button>
    </form>
  );
}
