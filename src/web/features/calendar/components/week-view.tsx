import '#shared/i18n/compiled/areas/calendar.ts';
import { useEffect, useRef } from 'react';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { dateOfKey, dayButtonMessage } from '#shared/calendar/days.ts';
import { dateFormat } from '#shared/i18n/locale-format.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { daySlot, eventTimeLabel, hourLabel, inAllDayRow, layoutSlots } from '../calendar-view.ts';
import { BillMark, ChoreMark, eventTint, taskChip } from './item-marks.tsx';
import type { DayItems } from './month-grid.tsx';

const HOUR_PX = 48;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
// The hour the slots open at, so a working day is in view without scrolling.
const FIRST_HOUR_SHOWN = 7;
const COLUMNS =
  'grid grid-cols-[2.75rem_repeat(7,minmax(0,1fr))] md:grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]';
const NO_ITEMS: DayItems = { events: [], chores: [], bills: [] };

/**
 * A week of hour slots, days from the locale's first weekday: all-day events, chores due and bills
 * in a row above; timed events placed by their start and end, overlapping ones side by side.
 * The day heads select a day; events open their details.
 */
export function WeekView({
  days,
  selected,
  today,
  items,
  viewerZone,
  onSelect,
  onOpen,
}: {
  days: string[];
  selected: string;
  today: string;
  items: (day: string) => DayItems | undefined;
  viewerZone: string;
  onSelect: (day: string) => void;
  onOpen: (occurrence: CalendarOccurrence) => void;
}) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const scroller = useRef<HTMLElement>(null);
  const weekStart = days[0];

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new week opens at the same hour
  useEffect(() => {
    scroller.current?.scrollTo({ top: FIRST_HOUR_SHOWN * HOUR_PX });
  }, [weekStart]);

  const weekday = dateFormat(locale, { weekday: 'short' });
  const dayLabel = (day: string) => {
    const of = items(day) ?? NO_ITEMS;
    const message = dayButtonMessage(
      day,
      {
        events: of.events.length,
        chores: of.chores.filter((c) => c.status !== 'done').length,
        bills: of.bills.length,
      },
      locale,
    );
    return t(message.id, message.values);
  };

  return (
    <section
      ref={scroller}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard so it can be scrolled
      tabIndex={0}
      aria-label={t('calendar.week.hours')}
      data-testid="week-view"
      className="max-h-[32rem] overflow-y-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700"
    >
      <div className="sticky top-0 z-10 border-slate-200 border-b bg-white dark:border-slate-700 dark:bg-slate-900">
        <div className={COLUMNS}>
          <span />
          {days.map((day) => (
            <button
              key={day}
              type="button"
              data-week-day={day}
              aria-pressed={day === selected}
              aria-current={day === today ? 'date' : undefined}
              onClick={() => onSelect(day)}
              className={`flex min-w-0 flex-col items-center rounded-lg py-1 text-xs ${
                day === selected
                  ? 'bg-blue-600 text-white dark:bg-blue-500 dark:text-slate-950'
                  : day === today
                    ? 'font-bold text-blue-800 dark:text-blue-200'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
              }`}
            >
              {/* The full date and counts as the name: an aria-label would not contain the visible 'Fri'. */}
              <span className="sr-only">{dayLabel(day)}</span>
              <span aria-hidden="true" className="max-w-full truncate">
                {weekday.format(dateOfKey(day))}
              </span>
              <span aria-hidden="true" className="font-semibold text-sm">
                {Number(day.slice(8))}
              </span>
            </button>
          ))}
        </div>
        <div className={`${COLUMNS} border-slate-200 border-t py-1 dark:border-slate-700`}>
          <span className="self-center pr-1 text-right text-[10px] text-slate-600 leading-3 dark:text-slate-400">
            {t('calendar.time.allDay')}
          </span>
          {days.map((day) => (
            <AllDayCell key={day} label={dayLabel(day)} items={items(day) ?? NO_ITEMS} onOpen={onOpen} />
          ))}
        </div>
      </div>
      <div className={COLUMNS}>
        <div>
          {HOURS.map((hour) => (
            <div
              key={hour}
              data-hour={hour}
              style={{ height: HOUR_PX }}
              className="pr-1 text-right text-[10px] text-slate-600 leading-3 dark:text-slate-400"
            >
              {hourLabel(hour, locale)}
            </div>
          ))}
        </div>
        {days.map((day) => (
          <ul
            key={day}
            aria-label={dayLabel(day)}
            data-slots={day}
            className="relative border-slate-200 border-l dark:border-slate-700"
            style={{
              height: 24 * HOUR_PX,
              backgroundImage: 'linear-gradient(to bottom, rgb(148 163 184 / 0.35) 1px, transparent 1px)',
              backgroundSize: `100% ${HOUR_PX}px`,
            }}
          >
            {layoutSlots(
              (items(day) ?? NO_ITEMS).events.flatMap((event) => {
                const slot = inAllDayRow(event) ? null : daySlot(event, day, viewerZone);
                return slot ? [{ item: event, ...slot }] : [];
              }),
            ).map(({ item: event, start, end, column, columns }) => (
              <li
                key={`${event.id}-${event.startDate}`}
                className="absolute px-px"
                style={{
                  top: (start / 60) * HOUR_PX,
                  height: ((end - start) / 60) * HOUR_PX,
                  left: `${(column / columns) * 100}%`,
                  width: `${100 / columns}%`,
                }}
              >
                <button
                  type="button"
                  aria-haspopup="dialog"
                  data-event={event.id}
                  onClick={() => onOpen(event)}
                  className="flex size-full flex-col overflow-hidden rounded-sm border-l-[3px] bg-white px-0.5 text-left text-[10px] text-slate-900 leading-3 md:px-1 md:text-xs md:leading-4 dark:bg-slate-900 dark:text-slate-100"
                  style={eventTint(event.color)}
                >
                  <span className="font-semibold break-words">{event.title}</span>
                  <span className="hidden text-slate-700 md:block dark:text-slate-300">
                    {eventTimeLabel(event, day, viewerZone, { t, locale })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}

function AllDayCell({
  label,
  items,
  onOpen,
}: {
  label: string;
  items: DayItems;
  onOpen: (occurrence: CalendarOccurrence) => void;
}) {
  const events = items.events.filter(inAllDayRow);
  const chores = items.chores.filter((chore) => chore.status !== 'done');
  const chip = 'flex min-w-0 items-center gap-0.5 rounded-sm px-0.5 text-[10px] leading-4 md:text-xs';
  return (
    <ul aria-label={label} className="flex min-w-0 flex-col gap-0.5 px-px">
      {events.map((event) => (
        <li key={`${event.id}-${event.startDate}`} className="min-w-0">
          <button
            type="button"
            aria-haspopup="dialog"
            data-event={event.id}
            onClick={() => onOpen(event)}
            className={`${chip} w-full border-l-[3px] text-left`}
            style={eventTint(event.color)}
          >
            <span className="truncate">{event.title}</span>
          </button>
        </li>
      ))}
      {chores.map((chore) => (
        <li key={chore.id} data-item="chore" className={`${chip} ${taskChip}`}>
          <ChoreMark className="hidden size-1.5 border-[1.5px] md:inline-block" />
          <span className="truncate">{chore.title}</span>
        </li>
      ))}
      {items.bills.map((bill) => (
        <li key={bill.id} data-item="bill" className={`${chip} ${taskChip}`}>
          <BillMark className="hidden size-1.5 border-[1.5px] md:inline-block" />
          <span className="truncate">{bill.title}</span>
        </li>
      ))}
    </ul>
  );
}
