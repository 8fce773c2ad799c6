import '#shared/i18n/compiled/areas/calendar.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { type MessageId, useT } from '../../../lib/i18n.tsx';
import { CALENDAR_VIEWS, type CalendarView } from '../calendar-view.ts';

const VIEW_LABELS: Record<CalendarView, MessageId> = {
  month: 'calendar.view.month',
  week: 'calendar.view.week',
  agenda: 'calendar.view.agenda',
};

const STEP_LABELS: Record<CalendarView, [MessageId, MessageId]> = {
  month: ['calendar.grid.previousMonth', 'calendar.grid.nextMonth'],
  week: ['calendar.grid.previousWeek', 'calendar.grid.nextWeek'],
  agenda: ['calendar.grid.previousAgenda', 'calendar.grid.nextAgenda'],
};

/** The view switcher (Month / Week / Agenda), then the period's title between previous and next. */
export function PeriodBar({
  view,
  title,
  titleId,
  onView,
  onStep,
}: {
  view: CalendarView;
  title: string;
  titleId: string;
  onView: (view: CalendarView) => void;
  onStep: (step: -1 | 1) => void;
}) {
  const t = useT();
  const [previous, next] = STEP_LABELS[view];
  return (
    <>
      <fieldset className="flex rounded-full bg-slate-100 p-1 dark:bg-slate-800">
        <legend className="sr-only">{t('calendar.view.label')}</legend>
        {CALENDAR_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === view}
            onClick={() => option !== view && onView(option)}
            className={`flex-1 rounded-full px-3 py-1.5 font-semibold text-sm ${
              option === view
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-slate-100'
            }`}
          >
            {t(VIEW_LABELS[option])}
          </button>
        ))}
      </fieldset>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t(previous)}
          className={buttonStyles.icon}
          onClick={() => onStep(-1)}
        >
          <ChevronLeftIcon className="size-6" />
        </button>
        <h2 id={titleId} aria-live="polite" className="text-center font-semibold text-lg">
          {title}
        </h2>
        <button type="button" aria-label={t(next)} className={buttonStyles.icon} onClick={() => onStep(1)}>
          <ChevronRightIcon className="size-6" />
        </button>
      </div>
    </>
  );
}
