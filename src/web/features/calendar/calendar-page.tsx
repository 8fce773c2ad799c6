import '#shared/i18n/compiled/areas/calendar.ts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import {
  addMonthsToMonth,
  dayInMonth,
  dayKeyIn,
  gridRange,
  isDayKey,
  monthGrid,
  monthOf,
  weekdayDate,
} from '#shared/calendar/days.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { mutedText } from '../../components/ui.ts';
import { useLocaleFormat, useT } from '../../lib/i18n.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useChores } from '../chores/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useBills } from './api/get-bills.ts';
import { useCalendar } from './api/get-calendar.ts';
import { billDays, choreDue, groupByDay, occurrenceDays } from './calendar-view.ts';
import { type DayBill, type DayChore, DayPanel } from './components/day-panel.tsx';
import { EventDetailsDialog } from './components/event-details-dialog.tsx';
import { MonthGrid } from './components/month-grid.tsx';

const NONE: never[] = [];

/**
 * /calendar: the month grid and the selected day's events, chores due and bills (docs/calendar.md). The
 * selected day lives in the address (?date=YYYY-MM-DD), so a created event can return to its day.
 */
export function CalendarPage() {
  const t = useT();
  const { locale, firstDayOfWeek } = useLocaleFormat();
  const viewerZone = browserTimeZone();
  const today = dayKeyIn(Date.now(), viewerZone);
  const [params, setParams] = useSearchParams();
  const requested = params.get('date');
  const selected = isDayKey(requested) ? requested : today;
  const month = monthOf(selected);
  const [opened, setOpened] = useState<CalendarOccurrence | null>(null);

  const range = useMemo(
    () => gridRange(month, viewerZone, firstDayOfWeek),
    [month, viewerZone, firstDayOfWeek],
  );
  const calendar = useCalendar(range);
  const chores = useChores();
  const bills = useBills();
  const { data: household } = useCurrentHousehold();

  const weeks = monthGrid(month, firstDayOfWeek);
  const first = weeks[0]![0]!;
  const last = weeks[weeks.length - 1]![6]!;

  const eventsByDay = useMemo(
    () => groupByDay(calendar.data ?? NONE, (o) => occurrenceDays(o, viewerZone)),
    [calendar.data, viewerZone],
  );
  const choresByDay = useMemo(() => {
    const list = (chores.data ?? NONE).map((chore) => {
      const due = choreDue(chore, viewerZone, locale);
      return { id: chore.id, title: chore.title, status: chore.status, time: due.time, day: due.day };
    });
    return groupByDay<DayChore & { day: string }>(list, (chore) => [chore.day]);
  }, [chores.data, viewerZone, locale]);
  const billsByDay = useMemo(() => {
    const list = (bills.data ?? NONE).flatMap((bill) =>
      billDays(bill, first, last).map((day) => ({
        id: `${bill.id}-${day}`,
        title: bill.title,
        amount: bill.amount,
        day,
      })),
    );
    return groupByDay<DayBill & { day: string }>(list, (bill) => [bill.day]);
  }, [bills.data, first, last]);

  const select = (day: string) => setParams({ date: day }, { replace: true });
  const changeMonth = (step: -1 | 1) => select(dayInMonth(addMonthsToMonth(month, step), today));

  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('calendar.page.title')}</h1>
          <p className={mutedText}>{t('calendar.page.subtitle')}</p>
        </div>
        <Link
          to={`/add-event?date=${selected}`}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-blue-600 px-4 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-blue-700"
        >
          <PlusIcon className="size-5" />
          {t('calendar.page.addEvent')}
        </Link>
      </header>

      <MonthGrid
        selected={selected}
        today={today}
        counts={(day) => ({
          events: eventsByDay.get(day)?.length ?? 0,
          // Done ones still show in the day's list, struck through, but are no longer due.
          chores: choresByDay.get(day)?.filter((chore) => chore.status !== 'done').length ?? 0,
          bills: billsByDay.get(day)?.length ?? 0,
        })}
        onSelect={select}
        onMonth={changeMonth}
      />

      {calendar.isError ? (
        <ErrorCard
          title={t('calendar.page.loadError.title')}
          message={t('calendar.page.loadError.message')}
        />
      ) : (
        <DayPanel
          day={selected}
          title={selected === today ? t('calendar.day.today') : weekdayDate(selected, locale)}
          events={eventsByDay.get(selected) ?? NONE}
          chores={choresByDay.get(selected) ?? NONE}
          bills={billsByDay.get(selected) ?? NONE}
          loading={calendar.isPending}
          viewerZone={viewerZone}
          onOpen={setOpened}
        />
      )}

      <EventDetailsDialog
        occurrence={opened}
        members={household?.members ?? NONE}
        viewerZone={viewerZone}
        onClose={() => setOpened(null)}
      />
    </div>
  );
}
