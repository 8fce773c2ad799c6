import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { checkResolver } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useUpdateEvent } from '../api/update-event.ts';
import {
  type EventChanges,
  type EventEditValues,
  editValuesOf,
  eventEditPayload,
} from '../event-form-rules.ts';

/** The small edit form of the details dialog: title, times, location and description. */
export function EditEventForm({
  titleId,
  occurrence,
  viewerZone,
  onCancel,
  onSaved,
}: {
  titleId: string;
  occurrence: CalendarOccurrence;
  viewerZone: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const inLanguage = useErrorText();
  const update = useUpdateEvent();
  const busy = update.isPending;
  const form = useSchemaForm<EventEditValues, EventChanges>({
    defaultValues: editValuesOf(occurrence, viewerZone),
    resolver: checkResolver((values) => {
      const result = eventEditPayload(occurrence, values, viewerZone);
      return result.ok ? { ok: true, value: result.changes } : result;
    }),
    // The times' messages are their dates'.
    clears: (field) => [field.startsWith('end') ? 'endDate' : field === 'startTime' ? 'startDate' : field],
    focusFirstError: false,
  });

  const onSubmit = form.submit(
    (changes) => {
      if (Object.keys(changes).length === 0) return onSaved();
      update.mutate({ id: occurrence.id, changes }, { onSuccess: onSaved });
    },
    { blocked: busy },
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <h2 id={titleId} className="font-bold text-xl">
        {t('calendar.edit.title')}
      </h2>
      {occurrence.recurrence && <p className={`text-sm ${mutedText}`}>{t('calendar.edit.series')}</p>}
      <TextField
        label={t('calendar.form.title')}
        name="title"
        required
        maxLength={120}
        autoComplete="off"
        {...form.text('title')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('calendar.form.startDate')}
          name="startDate"
          type="date"
          required
          {...form.text('startDate')}
        />
        {!occurrence.allDay && (
          <TextField
            label={t('calendar.form.startTime')}
            name="startTime"
            type="time"
            {...form.text('startTime')}
          />
        )}
        <TextField label={t('calendar.form.endDate')} name="endDate" type="date" {...form.text('endDate')} />
        {!occurrence.allDay && (
          <TextField
            label={t('calendar.form.endTime')}
            name="endTime"
            type="time"
            {...form.text('endTime')}
          />
        )}
      </div>
      <TextField
        label={t('calendar.form.location')}
        name="location"
        maxLength={200}
        {...form.text('location')}
      />
      <TextAreaField
        label={t('calendar.form.description')}
        name="description"
        maxLength={2000}
        {...form.text('description')}
      />
      {update.isError && (
        <p role="alert" className={errorText}>
          {t('calendar.edit.error', {
            reason: extractErrorMessage(update.error.message)
              ? inLanguage(update.error)
              : t('calendar.edit.tryAgain'),
          })}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onCancel}>
          {t('calendar.edit.cancel')}
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={busy} aria-busy={busy}>
          {busy ? t('calendar.edit.saving') : t('calendar.edit.save')}
        </button>
      </div>
    </form>
  );
}
