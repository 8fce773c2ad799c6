import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import type { ExpenseView, PaymentView } from '#shared/expenses/api.ts';
import { type ExpenseTab, filterExpenses, tabCounts } from '#shared/expenses/view.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { WalletIcon } from '../../components/icons.tsx';
import { DownloadIcon, PlusIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { useClock } from '../../lib/clock.ts';
import { showToast } from '../../lib/toasts.ts';
import { useRenderLimit } from '../../lib/use-render-limit.ts';
import type { FirstReads } from '../../shell/screens.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useDeletePayment } from './api/delete-payment.ts';
import { balanceQueryKey, balanceQueryOptions, useBalance } from './api/get-balance.ts';
import { balancesQueryKey, balancesQueryOptions, useBalances } from './api/get-balances.ts';
import { expensesQueryOptions, useExpenses } from './api/get-expenses.ts';
import { paymentsQueryOptions, usePayments } from './api/get-payments.ts';
import { refreshTrash } from './api/restore-expense.ts';
import { restorePayment } from './api/restore-payment.ts';
import { useSettleSplit } from './api/settle-split.ts';
import { BalanceCard } from './components/balance-card.tsx';
import { BalancesCard } from './components/balances-card.tsx';
import { type ExpenseActions, ExpenseCard } from './components/expense-card.tsx';
import { ExpenseTabs } from './components/expense-tabs.tsx';
import { MoneyLinks } from './components/money-links.tsx';
import { PaymentRow } from './components/payment-row.tsx';
import { type HistoryItem, mergeHistory } from './ledger-words.ts';
import { useMemberNames } from './use-member-names.ts';
import { useWords } from './use-words.ts';

/** Items built at once when the list shows; the rest follow in the background. */
const FIRST_ITEMS = 8;

const EMPTY = {
  all: 'expenses.page.empty.all',
  unsettled: 'expenses.page.empty.unsettled',
  settled: 'expenses.page.empty.settled',
} as const satisfies Record<ExpenseTab, string>;

/** /expenses: your balance, who owes whom, and the history of expenses and payments (docs/money.md). */
export function ExpensesPage() {
  const { t } = useWords();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const expenses = useExpenses();
  const payments = usePayments();
  const balance = useBalance();
  const balances = useBalances();
  const settle = useSettleSplit();
  const removePayment = useDeletePayment();
  const queryClient = useQueryClient();
  const clock = useClock();
  const nameOf = useMemberNames(household?.members);
  const [tab, setTab] = useState<ExpenseTab>('all');
  // The list can be long. Rendered from a deferred copy, it is built in the background, in short
  // tasks React can interrupt, rather than in one block that would freeze the page.
  const loaded = useDeferredValue(expenses.data);
  const loadedPayments = useDeferredValue(payments.data);
  const list = loaded ?? [];
  // Payments join the history once they have come; the expenses do not wait for them.
  const paymentList = loadedPayments ?? [];
  const items: HistoryItem[] =
    tab === 'all'
      ? mergeHistory(list, paymentList, {
          expenses: expenses.hasNextPage,
          payments: payments.hasNextPage,
        })
      : filterExpenses(list, tab).map((expense) => ({
          kind: 'expense',
          id: expense.id,
          date: expense.date,
          createdAt: expense.createdAt,
          expense,
        }));
  const counts = { ...tabCounts(list), all: list.length + paymentList.length };
  const limit = useRenderLimit(FIRST_ITEMS, loaded !== undefined);
  const today = clock.now();
  const memberOrder = household?.members.map((m) => m.userId) ?? [];
  const otherIds = memberOrder.filter((id) => id !== user?.id);
  const more = expenses.hasNextPage || payments.hasNextPage;
  const fetchingMore = expenses.isFetchingNextPage || payments.isFetchingNextPage;

  const actions: ExpenseActions = {
    settle: (split) => settle.mutate(split.id),
    settlingId: settle.isPending ? settle.variables : null,
  };

  // Either of its two members deletes a payment at once: it goes to the trash, and the toast offers Undo.
  const deletePayment = (payment: PaymentView) => {
    const undo = () =>
      restorePayment(payment.id)
        .then(() => showToast(t('expenses.page.paymentRestored')))
        .catch((error: unknown) => {
          console.warn('Restoring the payment failed', error);
          showToast(t('expenses.page.undoFailed'));
        })
        .finally(() => void refreshTrash(queryClient));
    removePayment.mutate(payment.id, {
      onSuccess: () =>
        showToast(t('expenses.page.paymentDeleted'), {
          label: t('expenses.page.undo'),
          run: () => void undo(),
        }),
      onError: () => showToast(t('expenses.page.paymentDeleteFailed')),
    });
  };

  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('expenses.page.title')}</h1>
          <p className={mutedText}>{t('expenses.page.subtitle')}</p>
        </div>
        <Link
          to="/add-expense"
          aria-label={t('expenses.page.add')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white shadow-sm hover:bg-blue-700"
        >
          <PlusIcon className="size-6" />
        </Link>
      </header>

      <BalanceCard balance={balance.data} failed={balance.isError} />
      {user && (
        <BalancesCard
          balances={balances.data}
          failed={balances.isError}
          nameOf={nameOf}
          viewerId={user.id}
          otherIds={otherIds}
        />
      )}

      {!user || (loaded === undefined && !expenses.isError) ? (
        <PageSpinner />
      ) : expenses.isError ? (
        <ErrorCard title={t('expenses.page.loadFailed')} message={t('expenses.page.checkConnection')} />
      ) : (
        <section aria-labelledby="expenses-list-title" className="space-y-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="expenses-list-title" className="font-semibold text-lg">
              {t('expenses.page.history')}
            </h2>
            <div className="flex items-center gap-4">
              <Link to="/import-splitwise" className={`${linkStyles} text-sm`}>
                {t('expenses.page.importSplitwise')}
              </Link>
              {list.length > 0 && (
                <a
                  href="/api/expenses/export.csv"
                  download
                  className={`${linkStyles} inline-flex items-center gap-1.5 text-sm`}
                >
                  <DownloadIcon className="size-4" />
                  {t('expenses.page.exportCsv')}
                </a>
              )}
            </div>
          </div>
          <MoneyLinks />
          {payments.isError && <p className={`text-sm ${mutedText}`}>{t('expenses.page.paymentsFailed')}</p>}
          <ExpenseTabs value={tab} counts={counts} onChange={setTab}>
            {items.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center dark:border-slate-700">
                <WalletIcon className="size-8 text-slate-500 dark:text-slate-400" />
                <p className="font-semibold">{t(EMPTY[tab])}</p>
                {tab === 'all' && (
                  <>
                    <p className={`text-sm ${mutedText}`}>{t('expenses.page.empty.hint')}</p>
                    <Link to="/add-expense" className={buttonStyles.primary}>
                      {t('expenses.page.empty.create')}
                    </Link>
                  </>
                )}
              </div>
            ) : (
              <ul className="space-y-3">
                {items
                  .slice(0, limit)
                  .map((item) =>
                    item.kind === 'expense' ? (
                      <ExpenseCard
                        key={`expense-${item.id}`}
                        expense={item.expense}
                        viewerId={user.id}
                        nameOf={nameOf}
                        today={today}
                        memberOrder={memberOrder}
                        actions={actions}
                      />
                    ) : (
                      <PaymentRow
                        key={`payment-${item.id}`}
                        payment={item.payment}
                        viewerId={user.id}
                        nameOf={nameOf}
                        today={today}
                        deleting={removePayment.isPending && removePayment.variables === item.id}
                        onDelete={deletePayment}
                      />
                    ),
                  )}
              </ul>
            )}
            {more && (
              <button
                type="button"
                className={`${buttonStyles.secondary} mt-3 w-full`}
                disabled={fetchingMore}
                onClick={() => {
                  if (expenses.hasNextPage) void expenses.fetchNextPage();
                  if (payments.hasNextPage) void payments.fetchNextPage();
                }}
              >
                {fetchingMore ? t('expenses.page.loading') : t('expenses.page.loadOlder')}
              </button>
            )}
          </ExpenseTabs>
        </section>
      )}
    </div>
  );
}

/**
 * Its reads (src/shared/screens/screens.ts): the first page of expenses and both balances. The app asks
 * for the payments beside them; the server's rendering goes without (they join the history once
 * they have come).
 */
export const firstReads: FirstReads = {
  prefetch: (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(expensesQueryOptions),
      client.prefetchInfiniteQuery(paymentsQueryOptions),
      client.prefetchQuery(balanceQueryOptions),
      client.prefetchQuery(balancesQueryOptions),
    ]),
  seed: (client, [expenses, balance, balances]) => {
    client.setQueryData(expensesQueryOptions.queryKey, {
      pages: [expenses as ExpenseView[]],
      pageParams: [undefined],
    });
    client.setQueryData(balanceQueryKey, balance);
    client.setQueryData(balancesQueryKey, balances);
  },
};
