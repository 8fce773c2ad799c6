import '#shared/i18n/compiled/areas/calendar.ts';
import '#shared/i18n/compiled/areas/chores.ts';
import { useId } from 'react';
import { Link } from 'react-router';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import type { ChoreStatus } from '#shared/chores/rules.ts';
import { CalendarIcon } from '../../../components/icons.tsx';
import { MapPinIcon } from '../../../components/page-icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { STATUS_LABELS } from '../../chores/index.ts';
import { useMoney } from '../../households/index.ts';
import { eventTimeLabel } from '../calendar-view.ts';

export interface DayChore {
  id: string;
  title: string;
  status: ChoreStatus;
  time: string | null;
}

export interface DayBill {
  id: string;
  title: string;
  amount: string;
}

/** The selected day: its events (each opens its details), the chores due and the bills. */
export function DayPanel({
  day,
  title,
  events,
  chores,
  bills,
  loading,
  viewerZone,
  onOpen,
  addHref,
}: {
  day: string;
  title: string;
  events: CalendarOccurrence[];
  chores: DayChore[];
  bills: DayBill[];
  loading: boolean;
  viewerZone: string;
  onOpen: (occurrence: CalendarOccurrence) => void;
  /** The create screen on this day, in the calendar's view. */
  addHref: string;
}) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const money = useMoney();
  const id = useId();
  const free = events.length === 0 && chores.length === 0 && bills.length === 0;
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        {title}
      </h2>
      {loading ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('calendar.day.loading')} />
        </div>
      ) : events.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-slate-300 border-dashed p-6 text-center dark:border-slate-700">
          <CalendarIcon className="size-8 text-slate-500 dark:text-slate-400" />
          <p className="font-semibold">{t('calendar.day.noEvents')}</p>
          {free && <p className={`text-sm ${mutedText}`}>{t('calendar.day.free')}</p>}
          <Link to={addHref} className={`${buttonStyles.primary} mt-2`}>
            {t('calendar.day.createEvent')}
          </Link>
        </div>
      ) : (
        <ul aria-label={t('calendar.day.events')} className="space-y-2">
          {events.map((event) => (
            <li key={`${event.id}-${event.startDate}`}>
              <button
                type="button"
                aria-haspopup="dialog"
                onClick={() => onOpen(event)}
                className="flex w-full items-stretch gap-3 rounded-xl border border-slate-200 p-3 text-left hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span
                  aria-hidden="true"
                  className="w-1.5 shrink-0 rounded-full"
                  style={{ backgroundColor: event.color }}
                />
                <span className="min-w-0 flex-1">
                  <span className={`block text-sm ${mutedText}`}>
                    {eventTimeLabel(event, day, viewerZone, { t, locale })}
                  </span>
                  <span className="block break-words font-semibold">{event.title}</span>
                  {event.location && (
                    <span className={`flex items-center gap-1 text-sm ${mutedText}`}>
                      <MapPinIcon className="size-4 shrink-0" />
                      <span className="truncate">{event.location}</span>
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chores.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-sm">{t('calendar.day.choresDue')}</h3>
          <ul className="space-y-2">
            {chores.map((chore) => (
              <li
                key={chore.id}
                className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
              >
                <span
                  aria-hidden="true"
                  className="size-2 shrink-0 rotate-45 border-2 border-amber-700 dark:border-amber-400"
                />
                <span className="min-w-0 flex-1">
                  <span
                    className={`block break-words font-medium ${chore.status === 'done' ? 'line-through' : ''}`}
                  >
                    {chore.title}
                  </span>
                  <span className={`block text-xs ${mutedText}`}>
                    {t('calendar.day.choreLine', {
                      time: chore.time ?? t('calendar.day.anyTime'),
                      status: t(STATUS_LABELS[chore.status]),
                    })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <Link
            to="/chores"
            className="font-semibold text-blue-700 text-sm hover:underline dark:text-blue-300"
          >
            {t('calendar.day.openChores')}
          </Link>
        </div>
      )}
      {bills.length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold text-sm">{t('calendar.day.bills')}</h3>
          <ul className="space-y-2">
            {bills.map((bill) => (
              <li
                key={bill.id}
                className="flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
              >
                <span
                  aria-hidden="true"
                  className="size-2 shrink-0 rotate-45 border-2 border-amber-700 dark:border-amber-400"
                />
                <span className="min-w-0 flex-1 break-words font-medium">{bill.title}</span>
                <span className="font-semibold tabular-nums">{money.text(bill.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
