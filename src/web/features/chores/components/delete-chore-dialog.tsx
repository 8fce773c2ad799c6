import { useEffect, useId, useRef } from 'react';
import type { ChoreView } from '#shared/chores/api.ts';
import { buttonStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';

/**
 * Asks before deleting a chore; a recurring one can go alone or with its whole series. The native
 * <dialog> traps focus, closes on Escape and makes the page behind inert (as ConfirmDialog).
 */
export function DeleteChoreDialog({
  chore,
  busy,
  onDelete,
  onCancel,
}: {
  chore: ChoreView | null;
  busy: boolean;
  onDelete: (series: boolean) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const open = chore !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The safe answer to a destructive question takes the focus.
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(calc(100%-2rem),400px)] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {chore && (
        <div className="space-y-5">
          <h2 id={`${id}-title`} className="break-words font-bold text-xl">
            {t('chores.delete.title', { title: chore.title })}
          </h2>
          <p id={`${id}-body`} className="text-slate-700 text-sm dark:text-slate-300">
            {chore.recurrence ? t('chores.delete.recurring') : t('chores.delete.single')}
          </p>
          <div className="flex flex-col gap-2">
            <button
              type="button"
              className={buttonStyles.destructive}
              disabled={busy}
              aria-busy={busy}
              onClick={() => onDelete(false)}
            >
              {t('chores.delete.one')}
            </button>
            {chore.recurrence && (
              <button
                type="button"
                className={buttonStyles.danger}
                disabled={busy}
                onClick={() => onDelete(true)}
              >
                {t('chores.delete.series')}
              </button>
            )}
            <button
              ref={cancelRef}
              type="button"
              className={buttonStyles.secondary}
              disabled={busy}
              onClick={onCancel}
            >
              {t('chores.delete.cancel')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
