import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../../../lib/i18n.tsx';

/** An event's chip: a bar in its own colour and a light wash of it behind the (normal coloured) text. */
export function eventTint(color: string): CSSProperties {
  return {
    borderLeftColor: color,
    backgroundColor: `color-mix(in srgb, ${color} 16%, transparent)`,
  };
}

// Chores and bills are outlined with a dashed line and told apart from each other by shape, not colour.
export const taskChip = 'border border-dashed border-amber-700 dark:border-amber-400';

export function ChoreMark({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2 shrink-0 rotate-45 border-2 border-amber-700 dark:border-amber-400 ${className}`}
    />
  );
}

export function BillMark({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-2 shrink-0 rounded-full border-2 border-amber-700 dark:border-amber-400 ${className}`}
    />
  );
}

const legendItem = 'flex items-center gap-1.5';

/** A chore's or a bill's line of the legend: its mark on a chip like theirs. */
function TaskKey({ mark, label }: { mark: ReactNode; label: string }) {
  return (
    <li className={legendItem}>
      <span
        aria-hidden="true"
        className={`inline-flex h-3 w-5 items-center justify-center rounded-sm ${taskChip}`}
      >
        {mark}
      </span>
      {label}
    </li>
  );
}

/** What the marks in the grids mean; always shown under them. */
export function Legend() {
  const t = useT();
  return (
    <ul
      aria-label={t('calendar.legend.label')}
      className="flex flex-wrap gap-x-4 gap-y-1 text-slate-700 text-xs dark:text-slate-300"
    >
      <li className={legendItem}>
        <span
          aria-hidden="true"
          className="inline-block h-3 w-5 rounded-sm border-l-[3px]"
          style={eventTint('#3B82F6')}
        />
        {t('calendar.legend.event')}
      </li>
      <TaskKey mark={<ChoreMark className="size-1.5 border-[1.5px]" />} label={t('calendar.legend.chore')} />
      <TaskKey mark={<BillMark className="size-1.5 border-[1.5px]" />} label={t('calendar.legend.bill')} />
    </ul>
  );
}
