import '#shared/i18n/compiled/areas/calendar.ts';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef } from 'react';
import {
  dateOfKey,
  dayButtonMessage,
  monthGrid,
  monthOf,
  monthTitle,
  moveSelection,
  weekdayKeys,
} from '#shared/calendar/days.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { buttonStyles, cardStyles } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';

export interface DayCounts {
  events: number;
  chores: number;
  bills: number;
}

const NO_ITEMS: DayCounts = { events: 0, chores: 0, bills: 0 };

/** The columns' heads from the locale's first weekday: short and long names ('Mon', 'Monday'). */
function weekdayNames(locale: string, firstDay: number): { key: string; short: string; long: string }[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return weekdayKeys(firstDay).map((key) => ({
    key,
    short: short.format(dateOfKey(key)),
    long: long.format(dateOfKey(key)),
  }));
}

// A swipe is a mostly horizontal move of at least this many pixels.
const SWIPE_PX = 50;

/**
 * The month as a grid of day buttons, weeks starting on the locale's first day. One day is selected and is the only one
 * in the tab order; arrow keys move the selection by days and weeks (Home/End to the week's ends,
 * Page Up/Down by a month), crossing into the next or previous month at the edges. A horizontal
 * swipe changes the month.
 */
export function MonthGrid({
  selected,
  today,
  counts,
  onSelect,
  onMonth,
}: {
  selected: string;
  today: string;
  counts: (day: string) => DayCounts | undefined;
  onSelect: (day: string) => void;
  onMonth: (step: -1 | 1) => void;
}) {
  const t = useT();
  const { locale, firstDayOfWeek } = useLocaleFormat();
  const id = useId();
  const month = monthOf(selected);
  const gridRef = useRef<HTMLTableElement>(null);
  const focusSelected = useRef(false);
  const swipe = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const swiped = useRef(false);

  // After a key press the focus follows the selection, into another month too.
  useEffect(() => {
    if (!focusSelected.current) return;
    focusSelected.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${selected}"]`)?.focus();
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const next = moveSelection(day, event.key, firstDayOfWeek);
    if (!next) return;
    event.preventDefault();
    focusSelected.current = true;
    onSelect(next);
  };

  const onPointerDown = (event: PointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    // The click that ends the drag must not select the day under the pointer in the old month.
    swiped.current = true;
    onMonth(dx < 0 ? 1 : -1);
  };

  const weeks = monthGrid(month, firstDayOfWeek);
  const title = monthTitle(month, locale);

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-3 p-4`}>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t('calendar.grid.previousMonth')}
          className={buttonStyles.icon}
          onClick={() => onMonth(-1)}
        >
          <ChevronLeftIcon className="size-6" />
        </button>
        <h2 id={`${id}-title`} aria-live="polite" className="font-semibold text-lg">
          {title}
        </h2>
        <button
          type="button"
          aria-label={t('calendar.grid.nextMonth')}
          className={buttonStyles.icon}
          onClick={() => onMonth(1)}
        >
          <ChevronRightIcon className="size-6" />
        </button>
      </div>
      <div
        data-testid="month-swipe-area"
        className="touch-pan-y select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
        onClickCapture={(event) => {
          if (!swiped.current) return;
          swiped.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA APG date picker: a table as a grid of day buttons moved by arrow keys */}
        <table ref={gridRef} role="grid" aria-labelledby={`${id}-title`} className="w-full table-fixed">
          <thead>
            <tr>
              {weekdayNames(locale, firstDayOfWeek).map(({ key, short, long }) => (
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
                  <td key={day} aria-selected={day === selected} className="p-0.5 text-center">
                    <DayButton
                      day={day}
                      inMonth={monthOf(day) === month}
                      isToday={day === today}
                      isSelected={day === selected}
                      counts={counts(day) ?? NO_ITEMS}
                      onSelect={onSelect}
                      onKeyDown={onKeyDown}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function DayButton({
  day,
  inMonth,
  isToday,
  isSelected,
  counts,
  onSelect,
  onKeyDown,
}: {
  day: string;
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  counts: DayCounts;
  onSelect: (day: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, day: string) => void;
}) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const label = dayButtonMessage(day, counts, locale);
  const tone = isSelected
    ? 'bg-blue-600 text-white dark:bg-blue-500 dark:text-slate-950'
    : isToday
      ? 'bg-blue-50 font-bold text-blue-800 ring-2 ring-blue-600 ring-inset dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-400'
      : inMonth
        ? 'text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
        : 'text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800';
  const mark = isSelected ? 'bg-white dark:bg-slate-950' : 'bg-blue-600 dark:bg-blue-400';
  const otherMark = isSelected
    ? 'border-white dark:border-slate-950'
    : 'border-amber-700 dark:border-amber-400';
  return (
    <button
      type="button"
      data-day={day}
      tabIndex={isSelected ? 0 : -1}
      aria-label={t(label.id, label.values)}
      aria-current={isToday ? 'date' : undefined}
      onClick={() => onSelect(day)}
      onKeyDown={(event) => onKeyDown(event, day)}
      className={`flex h-12 w-full flex-col items-center justify-center gap-1 rounded-xl text-sm ${tone} ${
        isToday && isSelected ? 'font-bold ring-2 ring-blue-300 ring-offset-2 dark:ring-offset-slate-900' : ''
      }`}
    >
      <span aria-hidden="true">{Number(day.slice(8))}</span>
      <span aria-hidden="true" className="flex h-1.5 items-center gap-1">
        {/* Events: a round dot. Chores and bills: a hollow diamond, told apart by shape, not colour. */}
        {counts.events > 0 && <span data-mark="event" className={`size-1.5 rounded-full ${mark}`} />}
        {counts.chores + counts.bills > 0 && (
          <span data-mark="task" className={`size-1.5 rotate-45 border-[1.5px] ${otherMark}`} />
        )}
      </span>
    </button>
  );
}
