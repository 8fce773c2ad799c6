import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EVENT_RECURRENCES, EVENT_REMINDERS, EVENT_TYPES, type EventType } from '#shared/calendar.ts';
import {
  EVENT_RECURRENCE_LABELS,
  EVENT_REMINDER_LABELS,
  EVENT_TYPE_LABELS,
  type EventReminder,
} from '#shared/calendar-view.ts';
import { errorMessage } from '#shared/errors.ts';
import {
  defaultEventForm,
  type EventFormValues,
  eventCreatePayload,
  withEventType,
  withStartDate,
  withStartTime,
} from '#shared/event-form.ts';
import type { HouseholdMember } from '#shared/household-view.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useCreateEvent } from '../api/create-event.ts';
import { AttendeesField } from './attendees-field.tsx';
import { EventColorPicker } from './event-color-picker.tsx';

const typeOptions = EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));
const recurrenceOptions = (['none', ...EVENT_RECURRENCES] as const).map((value) => ({
  value,
  label: EVENT_RECURRENCE_LABELS[value],
}));
const reminderOptions = EVENT_REMINDERS.map((value) => ({ value, label: EVENT_REMINDER_LABELS[value] }));

/** Which field shows a message: the times' under their dates. */
const errorField = (field: keyof EventFormValues): string =>
  field === 'endTime' ? 'endDate' : field === 'startTime' ? 'startDate' : field;

/** Every field of an event; only the title is required (docs/calendar.md, The event form). */
export function EventForm({
  members,
  userId,
  date,
  timeZone,
}: {
  members: HouseholdMember[];
  userId: string;
  date: string;
  timeZone: string;
}) {
  const navigate = useNavigate();
  const create = useCreateEvent();
  const [values, setValues] = useState<EventFormValues>(() => defaultEventForm(date, userId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = create.isPending || create.isSuccess;

  // After a refused submit the first field with a message takes the focus.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const update = (field: keyof EventFormValues, change: (prev: EventFormValues) => EventFormValues) => {
    setValues(change);
    setErrors((prev) => {
      const next = { ...prev };
      delete next[errorField(field)];
      // The end is checked against the start: moving the start may settle it.
      if (field.startsWith('start')) delete next.endDate;
      return Object.keys(next).length === Object.keys(prev).length ? prev : next;
    });
  };
  const set = <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) =>
    update(field, (prev) => ({ ...prev, [field]: value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const result = eventCreatePayload(values, timeZone);
    if (!result.ok) {
      setErrors(result.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    create.mutate(result.payload, { onSuccess: () => navigate(`/calendar?date=${values.startDate}`) });
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {create.isError && (
        <ErrorCard title="Unable to create event" message={errorMessage(create.error.message)} />
      )}
      <TextField
        label="Title"
        name="title"
        required
        maxLength={120}
        autoComplete="off"
        placeholder="e.g. House meeting"
        value={values.title}
        error={errors.title}
        onChange={(e) => set('title', e.target.value)}
      />
      <TextAreaField
        label="Description"
        name="description"
        maxLength={2000}
        value={values.description}
        error={errors.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          value={values.startDate}
          error={errors.startDate}
          onChange={(e) => update('startDate', (prev) => withStartDate(prev, e.target.value))}
        />
        {!values.allDay && (
          <TextField
            label="Start time"
            name="startTime"
            type="time"
            value={values.startTime}
            onChange={(e) => update('startTime', (prev) => withStartTime(prev, e.target.value))}
          />
        )}
        <TextField
          label="End date"
          name="endDate"
          type="date"
          min={values.startDate || undefined}
          value={values.endDate}
          error={errors.endDate}
          onChange={(e) => set('endDate', e.target.value)}
        />
        {!values.allDay && (
          <TextField
            label="End time"
            name="endTime"
            type="time"
            value={values.endTime}
            onChange={(e) => set('endTime', e.target.value)}
          />
        )}
      </div>
      <Switch
        label="All day"
        description="From the start of the first day to the end of the last"
        checked={values.allDay}
        onChange={(allDay) => set('allDay', allDay)}
      />
      <SelectField
        label="Event type"
        name="eventType"
        value={values.eventType}
        options={typeOptions}
        onValue={(type: EventType) => update('eventType', (prev) => withEventType(prev, type))}
      />
      <EventColorPicker value={values.color} onChange={(color) => set('color', color)} />
      <TextField
        label="Location"
        name="location"
        maxLength={200}
        autoComplete="off"
        value={values.location}
        error={errors.location}
        onChange={(e) => set('location', e.target.value)}
      />
      <AttendeesField
        members={members}
        userId={userId}
        value={values.attendees}
        error={errors.attendees}
        onChange={(attendees) => set('attendees', attendees)}
      />
      <SelectField
        label="Repeats"
        name="recurrence"
        value={values.recurrence}
        options={recurrenceOptions}
        onValue={(v) => set('recurrence', v)}
      />
      <SelectField
        label="Reminder"
        name="reminder"
        value={values.reminder}
        options={reminderOptions}
        onValue={(v: EventReminder) => set('reminder', v)}
      />
      <TextAreaField
        label="Notes"
        name="notes"
        maxLength={2000}
        value={values.notes}
        error={errors.notes}
        onChange={(e) => set('notes', e.target.value)}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? 'Creating...' : 'Create Event'}
      </button>
    </form>
  );
}
