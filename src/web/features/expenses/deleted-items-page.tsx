import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '#shared/errors.ts';
import type { TrashView } from '#shared/expenses/api.ts';
import { TRASH_DAYS } from '#shared/expenses/ledger-view.ts';
import { formatDay } from '#shared/expenses/view.ts';
import { formatMoney, parseDollarsToCents } from '#shared/money.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { showToast } from '../../lib/toasts.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { trashQueryKey, useTrash } from './api/get-trash.ts';
import { useRestoreExpense } from './api/restore-expense.ts';
import { useRestorePayment } from './api/restore-payment.ts';
import { paymentSentence } from './ledger-words.ts';
import { trashDeadlineText } from './trash-view.ts';
import { useMemberNames } from './use-member-names.ts';

const money = (amount: string) => formatMoney(parseDollarsToCents(amount) ?? 0);

function Row({
  title,
  detail,
  deletedAt,
  label,
  busy,
  onRestore,
}: {
  title: string;
  detail: string;
  deletedAt: string;
  label: string;
  busy: boolean;
  onRestore: () => void;
}) {
  return (
    <li data-testid="trash-item" className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold">{title}</p>
        <p className={`text-sm ${mutedText}`}>{detail}</p>
        <p className={`text-xs ${mutedText}`}>{trashDeadlineText(deletedAt, new Date())}</p>
      </div>
      <button
        type="button"
        aria-label={label}
        disabled={busy}
        onClick={onRestore}
        className={`${buttonStyles.secondary} shrink-0 px-3 py-1.5 text-sm`}
      >
        Restore
      </button>
    </li>
  );
}

/** /expenses/deleted: what was deleted in the last TRASH_DAYS days, each with Restore. */
export function DeletedItemsPage() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const trash = useTrash();
  const restoreExpense = useRestoreExpense();
  const restorePayment = useRestorePayment();
  const nameOf = useMemberNames(household?.members);
  const deletedBy = (id: string | null) => (id ? `Deleted by ${nameOf(id)}` : 'Deleted');
  const done = { onSuccess: () => showToast('Restored'), onError: () => showToast('Could not restore it') };
  const empty = trash.data && trash.data.expenses.length === 0 && trash.data.payments.length === 0;

  return (
    <div className="flex flex-col gap-4 px-5 pb-10">
      <FloatingHeader
        title="Deleted items"
        subtitle={`Restore within ${TRASH_DAYS} days`}
        back={{ to: '/expenses', label: 'Back to expenses' }}
        threshold={20}
      />
      {trash.isPending || !user ? (
        <PageSpinner />
      ) : trash.isError ? (
        <ErrorCard title="Unable to load deleted items" message={errorMessage(trash.error.message)} />
      ) : empty ? (
        <p className={`${cardStyles} text-center ${mutedText}`}>
          Nothing here. Deleted expenses and payments stay here for {TRASH_DAYS} days.
        </p>
      ) : (
        <>
          <TrashSection title="Expenses" id="trash-expenses" items={trash.data.expenses}>
            {(item: TrashView['expenses'][number]) => (
              <Row
                key={item.id}
                title={item.title}
                detail={`${money(item.amount)} · ${formatDay(item.date)} · ${deletedBy(item.deletedBy)}`}
                deletedAt={item.deletedAt}
                label={`Restore "${item.title}"`}
                busy={restoreExpense.isPending && restoreExpense.variables === item.id}
                onRestore={() => restoreExpense.mutate(item.id, done)}
              />
            )}
          </TrashSection>
          <TrashSection title="Payments" id="trash-payments" items={trash.data.payments}>
            {(payment: TrashView['payments'][number]) => {
              const sentence = paymentSentence(payment, user.id, nameOf);
              return (
                <Row
                  key={payment.id}
                  title={sentence}
                  detail={`${formatDay(payment.date)}${payment.note ? ` · ${payment.note}` : ''}`}
                  deletedAt={payment.deletedAt ?? payment.createdAt}
                  label={`Restore payment: ${sentence}`}
                  busy={restorePayment.isPending && restorePayment.variables === payment.id}
                  onRestore={() =>
                    restorePayment.mutate(payment.id, {
                      ...done,
                      onSettled: () => queryClient.invalidateQueries({ queryKey: trashQueryKey }),
                    })
                  }
                />
              );
            }}
          </TrashSection>
        </>
      )}
    </div>
  );
}

function TrashSection<T>({
  title,
  id,
  items,
  children,
}: {
  title: string;
  id: string;
  items: T[];
  children: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className={`${cardStyles} space-y-1 py-3`}>
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">{items.map(children)}</ul>
    </section>
  );
}
