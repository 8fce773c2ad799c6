import { useNavigate } from 'react-router';
import { EVENT_RECURRENCES, EVENT_REMINDERS, EVENT_TYPES, type EventType } from '#shared/calendar/rules.ts';
import { errorMessage } from '#shared/errors.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { checkResolver } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SelectField, TextAreaField, TextField, translateOptions } from '../../../components/form-fields.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { type MessageId, useT } from '../../../lib/i18n.tsx';
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

const options = <V,>(values: readonly V[], label: (value: V) => MessageId) =>
  values.map((value) => ({ value, label: label(value) }));
const typeOptions = options(EVENT_TYPES, (value) => EVENT_TYPE_LABELS[value]);
const recurrenceOptions = options(
  ['none', ...EVENT_RECURRENCES] as const,
  (value) => EVENT_RECURRENCE_LABELS[value],
);
const reminderOptions = options(EVENT_REMINDERS, (value) => EVENT_REMINDER_LABELS[value]);

/** Which field shows a message: the times' under their dates. */
const errorField = (field: keyof EventFormValues): string =>
  field === 'endTime' ? 'endDate' : field === 'startTime' ? 'startDate' : field;

/** Every field of an event; only the title is required (docs/calendar.md, The event form). */
export function EventForm({
  members,
  userId,
  date,
  timeZone,
  done,
}: {
  members: HouseholdMember[];
  userId: string;
  date: string;
  timeZone: string;
  /** Where a created event leads: the calendar on its day. */
  done: (day: string) => string;
}) {
  const t = useT();
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
      create.mutate(payload, { onSuccess: () => navigate(done(day)) });
    },
    { blocked: busy },
  );

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {create.isError && (
        <ErrorCard title={t('calendar.form.createError')} message={errorMessage(create.error.message)} />
      )}
      <TextField
        label={t('calendar.form.title')}
        name="title"
        required
        maxLength={120}
        autoComplete="off"
        placeholder={t('calendar.form.titlePlaceholder')}
        {...form.text('title')}
      />
      <TextAreaField
        label={t('calendar.form.description')}
        name="description"
        maxLength={2000}
        {...form.text('description')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('calendar.form.startDate')}
          name="startDate"
          type="date"
          value={values.startDate}
          error={form.errors.startDate}
          onChange={(e) => change('startDate', withStartDate(form.getValues(), e.target.value))}
        />
        {!values.allDay && (
          <TextField
            label={t('calendar.form.startTime')}
            name="startTime"
            type="time"
            value={values.startTime}
            onChange={(e) => change('startTime', withStartTime(form.getValues(), e.target.value))}
          />
        )}
        <TextField
          label={t('calendar.form.endDate')}
          name="endDate"
          type="date"
          min={values.startDate || undefined}
          {...form.text('endDate')}
        />
        {!values.allDay && (
          <TextField
            label={t('calendar.form.endTime')}
            name="endTime"
            type="time"
            {...form.text('endTime')}
          />
        )}
      </div>
      <Switch
        label={t('calendar.form.allDay')}
        description={t('calendar.form.allDayHint')}
        checked={values.allDay}
        onChange={(allDay) => set('allDay', allDay)}
      />
      <SelectField
        label={t('calendar.form.type')}
        name="eventType"
        value={values.eventType}
        options={translateOptions(typeOptions, t)}
        onValue={(type: EventType) => change('eventType', withEventType(form.getValues(), type))}
      />
      <EventColorPicker value={values.color} onChange={(color) => set('color', color)} />
      <TextField
        label={t('calendar.form.location')}
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
        label={t('calendar.form.repeats')}
        name="recurrence"
        options={translateOptions(recurrenceOptions, t)}
        {...form.select('recurrence')}
      />
      <SelectField
        label={t('calendar.form.reminder')}
        name="reminder"
        options={translateOptions(reminderOptions, t)}
        {...form.select('reminder')}
      />
      <TextAreaField label={t('calendar.form.notes')} name="notes" maxLength={2000} {...form.text('notes')} />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('calendar.form.creating') : t('calendar.form.create')}
      </button>
    </form>
  );
}
