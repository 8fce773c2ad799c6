import { useId, useState } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import { type ChoreStatus, isOverdue, isUrgent, nextStatus } from '#shared/chores/rules.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { RepeatIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useClock } from '../../../lib/clock.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { categoryLabel, dueText, PRIORITY_LABELS } from '../chore-view.ts';
import { categoryBadge, priorityBadge } from './badges.ts';
import { ChoreDetails } from './chore-details.tsx';
import { StatusButton } from './status-button.tsx';

export interface ChoreActions {
  setStatus: (chore: ChoreView, status: ChoreStatus) => void;
  toggleSubtask: (chore: ChoreView, index: number) => void;
  askDelete: (chore: ChoreView) => void;
}

/** One chore: title, assignee, due label and badges; a click (or Enter) opens every field. */
export function ChoreCard({ chore, now, actions }: { chore: ChoreView; now: number; actions: ChoreActions }) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const clock = useClock();
  const done = chore.status === 'done';
  const urgent = isUrgent(chore, now);
  const overdue = isOverdue(chore, now);
  const subtasksDone = chore.subtasks.filter((s) => s.done).length;

  return (
    <li
      data-testid="chore-card"
      className={`rounded-2xl border bg-white p-4 shadow-sm [contain-intrinsic-size:auto_150px] [content-visibility:auto] dark:bg-slate-900 ${
        urgent
          ? 'border-red-300 border-l-4 border-l-red-600 dark:border-red-900 dark:border-l-red-400'
          : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      {/* The title's button stretches over the whole header, so a tap anywhere on it expands the card. */}
      <div className="relative flex items-start gap-3">
        <StatusButton
          title={chore.title}
          status={chore.status}
          onAdvance={() => actions.setStatus(chore, nextStatus(chore.status))}
        />
        <div className="min-w-0 flex-1">
          <h3 className={`break-words font-semibold ${done ? mutedText : ''}`}>
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={`${id}-details`}
              onClick={() => setExpanded((open) => !open)}
              // Text decoration does not pass into a button, so the strike-through is set on it.
              className={`rounded text-left after:absolute after:inset-0 after:rounded-xl after:content-[''] ${
                done ? 'line-through' : ''
              }`}
            >
              {chore.title}
            </button>
          </h3>
          <div className="mt-1.5 flex flex-col gap-1.5">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              {chore.assignedUser ? (
                <span className="inline-flex items-center gap-1.5">
                  <Avatar user={chore.assignedUser} size="xs" />
                  {displayName(chore.assignedUser)}
                </span>
              ) : (
                <span className={mutedText}>{t('chores.card.unassigned')}</span>
              )}
              <span
                className={
                  overdue || (urgent && !done) ? 'font-medium text-red-700 dark:text-red-300' : mutedText
                }
              >
                {dueText(chore.dueDate, clock.at(now), { t, locale })}
              </span>
            </p>
            <p className="flex flex-wrap items-center gap-1.5">
              <span className={priorityBadge[chore.priority]}>{t(PRIORITY_LABELS[chore.priority])}</span>
              <span className={categoryBadge}>{categoryLabel(chore.category, t)}</span>
              {chore.recurrence && (
                <span className={`inline-flex items-center gap-1 text-xs ${mutedText}`}>
                  <RepeatIcon className="size-3.5" />
                  {t('chores.card.repeats')}
                </span>
              )}
              {chore.subtasks.length > 0 && (
                <span className={`text-xs ${mutedText}`}>
                  {t('chores.card.subtasks', { done: subtasksDone, total: chore.subtasks.length })}
                </span>
              )}
            </p>
          </div>
        </div>
      </div>
      <div id={`${id}-details`} hidden={!expanded}>
        {expanded && <ChoreDetails chore={chore} actions={actions} />}
      </div>
    </li>
  );
}
