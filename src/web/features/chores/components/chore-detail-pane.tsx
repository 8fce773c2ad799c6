import type { ChoreView } from '#shared/chores/api.ts';
import { XIcon } from '../../../components/icons.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import type { ChoreActions } from './chore-card.tsx';
import { ChoreDetails } from './chore-details.tsx';
import { type Members, RecurrenceText } from './recurrence-text.tsx';

/** The selected chore in the right pane: its title and rotation, then every field and action. */
export function ChoreDetailPane({
  chore,
  actions,
  members,
  onClose,
}: {
  chore: ChoreView;
  actions: ChoreActions;
  members: Members;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <article data-testid="chore-detail" className={cardStyles}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-xl">{chore.title}</h2>
          {chore.recurrence && (
            <p className={`mt-1 text-sm ${mutedText}`}>
              <RecurrenceText chore={chore} members={members} />
            </p>
          )}
        </div>
        <button
          type="button"
          aria-label={t('chores.detail.close')}
          onClick={onClose}
          className="-m-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <XIcon className="size-5" />
        </button>
      </header>
      <ChoreDetails chore={chore} actions={actions} />
    </article>
  );
}
