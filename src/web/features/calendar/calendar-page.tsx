import '#shared/i18n/compiled/areas/calendar.ts';
import { useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { dayKeyIn, monthOf, monthTitle, weekdayDate } from '#shared/calendar/days.ts';
import { thisMonthRange } from '#shared/calendar/zone-days.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { cardStyles, mutedText } from '../../components/ui.ts';
import { TimeZoneContext } from '../../lib/clock.ts';
import { useLocaleFormat, useT } from '../../lib/i18n.tsx';
import type { FirstReads } from '../../shell/screens.ts';
import { choresQueryOptions, useChores } from '../chores/index.ts';
import { viewerTimeZone } from '../dashboard/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { billsFromFirstPage, billsQueryOptions, useBills } from './api/get-bills.ts';
import { calendarQueryOptions, useCalendar } from './api/get-calendar.ts';
import {
  billDays,
  type CalendarView,
  calendarSearch,
  choreDue,
  groupByDay,
  occurrenceDays,
  rangeTitle,
  readRange,
  selectedDayOf,
  stepPeriod,
  viewDays,
  viewOf,
} from './calendar-view.ts';
import { AgendaList } from './components/agenda-list.tsx';
import { type DayBill, type DayChore, DayPanel } from './components/day-panel.tsx';
import { EventDetailsDialog } from './components/event-details-dialog.tsx';
import { Legend } from './components/item-marks.tsx';
import { type DayItems, MonthGrid } from './components/month-grid.tsx';
import { PeriodBar } from './components/period-bar.tsx';
import { SwipeArea } from './components/swipe-area.tsx';
import { WeekView } from './components/week-view.tsx';

const NONE: never[] = [];

/** Arrow keys typed into a field move its caret, not the calendar. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog') !== null
  );
}

/**
 * /calendar: the month, week or agenda and the selected day's events, chores due and bills
 * (docs/calendar.md). The view and the selected day live in the address (?view=week&date=YYYY-MM-DD;
 * the month needs no view), so reload, Back and a created event return to them.
 */
export function CalendarPage() {
  const t = useT();
  const { locale, firstDayOfWeek } = useLocaleFormat();
  // The server draws the page in the zone the browser told it (decision 0016); the browser, in its own.
  const viewerZone = useContext(TimeZoneContext) ?? viewerTimeZone();
  const today = dayKeyIn(Date.now(), viewerZone);
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('view'));
  const selected = selectedDayOf(params.get('date'), today);
  const [opened, setOpened] = useState<CalendarOccurrence | null>(null);
  const titleId = useId();

  const days = useMemo(() => viewDays(view, selected, firstDayOfWeek), [view, selected, firstDayOfWeek]);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const range = useMemo(
    () => readRange(view, selected, days, viewerZone),
    [view, selected, days, viewerZone],
  );
  const calendar = useCalendar(range);
  const chores = useChores();
  const bills = useBills();
  const { data: household } = useCurrentHousehold();

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
  const items = useCallback(
    (day: string): DayItems => ({
      events: eventsByDay.get(day) ?? NONE,
      chores: choresByDay.get(day) ?? NONE,
      bills: billsByDay.get(day) ?? NONE,
    }),
    [eventsByDay, choresByDay, billsByDay],
  );

  const go = useCallback(
    (nextView: CalendarView, day: string, replace: boolean) =>
      setParams(new URLSearchParams(calendarSearch(nextView, day)), { replace }),
    [setParams],
  );
  // Stable: the month's day buttons are memoised on it.
  const select = useCallback((day: string) => go(view, day, true), [go, view]);
  // From the address, not this render: a key pressed again before the last step has rendered
  // (navigations render in a transition) still moves on from where the last one went.
  const step = useCallback(
    (by: -1 | 1) => {
      const current = new URLSearchParams(window.location.search);
      const currentView = viewOf(current.get('view'));
      go(currentView, stepPeriod(currentView, selectedDayOf(current.get('date'), today), by, today), true);
    },
    [go, today],
  );

  // Left and Right change the period anywhere on the page, except in a field or a dialog; the
  // month's day buttons use them to move the selected day and stop them first.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if ((event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') || isTyping(event.target)) return;
      event.preventDefault();
      step(event.key === 'ArrowLeft' ? -1 : 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [step]);

  const addHref = `/add-event?${calendarSearch(view, selected)}`;
  const title = view === 'month' ? monthTitle(monthOf(selected), locale) : rangeTitle(first, last, locale);
  const loadError = calendar.isError && (
    <ErrorCard title={t('calendar.page.loadError.title')} message={t('calendar.page.loadError.message')} />
  );

  return (
    <div className="flex flex-col gap-5 px-5 pt-6 pb-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('calendar.page.title')}</h1>
          <p className={mutedText}>{t('calendar.page.subtitle')}</p>
        </div>
        <Link
          to={addHref}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-blue-600 px-4 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-blue-700"
        >
          <PlusIcon className="size-5" />
          {t('calendar.page.addEvent')}
        </Link>
      </header>

      {/* data-wide: the frame gives the grid and the day side by side its wide width. */}
      <div
        data-wide=""
        className={
          view === 'agenda'
            ? 'flex flex-col gap-5'
            : 'flex flex-col gap-5 md:grid md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] md:items-start md:gap-6'
        }
      >
        <section aria-labelledby={titleId} className={`${cardStyles} min-w-0 space-y-3 p-4`}>
          <PeriodBar
            view={view}
            title={title}
            titleId={titleId}
            onView={(next) => go(next, selected, false)}
            onStep={step}
          />
          <SwipeArea onStep={step}>
            {view === 'month' && (
              <MonthGrid
                selected={selected}
                today={today}
                labelledBy={titleId}
                items={items}
                onSelect={select}
              />
            )}
            {view === 'week' && (
              <WeekView
                days={days}
                selected={selected}
                today={today}
                items={items}
                viewerZone={viewerZone}
                onSelect={select}
                onOpen={setOpened}
              />
            )}
            {view === 'agenda' &&
              (loadError ||
                (calendar.isPending ? (
                  <div className="flex justify-center py-6">
                    <Spinner label={t('calendar.day.loading')} />
                  </div>
                ) : (
                  <AgendaList
                    days={days}
                    today={today}
                    items={items}
                    viewerZone={viewerZone}
                    onOpen={setOpened}
                  />
                )))}
          </SwipeArea>
          <Legend />
        </section>

        {view !== 'agenda' &&
          (loadError || (
            <div className="md:sticky md:top-4">
              <DayPanel
                day={selected}
                title={selected === today ? t('calendar.day.today') : weekdayDate(selected, locale)}
                events={eventsByDay.get(selected) ?? NONE}
                chores={choresByDay.get(selected) ?? NONE}
                bills={billsByDay.get(selected) ?? NONE}
                loading={calendar.isPending}
                viewerZone={viewerZone}
                onOpen={setOpened}
                addHref={addHref}
              />
            </div>
          ))}
      </div>

      <EventDetailsDialog
        occurrence={opened}
        members={household?.members ?? NONE}
        viewerZone={viewerZone}
        onClose={() => setOpened(null)}
      />
    </div>
  );
}

/** This month in `zone`, as the calendar reads it when its address names no day. */
const thisMonthOptions = (zone: string) => calendarQueryOptions(thisMonthRange(zone));

/** Its first reads (src/shared/screens/screens.ts): the chores, the expenses' first page for the bills, this month. */
export const firstReads: FirstReads = {
  prefetch: (client) => {
    const zone = viewerTimeZone();
    return Promise.all([
      client.prefetchQuery(choresQueryOptions),
      client.prefetchQuery(billsQueryOptions),
      // An address naming a day or a view reads another range, which the page asks for itself.
      window.location.search === '' && client.prefetchQuery(thisMonthOptions(zone)),
    ]);
  },
  seed: (client, [chores, expenses, month], timeZone) => {
    client.setQueryData(choresQueryOptions.queryKey, chores as never);
    const bills = billsFromFirstPage(expenses as ExpenseView[]);
    if (bills) client.setQueryData(billsQueryOptions.queryKey, bills);
    client.setQueryData(thisMonthOptions(timeZone).queryKey, month as never);
  },
};
