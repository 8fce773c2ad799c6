import '#shared/i18n/compiled/areas/calendar.ts';
import '#shared/i18n/compiled/areas/chores.ts';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { weekdayDate } from '#shared/calendar/days.ts';
import { CalendarIcon } from '../../../components/icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { STATUS_LABELS } from '../../chores/index.ts';
import { useMoney } from '../../households/index.ts';
import { eventTimeLabel } from '../calendar-view.ts';
import { BillMark, ChoreMark, eventTint, taskChip } from './item-marks.tsx';
import type { DayItems } from './month-grid.tsx';

/** The coming days that have something on them, each with its events, chores due and bills. */
export function AgendaList({
  days,
  today,
  items,
  viewerZone,
  onOpen,
}: {
  days: string[];
  today: string;
  items: (day: string) => DayItems | undefined;
  viewerZone: string;
  onOpen: (occurrence: CalendarOccurrence) => void;
}) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const money = useMoney();
  const busy = days.flatMap((day) => {
    const of = items(day);
    return of && of.events.length + of.chores.length + of.bills.length > 0 ? [{ day, of }] : [];
  });
  if (busy.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-slate-300 border-dashed p-6 text-center dark:border-slate-700">
        <CalendarIcon className="size-8 text-slate-500 dark:text-slate-400" />
        <p className="font-semibold">{t('calendar.agenda.empty')}</p>
      </div>
    );
  const row = 'flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left';
  return (
    <ol className="space-y-4" data-testid="agenda">
      {busy.map(({ day, of }) => (
        <li key={day} data-agenda-day={day}>
          <h3 className="mb-2 font-semibold text-sm">
            {day === today ? t('calendar.day.today') : weekdayDate(day, locale)}
          </h3>
          <ul className="space-y-1.5">
            {of.events.map((event) => (
              <li key={`${event.id}-${event.startDate}`}>
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => onOpen(event)}
                  className={`${row} border-l-4 hover:brightness-95`}
                  style={eventTint(event.color)}
                >
                  <span className={`w-28 shrink-0 text-xs ${mutedText}`}>
                    {eventTimeLabel(event, day, viewerZone, { t, locale })}
                  </span>
                  <span className="min-w-0 flex-1 break-words font-medium">{event.title}</span>
                </button>
              </li>
            ))}
            {of.chores.map((chore) => (
              <li key={chore.id} data-item="chore" className={`${row} ${taskChip}`}>
                <ChoreMark />
                <span
                  className={`min-w-0 flex-1 break-words font-medium ${chore.status === 'done' ? 'line-through' : ''}`}
                >
                  {chore.title}
                </span>
                <span className={`shrink-0 text-xs ${mutedText}`}>
                  {t('calendar.day.choreLine', {
                    time: chore.time ?? t('calendar.day.anyTime'),
                    status: t(STATUS_LABELS[chore.status]),
                  })}
                </span>
              </li>
            ))}
            {of.bills.map((bill) => (
              <li key={bill.id} data-item="bill" className={`${row} ${taskChip}`}>
                <BillMark />
                <span className="min-w-0 flex-1 break-words font-medium">{bill.title}</span>
                <span className="font-semibold tabular-nums">{money.text(bill.amount)}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
