import '#shared/i18n/compiled/areas/calendar.ts';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import {
  dateOfKey,
  dayButtonMessage,
  monthGrid,
  monthOf,
  moveSelection,
  weekdayKeys,
} from '#shared/calendar/days.ts';
import { dateFormat } from '#shared/i18n/locale-format.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { cellOverflow } from '../calendar-view.ts';
import type { DayBill, DayChore } from './day-panel.tsx';
import { BillMark, ChoreMark, eventTint, taskChip } from './item-marks.tsx';

/** What falls on a day: events, chores due (done ones excluded) and bills. */
export interface DayItems {
  events: CalendarOccurrence[];
  chores: DayChore[];
  bills: DayBill[];
}

const NO_ITEMS: DayItems = { events: [], chores: [], bills: [] };
// Lines of titles a cell holds from md up (the last one says '+n more' when they do not fit).
const CELL_LINES = 3;
/** At most this many event dots in a phone's day cell. */
const MAX_DOTS = 3;

/** The columns' heads from the locale's first weekday: short and long names ('Mon', 'Monday'). */
export function weekdayNames(
  locale: string,
  firstDay: number,
): { key: string; short: string; long: string }[] {
  const short = dateFormat(locale, { weekday: 'short' });
  const long = dateFormat(locale, { weekday: 'long' });
  return weekdayKeys(firstDay).map((key) => ({
    key,
    short: short.format(dateOfKey(key)),
    long: long.format(dateOfKey(key)),
  }));
}

/**
 * The month as a grid of day buttons, weeks starting on the locale's first day. Phones show a dot
 * for events and a diamond for chores and bills; from md the cells list titles. One day is selected
 * and is the only one in the tab order; arrow keys move the selection by days and weeks (Home/End to
 * the week's ends, Page Up/Down by a month), crossing into the next or previous month at the edges.
 */
