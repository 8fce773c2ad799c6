import { useEffect, useId, useRef, useState } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import { TrashIcon, XIcon } from '../../../components/icons.tsx';
import { PencilIcon } from '../../../components/page-icons.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import {
  colorName,
  EVENT_RECURRENCE_LABELS,
  EVENT_REMINDER_LABELS,
  type EventReminder,
  eventTypeLabel,
  eventWhen,
} from '../calendar-view.ts';

type Mode = 'view' | 'edit' | 'delete';

// The edit form and its checks (the form library, zod) stay out of the calendar's first load.
const editForm = lazyModule(() => import('./edit-event-form.tsx'));

/**
 * An event's details in a modal (the native <dialog>: focus trapped, Escape closes, the page
 * behind inert), with Edit and Delete. Deleting asks first; for a recurring event, this
 * occurrence or the whole series.
 */
export function EventDetailsDialog({
  occurrence,
  members,
  viewerZone,
  onClose,
}: {
  occurrence: CalendarOccurrence | null;
  members: HouseholdMember[];
  viewerZone: string;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [mode, setMode] = useState<Mode>('view');
  const remove = useDeleteEvent();
  const open = occurrence !== null;
  const busy = remove.isPending;
  // Fetched once details open, so that Edit shows the form at once.
  const edit = useLazyModule(editForm, open);
  const EditEventForm = edit.module?.EditEventForm;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) {
      setMode('view');
      remove.reset();
    }
  }, [open, remove.reset]);

  // Asked to delete, the safe answer to a destructive question takes the focus.
  useEffect(() => {
    if (mode === 'delete') cancelRef.current?.focus();
  }, [mode]);

  const deleteIt = (series: boolean) => {
    if (!occurrence) return;
    remove.mutate(
      { id: occurrence.id, ...(series ? {} : { occurrence: occurrence.startDate }) },
      { onSuccess: onClose },
    );
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (busy) return;
        // Escape steps back from editing or deleting to the details, then closes.
        if (mode === 'view') onClose();
        else setMode('view');
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(calc(100%-2rem),400px)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {occurrence && mode === 'view' && (
        <div className="space-y-5">
          <div className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="mt-1.5 size-4 shrink-0 rounded-full"
              style={{ backgroundColor: occurrence.color }}
            />
            <h2 id={`${id}-title`} className="min-w-0 flex-1 break-words font-bold text-xl">
              {occurrence.title}
            </h2>
            <button
              type="button"
              aria-label={t('calendar.details.close')}
              className={`${buttonStyles.icon} -mt-2 -mr-2`}
              onClick={onClose}
            >
              <XIcon className="size-5" />
            </button>
          </div>
          <EventFacts occurrence={occurrence} members={members} viewerZone={viewerZone} />
          <div className="flex gap-2">
            <button
              type="button"
              className={`${buttonStyles.secondary} flex-1`}
              onClick={() => setMode('edit')}
            >
              <PencilIcon className="size-4" />
              {t('calendar.details.edit')}
            </button>
            <button
              type="button"
              className={`${buttonStyles.danger} flex-1`}
              onClick={() => setMode('delete')}
            >
              <TrashIcon className="size-4" />
              {t('calendar.details.delete')}
            </button>
          </div>
        </div>
      )}
      {occurrence && mode === 'edit' && EditEventForm && (
        <EditEventForm
          titleId={`${id}-title`}
          occurrence={occurrence}
          viewerZone={viewerZone}
          onCancel={() => setMode('view')}
          onSaved={onClose}
        />
      )}
      {occurrence && mode === 'edit' && !EditEventForm && (
        <div className="space-y-5">
          <h2 id={`${id}-title`} className="break-words font-bold text-xl">
            {t('calendar.edit.title')}
          </h2>
          {edit.failed && (
            <p role="alert" className={errorText}>
              {t('calendar.edit.loadFailed')}
            </p>
          )}
          <div className="flex gap-2">
            <button
              type="button"
              className={`${buttonStyles.secondary} flex-1`}
              onClick={() => setMode('view')}
            >
              {t('calendar.edit.cancel')}
            </button>
            <button
              type="button"
              className={`${buttonStyles.primary} flex-1`}
              disabled={!edit.failed}
              onClick={edit.retry}
            >
              {t('calendar.edit.retry')}
            </button>
          </div>
        </div>
      )}
      {occurrence && mode === 'delete' && (
        <div className="space-y-5">
          <h2 id={`${id}-title`} className="break-words font-bold text-xl">
            {t('calendar.delete.title', { title: occurrence.title })}
          </h2>
          <p className="text-slate-700 text-sm dark:text-slate-300">
            {occurrence.recurrence ? t('calendar.delete.recurring') : t('calendar.delete.single')}
          </p>
          {remove.isError && (
            <p role="alert" className={errorText}>
              {t('calendar.delete.error')}
            </p>
          )}
          <div className="flex flex-col gap-2">
            <button
              type="button"
              className={buttonStyles.destructive}
              disabled={busy}
              aria-busy={busy}
              onClick={() => deleteIt(!occurrence.recurrence)}
            >
              {occurrence.recurrence ? t('calendar.delete.occurrence') : t('calendar.delete.event')}
            </button>
            {occurrence.recurrence && (
              <button
                type="button"
                className={buttonStyles.danger}
                disabled={busy}
                onClick={() => deleteIt(true)}
              >
                {t('calendar.delete.series')}
              </button>
            )}
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={busy}
              ref={cancelRef}
              onClick={() => setMode('view')}
            >
              {t('calendar.delete.cancel')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function EventFacts({
  occurrence,
  members,
  viewerZone,
}: {
  occurrence: CalendarOccurrence;
  members: HouseholdMember[];
  viewerZone: string;
}) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const attendees = occurrence.attendees
    .map((userId) => members.find((m) => m.userId === userId))
    .filter((m): m is HouseholdMember => m !== undefined)
    .map((m) => displayName(m.user));
  const reminder = EVENT_REMINDER_LABELS[occurrence.reminder as EventReminder];
  const facts: [string, string | null][] = [
    [t('calendar.details.when'), eventWhen(occurrence, viewerZone, { t, locale })],
    [t('calendar.details.type'), eventTypeLabel(occurrence.eventType, t)],
    [t('calendar.details.colour'), colorName(occurrence.color, t)],
    [t('calendar.details.location'), occurrence.location],
    [t('calendar.details.description'), occurrence.description],
    [t('calendar.details.notes'), occurrence.notes],
    [
      t('calendar.details.attendees'),
      attendees.length > 0
        ? new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(attendees)
        : t('calendar.details.nobody'),
    ],
    [t('calendar.details.repeats'), t(EVENT_RECURRENCE_LABELS[occurrence.recurrence ?? 'none'])],
    [t('calendar.details.reminder'), reminder ? t(reminder) : occurrence.reminder],
  ];
  return (
    <dl className="space-y-3">
      {facts
        .filter((fact): fact is [string, string] => Boolean(fact[1]))
        .map(([term, value]) => (
          <div key={term}>
            <dt className={`font-medium text-xs uppercase tracking-wide ${mutedText}`}>{term}</dt>
            <dd className="whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
