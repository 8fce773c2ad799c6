import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ExpenseCountsView, ExpenseView, PaymentView } from '#shared/expenses/api.ts';
import { type ExpenseTab, tabCounts } from '#shared/expenses/view.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { WalletIcon, XIcon } from '../../components/icons.tsx';
import { DownloadIcon, PlusIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { TwoPane } from '../../components/two-pane.tsx';
import { buttonStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { useClock } from '../../lib/clock.ts';
import { showToast } from '../../lib/toasts.ts';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll.ts';
import { useWideOrUnknown } from '../../lib/use-wide.ts';
import type { FirstReads } from '../../shell/screens.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useDeletePayment } from './api/delete-payment.ts';
import { balanceQueryKey, balanceQueryOptions, useBalance } from './api/get-balance.ts';
import { balancesQueryKey, balancesQueryOptions, useBalances } from './api/get-balances.ts';
import { expenseCountsOptions, useExpenseCounts } from './api/get-expense-counts.ts';
import { expensesQueryOptions, useExpenses } from './api/get-expenses.ts';
import { paymentsQueryOptions, usePayments } from './api/get-payments.ts';
import { refreshTrash } from './api/restore-expense.ts';
import { restorePayment } from './api/restore-payment.ts';
import { useSettleSplit } from './api/settle-split.ts';
import { BalanceCard } from './components/balance-card.tsx';
import { BalancesCard } from './components/balances-card.tsx';
import { type ExpenseActions, ExpenseDetails } from './components/expense-details.tsx';
import { ExpenseFilterBar } from './components/expense-filter-bar.tsx';
import { ExpenseList } from './components/expense-list.tsx';
import { ExpenseTabs } from './components/expense-tabs.tsx';
import { MoneyLinks } from './components/money-links.tsx';
import {
  type ExpenseFilters,
  NO_FILTERS,
  narrowed,
  readExpenseFilters,
  writeExpenseFilters,
} from './expense-filters.ts';
import { type HistoryItem, mergeHistory } from './ledger-words.ts';
import { useListPosition } from './list-position.ts';
import { useMemberNames } from './use-member-names.ts';
import { useWords } from './use-words.ts';

const EMPTY = {
  all: 'expenses.page.empty.all',
  unsettled: 'expenses.page.empty.unsettled',
  settled: 'expenses.page.empty.settled',
} as const satisfies Record<ExpenseTab, string>;

/** Until the server's counts come (the first screen has the list only), those of the loaded page. */
const loadedCounts = (list: ExpenseView[]) => ({ ...tabCounts(list), all: list.length });

/** /expenses: your balance, who owes whom, and the history of expenses and payments (docs/money.md). */
export function ExpensesPage() {
  const { t } = useWords();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readExpenseFilters(params), [params]);
  const openId = params.get('open');
  // null on the server and while hydrating: both arrangements render, CSS showing the right one.
  const wide = useWideOrUnknown();
  const expenses = useExpenses(filters);
  const counts = useExpenseCounts(filters);
  // Payments belong to the whole history only: any filter narrows it to expenses.
  const withPayments = filters.tab === 'all' && !narrowed(filters);
  const payments = usePayments();
  const balance = useBalance();
  const balances = useBalances();
  const settle = useSettleSplit();
  const removePayment = useDeletePayment();
  const queryClient = useQueryClient();
  const clock = useClock();
  const nameOf = useMemberNames(household?.members);
  // The list can be long. Rendered from a deferred copy, it is built in the background, in short
  // tasks React can interrupt, rather than in one block that would freeze the page.
  const loaded = useDeferredValue(expenses.data);
  const loadedPayments = useDeferredValue(payments.data);
  const items: HistoryItem[] = useMemo(() => {
    const list = loaded ?? [];
    return withPayments
      ? mergeHistory(list, loadedPayments ?? [], {
          expenses: expenses.hasNextPage,
          payments: payments.hasNextPage,
        })
      : list.map((expense) => ({
          kind: 'expense',
          id: expense.id,
          date: expense.date,
          createdAt: expense.createdAt,
          expense,
        }));
  }, [loaded, loadedPayments, withPayments, expenses.hasNextPage, payments.hasNextPage]);
  // One Date a day, so the rows (memoised) do not render again for a new Date of the same day.
  const day = clock.now().toDateString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the day is what matters
  const today = useMemo(() => clock.now(), [day, clock]);
  const memberOrder = household?.members.map((m) => m.userId) ?? [];
  const otherIds = memberOrder.filter((id) => id !== user?.id);
  const more = expenses.hasNextPage || (withPayments && payments.hasNextPage);
  const fetchingMore = expenses.isFetchingNextPage || (withPayments && payments.isFetchingNextPage);
  // An older page that failed keeps the rows loaded so far; the button below them asks again.
  const moreFailed = expenses.isFetchNextPageError || (withPayments && payments.isFetchNextPageError);
  const opened: ExpenseView | undefined = openId
    ? loaded?.find((expense) => expense.id === openId)
    : undefined;
  const ready = loaded !== undefined && !!user;
  useListPosition(ready);

  const setFilters = useCallback(
    (changes: Partial<ExpenseFilters>) =>
      setParams((current) => {
        const next = writeExpenseFilters(current, changes);
        next.delete('open');
        return next;
      }),
    [setParams],
  );
  // Opening and closing replace the entry: Back leaves the list rather than stepping through rows.
  const toggle = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (current.get('open') === id) next.delete('open');
          else next.set('open', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const loadMore = () => {
    if (fetchingMore) return;
    if (expenses.hasNextPage) void expenses.fetchNextPage();
    if (withPayments && payments.hasNextPage) void payments.fetchNextPage();
  };
  const sentinel = useRef<HTMLDivElement>(null);
  // Not after a failure: the observer would fire again at once, asking a failing server in a loop.
  useInfiniteScroll(sentinel, loadMore, more && !fetchingMore && !moreFailed);

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

  const balancesCard = user && (
    <BalancesCard
      balances={balances.data}
      failed={balances.isError}
      nameOf={nameOf}
      viewerId={user.id}
      otherIds={otherIds}
    />
  );
  const detailId = 'expense-detail-pane';
  const details = (expense: ExpenseView, inRow: boolean) =>
    user && (
      <ExpenseDetails
        expense={expense}
        viewerId={user.id}
        nameOf={nameOf}
        today={today}
        memberOrder={memberOrder}
        actions={actions}
        inRow={inRow}
      />
    );

  const list = !ready ? (
    expenses.isError ? (
      <ErrorCard title={t('expenses.page.loadFailed')} message={t('expenses.page.checkConnection')} />
    ) : (
      <PageSpinner />
    )
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
          {(counts.data?.all ?? items.length) > 0 && (
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
      <ExpenseFilterBar filters={filters} memberIds={memberOrder} nameOf={nameOf} onChange={setFilters} />
      {payments.isError && withPayments && (
        <p className={`text-sm ${mutedText}`}>{t('expenses.page.paymentsFailed')}</p>
      )}
      <ExpenseTabs
        value={filters.tab}
        counts={counts.data ?? loadedCounts(loaded ?? [])}
        onChange={(tab) => setFilters({ tab })}
      >
        {expenses.isError && !expenses.isFetchNextPageError ? (
          <ErrorCard title={t('expenses.page.loadFailed')} message={t('expenses.page.checkConnection')} />
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center dark:border-slate-700">
            <WalletIcon className="size-8 text-slate-500 dark:text-slate-400" />
            {narrowed(filters) ? (
              <>
                <p className="font-semibold">{t('expenses.filters.noMatch')}</p>
                <button
                  type="button"
                  className={buttonStyles.secondary}
                  onClick={() => setFilters({ q: '', member: '', category: '', from: '', to: '' })}
                >
                  {t('expenses.filters.clear')}
                </button>
              </>
            ) : (
              <>
                <p className="font-semibold">{t(EMPTY[filters.tab])}</p>
                {filters.tab === 'all' && (
                  <>
                    <p className={`text-sm ${mutedText}`}>{t('expenses.page.empty.hint')}</p>
                    <Link to="/add-expense" className={buttonStyles.primary}>
                      {t('expenses.page.empty.create')}
                    </Link>
                  </>
                )}
              </>
            )}
          </div>
        ) : (
          <ExpenseList
            items={items}
            viewerId={user.id}
            nameOf={nameOf}
            today={today}
            openId={openId}
            openDetail={wide !== true && opened ? details(opened, true) : null}
            detailId={detailId}
            onToggle={toggle}
            deletingPaymentId={removePayment.isPending ? removePayment.variables : null}
            onDeletePayment={deletePayment}
          />
        )}
        <div ref={sentinel} />
        {moreFailed && <p className={`mt-3 text-sm ${mutedText}`}>{t('expenses.page.loadFailed')}</p>}
        {more && (
          <button
            type="button"
            className={`${buttonStyles.secondary} mt-3 w-full`}
            disabled={fetchingMore}
            onClick={loadMore}
          >
            {fetchingMore ? t('expenses.page.loading') : t('expenses.page.loadOlder')}
          </button>
        )}
      </ExpenseTabs>
    </section>
  );

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
      {/* On phones who owes whom stays above the list; from md it is the right pane's resting state.
          Placed by CSS, not by `wide`, so the server's HTML has it where it shows at any width. */}
      {wide !== true && <div className="md:hidden">{balancesCard}</div>}

      <TwoPane
        list={list}
        detailOpen={false}
        detailLabel={t('expenses.pane.label')}
        detail={
          wide && opened ? (
            <div id={detailId} className="space-y-2">
              <div className="flex justify-end">
                <button
                  type="button"
                  onClick={() => toggle(opened.id)}
                  className="inline-flex items-center gap-1 rounded-lg px-2 py-1 font-semibold text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  <XIcon className="size-4" />
                  {t('expenses.pane.close')}
                </button>
              </div>
              {details(opened, false)}
            </div>
          ) : (
            wide !== false && balancesCard
          )
        }
      />
    </div>
  );
}

/**
 * Its reads (src/shared/screens/screens.ts): the first page of expenses, both balances and the
 * tabs' counts for the whole household. The app asks for the payments beside them; the server's
 * rendering goes without (they join the history once they have come).
 */
export const firstReads: FirstReads = {
  prefetch: (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(expensesQueryOptions),
      client.prefetchInfiniteQuery(paymentsQueryOptions),
      client.prefetchQuery(balanceQueryOptions),
      client.prefetchQuery(balancesQueryOptions),
      client.prefetchQuery(expenseCountsOptions(NO_FILTERS)),
    ]),
  seed: (client, [expenses, balance, balances, counts]) => {
    client.setQueryData(expensesQueryOptions.queryKey, {
      pages: [expenses as ExpenseView[]],
      pageParams: [undefined],
    });
    client.setQueryData(balanceQueryKey, balance);
    client.setQueryData(balancesQueryKey, balances);
    client.setQueryData(expenseCountsOptions(NO_FILTERS).queryKey, counts as ExpenseCountsView);
  },
};