export function MonthGrid({
  selected,
  today,
  labelledBy,
  items,
  onSelect,
}: {
  selected: string;
  today: string;
  labelledBy: string;
  items: (day: string) => DayItems | undefined;
  onSelect: (day: string) => void;
}) {
  const { locale, firstDayOfWeek } = useLocaleFormat();
  const month = monthOf(selected);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusSelected = useRef(false);

  // After a key press the focus follows the selection, into another month too.
  useEffect(() => {
    if (!focusSelected.current) return;
    focusSelected.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${selected}"]`)?.focus();
  }, [selected]);

  // Stable, as onSelect is: a day button re-renders only when its own day changes.
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
      const next = moveSelection(day, event.key, firstDayOfWeek);
      if (!next) return;
      event.preventDefault();
      focusSelected.current = true;
      onSelect(next);
    },
    [firstDayOfWeek, onSelect],
  );
  const heads = useMemo(() => weekdayNames(locale, firstDayOfWeek), [locale, firstDayOfWeek]);
  const weeks = useMemo(() => monthGrid(month, firstDayOfWeek), [month, firstDayOfWeek]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA APG date picker: a table as a grid of day buttons moved by arrow keys
    <table ref={gridRef} role="grid" aria-labelledby={labelledBy} className="w-full table-fixed">
      <thead>
        <tr>
          {heads.map(({ key, short, long }) => (
            <th
              key={key}
              scope="col"
              abbr={long}
              className="pb-1 font-medium text-slate-600 text-xs dark:text-slate-400"
            >
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => (
              // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a grid is a gridcell, which takes aria-selected
              <td
                key={day}
                aria-selected={day === selected}
                className="relative p-0.5 text-center align-top md:h-28"
              >
                <DayButton
                  day={day}
                  inMonth={monthOf(day) === month}
                  isToday={day === today}
                  isSelected={day === selected}
                  items={items(day) ?? NO_ITEMS}
                  onSelect={onSelect}
                  onKeyDown={onKeyDown}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type CellLine =
  | { kind: 'event'; key: string; title: string; color: string }
  | { kind: 'chore' | 'bill'; key: string; title: string };

/** Equal when the day's lists are the same lists: a query that answers re-renders only the days it touched. */
function sameDay(a: DayButtonProps, b: DayButtonProps): boolean {
  return (
    a.day === b.day &&
    a.inMonth === b.inMonth &&
    a.isToday === b.isToday &&
    a.isSelected === b.isSelected &&
    a.onSelect === b.onSelect &&
    a.onKeyDown === b.onKeyDown &&
    a.items.events === b.items.events &&
    a.items.chores === b.items.chores &&
    a.items.bills === b.items.bills
  );
}

interface DayButtonProps {
  day: string;
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  items: DayItems;
  onSelect: (day: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, day: string) => void;
}

const DayButton = memo(function DayButton({
  day,
  inMonth,
  isToday,
  isSelected,
  items,
  onSelect,
  onKeyDown,
}: DayButtonProps) {
  const t = useT();
  const { locale } = useLocaleFormat();
  // Done chores still show in the day's list, struck through, but are no longer due.
  const due = items.chores.filter((chore) => chore.status !== 'done');
  const counts = { events: items.events.length, chores: due.length, bills: items.bills.length };
  const label = dayButtonMessage(day, counts, locale);
  const lines: CellLine[] = [
    ...items.events.map((e) => ({
      kind: 'event' as const,
      key: `e-${e.id}-${e.startDate}`,
      title: e.title,
      color: e.color,
    })),
    ...due.map((c) => ({ kind: 'chore' as const, key: `c-${c.id}`, title: c.title })),
    ...items.bills.map((b) => ({ kind: 'bill' as const, key: `b-${b.id}`, title: b.title })),
  ];
  const { shown, more } = cellOverflow(lines, CELL_LINES);
  // Phones fill the selected day; from md, where cells carry titles, a ring marks it instead.
  const tone = isSelected
    ? 'bg-blue-600 text-white dark:bg-blue-500 dark:text-slate-950 md:bg-blue-50 md:text-slate-900 md:ring-2 md:ring-blue-600 md:ring-inset dark:md:bg-blue-950 dark:md:text-slate-100 dark:md:ring-blue-400'
    : isToday
      ? 'bg-blue-50 font-bold text-blue-800 ring-2 ring-blue-600 ring-inset dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-400 md:bg-transparent md:font-normal md:text-slate-900 md:ring-0 dark:md:bg-transparent dark:md:text-slate-100'
      : inMonth
        ? 'text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
        : 'text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800';
  // A dot per colour among the day's events, in that colour; on the filled selected day, in its text colour.
  const eventColors = [...new Set(items.events.map((e) => e.color))].slice(0, MAX_DOTS);
  const mark = 'bg-white dark:bg-slate-950';
  const otherMark = isSelected
    ? 'border-white dark:border-slate-950'
    : 'border-amber-700 dark:border-amber-400';
  const number = isToday
    ? 'md:flex md:size-6 md:items-center md:justify-center md:rounded-full md:bg-blue-600 md:font-bold md:text-white dark:md:bg-blue-400 dark:md:text-slate-950'
    : '';
  // The titles lie over the button, outside it: its name stays the date and counts, and clicks
  // fall through to it.
  return (
    <>
      <button
        type="button"
        data-day={day}
        tabIndex={isSelected ? 0 : -1}
        aria-label={t(label.id, label.values)}
        aria-current={isToday ? 'date' : undefined}
        onClick={() => onSelect(day)}
        onKeyDown={(event) => onKeyDown(event, day)}
        className={`flex h-12 w-full min-w-0 flex-col items-center justify-center gap-1 rounded-xl text-sm md:absolute md:inset-0.5 md:h-auto md:w-auto md:items-start md:justify-start md:rounded-lg md:p-1 ${tone} ${
          isToday && isSelected
            ? 'font-bold ring-2 ring-blue-300 ring-offset-2 dark:ring-offset-slate-900 md:ring-blue-600 md:ring-offset-0'
            : ''
        }`}
      >
        <span aria-hidden="true" className={`md:px-1 md:text-xs ${number}`}>
          {Number(day.slice(8))}
        </span>
        <span aria-hidden="true" className="flex h-1.5 items-center gap-1 md:hidden">
          {/* Events: a round dot. Chores and bills: a hollow diamond, told apart by shape, not colour. */}
          {eventColors.map((color) => (
            <span
              key={color}
              data-mark="event"
              className={`size-1.5 rounded-full ${isSelected ? mark : ''}`}
              style={isSelected ? undefined : { backgroundColor: color }}
            />
          ))}
          {counts.chores + counts.bills > 0 && (
            <span data-mark="task" className={`size-1.5 rotate-45 border-[1.5px] ${otherMark}`} />
          )}
        </span>
      </button>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-1.5 top-8 bottom-1.5 hidden min-w-0 flex-col gap-0.5 text-left text-slate-900 text-xs dark:text-slate-100 md:flex"
      >
        {shown.map((line) =>
          line.kind === 'event' ? (
            <span
              key={line.key}
              data-item="event"
              className="truncate rounded-sm border-l-[3px] px-1 leading-4"
              style={eventTint(line.color)}
            >
              {line.title}
            </span>
          ) : (
            <span
              key={line.key}
              data-item={line.kind}
              className={`flex min-w-0 items-center gap-1 rounded-sm px-1 leading-4 ${taskChip}`}
            >
              {line.kind === 'chore' ? (
                <ChoreMark className="size-1.5 border-[1.5px]" />
              ) : (
                <BillMark className="size-1.5 border-[1.5px]" />
              )}
              <span className="truncate">{line.title}</span>
            </span>
          ),
        )}
        {more > 0 && (
          <span className="px-1 font-medium leading-4">{t('calendar.grid.more', { count: more })}</span>
        )}
      </span>
    </>
  );
}, sameDay);
