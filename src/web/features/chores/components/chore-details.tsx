import { Link } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import type { ChoreView } from '#shared/chores/api.ts';
import { TrashIcon } from '../../../components/icons.tsx';
import { PencilIcon } from '../../../components/page-icons.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import {
  categoryLabel,
  dueDetails,
  durationLabel,
  PRIORITY_LABELS,
  RECURRENCE_LABELS,
  ROTATION_LABELS,
  reminderLabel,
  statusAction,
} from '../chore-view.ts';
import type { ChoreActions } from './chore-card.tsx';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className={mutedText}>{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** Every field of an expanded chore, its subtasks to tick off, and what can be done with it. */
export function ChoreDetails({ chore, actions }: { chore: ChoreView; actions: ChoreActions }) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const due = dueDetails(chore.dueDate, { t, locale });
  const action = statusAction(chore.status);
  return (
    <div className="mt-4 space-y-4 border-slate-200 border-t pt-4 text-sm dark:border-slate-800">
      {chore.description && <p className="whitespace-pre-line break-words">{chore.description}</p>}
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <Row label={t('chores.details.assignedTo')}>
          {chore.assignedUser ? displayName(chore.assignedUser) : t('chores.card.unassigned')}
        </Row>
        <Row label={t('chores.details.dueDate')}>{due.date}</Row>
        <Row label={t('chores.details.time')}>{due.time}</Row>
        <Row label={t('chores.details.category')}>{categoryLabel(chore.category, t)}</Row>
        <Row label={t('chores.details.priority')}>{t(PRIORITY_LABELS[chore.priority])}</Row>
        <Row label={t('chores.details.repeats')}>{t(RECURRENCE_LABELS[chore.recurrence ?? 'none'])}</Row>
        {chore.recurrence && (
          <Row label={t('chores.details.rotation')}>{t(ROTATION_LABELS[chore.rotation])}</Row>
        )}
        <Row label={t('chores.details.reminder')}>{reminderLabel(chore.reminder, t)}</Row>
        <Row label={t('chores.details.duration')}>{durationLabel(chore.estimatedDuration, t)}</Row>
        {chore.streak > 0 && (
          <Row label={t('chores.details.streak')}>
            {t('chores.details.streakValue', { count: chore.streak })}
          </Row>
        )}
        {chore.points > 0 && <Row label={t('chores.details.points')}>{chore.points}</Row>}
      </dl>
      {chore.subtasks.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="mb-2 font-semibold">{t('chores.details.subtasks')}</legend>
          <ul className="space-y-1">
            {chore.subtasks.map((subtask, index) => (
              // Subtasks have no ids; their order never changes once created.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    checked={subtask.done}
                    onChange={() => actions.toggleSubtask(chore, index)}
                    className="size-5 shrink-0 accent-blue-600"
                  />
                  <span className={subtask.done ? `line-through ${mutedText}` : ''}>{subtask.text}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {chore.notes && (
        <div>
          <h4 className="font-semibold">{t('chores.details.notes')}</h4>
          <p className="mt-1 whitespace-pre-line break-words">{chore.notes}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${buttonStyles.primary} flex-1 py-2.5`}
          onClick={() => actions.setStatus(chore, action.next)}
        >
          {t(action.label)}
        </button>
        <Link
          to={`/chores/${encodeURIComponent(chore.id)}/edit`}
          aria-label={t('chores.details.editLabel', { title: chore.title })}
          className={buttonStyles.secondary}
        >
          <PencilIcon className="size-5" />
          {t('chores.details.edit')}
        </Link>
        <button
          type="button"
          aria-label={t('chores.details.deleteLabel', { title: chore.title })}
          className={buttonStyles.danger}
          onClick={() => actions.askDelete(chore)}
        >
          <TrashIcon className="size-5" />
          {t('chores.details.delete')}
        </button>
      </div>
    </div>
  );
}
