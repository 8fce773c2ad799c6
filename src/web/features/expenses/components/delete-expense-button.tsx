import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useDeleteExpense } from '../api/delete-expense.ts';
import { refreshTrash, restoreExpense } from '../api/restore-expense.ts';
import { useWords } from '../use-words.ts';

/**
 * Delete on an expense card: asks first, moves the expense to the trash, then offers Undo in a
 * toast. The toast is the app's (lib/toasts.ts), so Undo stays once the card has gone.
 */
export function DeleteExpenseButton({ expense }: { expense: ExpenseView }) {
  const { t } = useWords();
  const queryClient = useQueryClient();
  const remove = useDeleteExpense();
  const [asking, setAsking] = useState(false);
  const [stopRepeats, setStopRepeats] = useState(false);
  const copy = expense.recurrenceSourceId !== null;
  const buttonRef = useRef<HTMLButtonElement>(null);

  const undo = () =>
    void restoreExpense(expense.id)
      .then(() => showToast(t('expenses.deleteExpense.restored')))
      .catch((error: unknown) => {
        console.warn('Restoring the expense failed', error);
        showToast(t('expenses.page.undoFailed'));
      })
      .finally(() => void refreshTrash(queryClient));

  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: expense.id, series: copy && stopRepeats });
    } catch {
      // Logged by the mutation; the list is fetched again either way.
      setAsking(false);
      showToast(t('expenses.deleteExpense.failed'));
      return;
    }
    setAsking(false);
    showToast(t('expenses.deleteExpense.deleted'), { label: t('expenses.page.undo'), run: undo });
    void refreshTrash(queryClient);
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('expenses.deleteExpense.ariaLabel', { title: expense.title })}
        onClick={() => setAsking(true)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold text-red-700 text-sm hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
      >
        <TrashIcon className="size-4" />
        {t('expenses.delete')}
      </button>
      {/* Outside the card: cards skip rendering while off screen (content-visibility). */}
      {asking &&
        createPortal(
          <ConfirmDialog
            open
            title={t('expenses.deleteExpense.title', { title: expense.title })}
            confirmLabel={t('expenses.delete')}
            busyLabel={t('expenses.deleteExpense.deleting')}
            busy={remove.isPending}
            onCancel={() => {
              setAsking(false);
              buttonRef.current?.focus();
            }}
            onConfirm={() => void confirm()}
          >
            <p>{t('expenses.deleteExpense.body')}</p>
            {expense.isRecurring && <p>{t('expenses.deleteExpense.repeats')}</p>}
            {copy && (
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={stopRepeats}
                  onChange={(event) => setStopRepeats(event.target.checked)}
                  className="size-4"
                />
                {t('expenses.deleteExpense.stopRepeats')}
              </label>
            )}
          </ConfirmDialog>,
          document.body,
        )}
    </>
  );
}
