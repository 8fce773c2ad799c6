import '#shared/i18n/compiled/areas/expenses.ts';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '#shared/errors.ts';
import type { TrashView } from '#shared/expenses/api.ts';
import { TRASH_DAYS } from '#shared/expenses/ledger-view.ts';
import { formatDay } from '#shared/expenses/view.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { showToast } from '../../lib/toasts.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold, useMoney } from '../households/index.ts';
import { trashQueryKey, useTrash } from './api/get-trash.ts';
import { useRestoreExpense } from './api/restore-expense.ts';
import { useRestorePayment } from './api/restore-payment.ts';
import { paymentSentence } from './ledger-words.ts';
import { trashDeadlineText } from './trash-view.ts';
import { useMemberNames } from './use-member-names.ts';
import { useWords } from './use-words.ts';

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
  const { t } = useWords();
  return (
    <li data-testid="trash-item" className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="break-words font-semibold">{title}</p>
        <p className={`text-sm ${mutedText}`}>{detail}</p>
        <p className={`text-xs ${mutedText}`}>{trashDeadlineText(deletedAt, new Date(), t)}</p>
      </div>
      <button
        type="button"
        aria-label={label}
        disabled={busy}
        onClick={onRestore}
        className={`${buttonStyles.secondary} shrink-0 px-3 py-1.5 text-sm`}
      >
        {t('expenses.trash.restore')}
      </button>
    </li>
  );
}

/** /expenses/deleted: what was deleted in the last TRASH_DAYS days, each with Restore. */
export function DeletedItemsPage() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const money = useMoney();
  const { t, locale } = useWords();
  const trash = useTrash();
  const restoreExpense = useRestoreExpense();
  const restorePayment = useRestorePayment();
  const nameOf = useMemberNames(household?.members);
  const deletedBy = (id: string | null) =>
    id ? t('expenses.trash.deletedBy', { name: nameOf(id) }) : t('expenses.trash.deleted');
  const done = {
    onSuccess: () => showToast(t('expenses.trash.restored')),
    onError: () => showToast(t('expenses.trash.restoreFailed')),
  };
  const empty = trash.data && trash.data.expenses.length === 0 && trash.data.payments.length === 0;

  return (
    <div className="flex flex-col gap-4 px-5 pb-10">
      <FloatingHeader
        title={t('expenses.trash.title')}
        subtitle={t('expenses.trash.within', { days: TRASH_DAYS })}
        back={{ to: '/expenses', label: t('expenses.trash.back') }}
        threshold={20}
      />
      {trash.isPending || !user ? (
        <PageSpinner />
      ) : trash.isError ? (
        <ErrorCard title={t('expenses.trash.loadFailed')} message={errorMessage(trash.error.message)} />
      ) : empty ? (
        <p className={`${cardStyles} text-center ${mutedText}`}>
          {t('expenses.trash.empty', { days: TRASH_DAYS })}
        </p>
      ) : (
        <>
          <TrashSection title={t('expenses.trash.expenses')} id="trash-expenses" items={trash.data.expenses}>
            {(item: TrashView['expenses'][number]) => (
              <Row
                key={item.id}
                title={item.title}
                detail={t('expenses.trash.expenseDetail', {
                  amount: money.text(item.amount),
                  date: formatDay(item.date, locale),
                  deleted: deletedBy(item.deletedBy),
                })}
                deletedAt={item.deletedAt}
                label={t('expenses.trash.restoreExpense', { title: item.title })}
                busy={restoreExpense.isPending && restoreExpense.variables === item.id}
                onRestore={() => restoreExpense.mutate(item.id, done)}
              />
            )}
          </TrashSection>
          <TrashSection title={t('expenses.trash.payments')} id="trash-payments" items={trash.data.payments}>
            {(payment: TrashView['payments'][number]) => {
              const sentence = paymentSentence(payment, user.id, nameOf, money, t);
              return (
                <Row
                  key={payment.id}
                  title={sentence}
                  detail={`${formatDay(payment.date, locale)}${payment.note ? ` · ${payment.note}` : ''}`}
                  deletedAt={payment.deletedAt ?? payment.createdAt}
                  label={t('expenses.trash.restorePayment', { sentence })}
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
