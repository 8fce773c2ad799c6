import { useNavigate } from 'react-router';
import { EVENT_RECURRENCES, EVENT_REMINDERS, EVENT_TYPES, type EventType } from '#shared/calendar/schemas.ts';
import { errorMessage } from '#shared/errors.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { checkResolver } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useCreateEvent } from '../api/create-event.ts';
import { EVENT_RECURRENCE_LABELS, EVENT_REMINDER_LABELS, EVENT_TYPE_LABELS } from '../calendar-view.ts';
import {
  type CreateEventInput,
  defaultEventForm,
  type EventFormValues,
  eventCreatePayload,
  withEventType,
  withStartDate,
  withStartTime,
} from '../event-form-rules.ts';
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
  const busy = create.isPending || create.isSuccess;
  const form = useSchemaForm<EventFormValues, CreateEventInput>({
    defaultValues: defaultEventForm(date, userId),
    resolver: checkResolver((values) => {
      const result = eventCreatePayload(values, timeZone);
      return result.ok ? { ok: true, value: result.payload } : result;
    }),
    // The end is checked against the start: moving the start may settle it.
    clears: (field) => (field.startsWith('start') ? [errorField(field), 'endDate'] : [errorField(field)]),
  });
  const { values, set } = form;
  /** An edit that moves other fields along: the end with the start, the colour with the type. */
  const change = (field: 'startDate' | 'startTime' | 'eventType', next: EventFormValues) => {
    const now = form.getValues();
    for (const key of Object.keys(next) as (keyof EventFormValues)[])
      if (key !== field && next[key] !== now[key]) form.setValue(key, next[key]);
    set(field, next[field]);
  };

  const onSubmit = form.submit(
    (payload) => {
      const day = form.getValues('startDate');
      create.mutate(payload, { onSuccess: () => navigate(`/calendar?date=${day}`) });
    },
    { blocked: busy },
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
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
        {...form.text('title')}
      />
      <TextAreaField label="Description" name="description" maxLength={2000} {...form.text('description')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          value={values.startDate}
          error={form.errors.startDate}
          onChange={(e) => change('startDate', withStartDate(form.getValues(), e.target.value))}
        />
        {!values.allDay && (
          <TextField
            label="Start time"
            name="startTime"
            type="time"
            value={values.startTime}
            onChange={(e) => change('startTime', withStartTime(form.getValues(), e.target.value))}
          />
        )}
        <TextField
          label="End date"
          name="endDate"
          type="date"
          min={values.startDate || undefined}
          {...form.text('endDate')}
        />
        {!values.allDay && (
          <TextField label="End time" name="endTime" type="time" {...form.text('endTime')} />
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
        onValue={(type: EventType) => change('eventType', withEventType(form.getValues(), type))}
      />
      <EventColorPicker value={values.color} onChange={(color) => set('color', color)} />
      <TextField
        label="Location"
        name="location"
        maxLength={200}
        autoComplete="off"
        {...form.text('location')}
      />
      <AttendeesField
        members={members}
        userId={userId}
        value={values.attendees}
        error={form.errors.attendees}
        onChange={(attendees) => set('attendees', attendees)}
      />
      <SelectField
        label="Repeats"
        name="recurrence"
        options={recurrenceOptions}
        {...form.select('recurrence')}
      />
      <SelectField label="Reminder" name="reminder" options={reminderOptions} {...form.select('reminder')} />
      <TextAreaField label="Notes" name="notes" maxLength={2000} {...form.text('notes')} />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? 'Creating...' : 'Create Event'}
      </button>
    </form>
  );
}
