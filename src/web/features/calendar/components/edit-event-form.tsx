import { useState } from 'react';
import type { CalendarOccurrence } from '#shared/calendar-view.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { type EventEditValues, editValuesOf, eventEditPayload } from '#shared/event-form.ts';
import { TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useUpdateEvent } from '../api/update-event.ts';

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
  const [values, setValues] = useState<EventEditValues>(() => editValuesOf(occurrence, viewerZone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateEvent();
  const busy = update.isPending;

  const set = (field: keyof EventEditValues) => (event: { target: { value: string } }) => {
    setValues((prev) => ({ ...prev, [field]: event.target.value }));
    const errorField = field.startsWith('end') ? 'endDate' : field === 'startTime' ? 'startDate' : field;
    setErrors(({ [errorField]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = eventEditPayload(occurrence, values, viewerZone);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (Object.keys(result.changes).length === 0) {
      onSaved();
      return;
    }
    update.mutate({ id: occurrence.id, changes: result.changes }, { onSuccess: onSaved });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <h2 id={titleId} className="font-bold text-xl">
        Edit event
      </h2>
      {occurrence.recurrence && (
        <p className={`text-sm ${mutedText}`}>Changes apply to every occurrence in the series.</p>
      )}
      <TextField
        label="Title"
        name="title"
        required
        maxLength={120}
        autoComplete="off"
        value={values.title}
        error={errors.title}
        onChange={set('title')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          required
          value={values.startDate}
          error={errors.startDate}
          onChange={set('startDate')}
        />
        {!occurrence.allDay && (
          <TextField
            label="Start time"
            name="startTime"
            type="time"
            value={values.startTime}
            onChange={set('startTime')}
          />
        )}
        <TextField
          label="End date"
          name="endDate"
          type="date"
          value={values.endDate}
          error={errors.endDate}
          onChange={set('endDate')}
        />
        {!occurrence.allDay && (
          <TextField
            label="End time"
            name="endTime"
            type="time"
            value={values.endTime}
            onChange={set('endTime')}
          />
        )}
      </div>
      <TextField
        label="Location"
        name="location"
        maxLength={200}
        value={values.location}
        onChange={set('location')}
      />
      <TextAreaField
        label="Description"
        name="description"
        maxLength={2000}
        value={values.description}
        onChange={set('description')}
      />
      {update.isError && (
        <p role="alert" className={errorText}>
          {`Unable to save the event: ${extractErrorMessage(update.error.message) || 'please try again.'}`}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
