import { memo, useId, useState } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import type { ChoreStatus } from '#shared/chores/rules.ts';
import { isOverdue, isUrgent } from '#shared/chores/rules.ts';
import { RepeatIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useClock } from '../../../lib/clock.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { dueText, oneTapStatus } from '../chore-view.ts';
import { ChoreDetails } from './chore-details.tsx';
import { ChoreMenu } from './chore-menu.tsx';
import { type Members, RecurrenceText } from './recurrence-text.tsx';
import { StatusButton } from './status-button.tsx';

export interface ChoreActions {
  setStatus: (chore: ChoreView, status: ChoreStatus) => void;
  toggleSubtask: (chore: ChoreView, index: number) => void;
  askDelete: (chore: ChoreView) => void;
}

interface CardProps {
  chore: ChoreView;
  now: number;
  actions: ChoreActions;
  members: Members;
  onSelect?: ((chore: ChoreView) => void) | undefined;
  selected?: boolean;
}

/**
 * One compact row: the status icon (one tap completes), title · assignee · due, and a menu. Its
 * title opens the details: in place on phones, in the detail pane when `onSelect` is given.
 * Memoised, so rows already on screen do not render again as the list scrolls or grows.
 */
export const ChoreCard = memo(function ChoreCard({
  index,
  count,
  measure,
  ...card
}: CardProps & {
  /** Its place in the list (0-based) and the list's length, for screen readers. */
  index?: number;
  count?: number;
  measure?: (element: HTMLElement | null) => void;
}) {
  const urgent = isUrgent(card.chore, card.now);
  return (
    <li
      ref={measure}
      data-key={card.chore.id}
      data-testid="chore-card"
      aria-setsize={count}
      aria-posinset={index === undefined ? undefined : index + 1}
      data-row-index={index}
      className={`border-slate-200 border-b px-4 py-3 last:border-b-0 dark:border-slate-800 ${
        urgent ? 'border-l-4 border-l-red-600 dark:border-l-red-400' : ''
      } ${card.selected ? 'bg-blue-50 dark:bg-slate-800' : ''}`}
    >
      <ChoreCardBody {...card} urgent={urgent} />
    </li>
  );
});

// Memoised apart from its `li`: a page of older chores changes every row's aria-setsize, and
// that need not render the rows' contents again.
const ChoreCardBody = memo(function ChoreCardBody({
  chore,
  now,
  actions,
  members,
  onSelect,
  selected = false,
  urgent,
}: CardProps & { urgent: boolean }) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const clock = useClock();
  const done = chore.status === 'done';
  const overdue = isOverdue(chore, now);
  const subtasksDone = chore.subtasks.filter((s) => s.done).length;
  const inPlace = !onSelect;

  return (
    <>
      {/* The title's button stretches over the row, so a tap anywhere on it opens the details. */}
      <div className="relative flex items-center gap-3">
        <StatusButton
          title={chore.title}
          status={chore.status}
          onAdvance={() => actions.setStatus(chore, oneTapStatus(chore.status))}
        />
        <div className="min-w-0 flex-1">
          <h3 className={`truncate font-semibold ${done ? mutedText : ''}`}>
            <button
              type="button"
              {...(inPlace
                ? { 'aria-expanded': expanded, 'aria-controls': `${id}-details` }
                : { 'aria-current': selected ? ('true' as const) : undefined })}
              onClick={() => (inPlace ? setExpanded((open) => !open) : onSelect(chore))}
              // Text decoration does not pass into a button, so the strike-through is set on it.
              className={`rounded text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] ${
                done ? 'line-through' : ''
              }`}
            >
              {chore.title}
            </button>
          </h3>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
            <span>{chore.assignedUser ? displayName(chore.assignedUser) : t('chores.card.unassigned')}</span>
            <span aria-hidden="true" className={mutedText}>
              ·
            </span>
            <span
              className={
                overdue || (urgent && !done) ? 'font-medium text-red-700 dark:text-red-300' : mutedText
              }
            >
              {dueText(chore.dueDate, clock.at(now), { t, locale })}
            </span>
            {chore.recurrence && (
              <span className={`inline-flex items-center gap-1 text-xs ${mutedText}`}>
                <RepeatIcon className="size-3.5" />
                <RecurrenceText chore={chore} members={members} />
              </span>
            )}
            {chore.subtasks.length > 0 && (
              <span className={`text-xs ${mutedText}`}>
                {t('chores.card.subtasks', { done: subtasksDone, total: chore.subtasks.length })}
              </span>
            )}
          </p>
        </div>
        <ChoreMenu chore={chore} actions={actions} />
      </div>
      {inPlace && (
        <div id={`${id}-details`} hidden={!expanded}>
          {expanded && <ChoreDetails chore={chore} actions={actions} />}
        </div>
      )}
    </>
  );
});
