import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { type ExpenseTab, type ExpenseView, filterExpenses, tabCounts } from '#shared/expense-view.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorCard } from '../../components/error-card.tsx';
import { WalletIcon } from '../../components/icons.tsx';
import { DownloadIcon, PlusIcon } from '../../components/page-icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { useRenderLimit } from '../../lib/use-render-limit.ts';
import { useUser } from '../auth/api/get-user.ts';
import { useCurrentHousehold } from '../households/api/get-household.ts';
import { useDeleteExpense } from './api/delete-expense.ts';
import { balanceQueryOptions, useBalance } from './api/get-balance.ts';
import { balancesQueryOptions, useBalances } from './api/get-balances.ts';
import { expensesQueryOptions, useExpenses } from './api/get-expenses.ts';
import { useSettleSplit } from './api/settle-split.ts';
import { BalanceCard } from './components/balance-card.tsx';
import { BalancesCard } from './components/balances-card.tsx';
import { type ExpenseActions, ExpenseCard } from './components/expense-card.tsx';
import { ExpenseTabs } from './components/expense-tabs.tsx';
import { useMemberNames } from './use-member-names.ts';

/** Expenses built at once when the list shows; the rest follow in the background. */
const FIRST_EXPENSES = 8;

const EMPTY: Record<ExpenseTab, string> = {
  all: 'No Expenses Yet',
  unsettled: 'No unsettled Expenses',
  settled: 'No settled Expenses',
};

/** /expenses: your balance, who owes whom, and every expense by status (SPEC §2). */
export function ExpensesPage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const expenses = useExpenses();
  const balance = useBalance();
  const balances = useBalances();
  const settle = useSettleSplit();
  const remove = useDeleteExpense();
  const nameOf = useMemberNames(household?.members);
  const [tab, setTab] = useState<ExpenseTab>('all');
  const [deleting, setDeleting] = useState<ExpenseView | null>(null);
  // The list can be long. Rendered from a deferred copy, it is built in the background, in short
  // tasks React can interrupt, rather than in one block that would freeze the page.
  const loaded = useDeferredValue(expenses.data);
  const list = loaded ?? [];
  const shown = filterExpenses(list, tab);
  const limit = useRenderLimit(FIRST_EXPENSES, loaded !== undefined);
  const today = new Date();
  const memberOrder = household?.members.map((m) => m.userId) ?? [];

  const actions: ExpenseActions = {
    settle: (split) => settle.mutate(split.id),
    settlingId: settle.isPending ? settle.variables : null,
    askDelete: setDeleting,
  };

  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">Expenses</h1>
          <p className={mutedText}>Track shared costs</p>
        </div>
        <Link
          to="/add-expense"
          aria-label="Add expense"
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
          expenses={list}
          nameOf={nameOf}
          viewerId={user.id}
        />
      )}

      {!user || (loaded === undefined && !expenses.isError) ? (
        <PageSpinner />
      ) : expenses.isError ? (
        <ErrorCard title="Unable to load expenses" message="Please check your connection and try again." />
      ) : (
        <section aria-labelledby="expenses-list-title" className="space-y-3">
          <div className="flex items-center justify-between gap-3">
            <h2 id="expenses-list-title" className="font-semibold text-lg">
              History
            </h2>
            <div className="flex items-center gap-4">
              <Link to="/import-splitwise" className={`${linkStyles} text-sm`}>
                Import from Splitwise
              </Link>
              {list.length > 0 && (
                <a
                  href="/api/expenses/export.csv"
                  download
                  className={`${linkStyles} inline-flex items-center gap-1.5 text-sm`}
                >
                  <DownloadIcon className="size-4" />
                  Export CSV
                </a>
              )}
            </div>
          </div>
          <ExpenseTabs value={tab} counts={tabCounts(list)} onChange={setTab}>
            {shown.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-300 border-dashed p-8 text-center dark:border-slate-700">
                <WalletIcon className="size-8 text-slate-500 dark:text-slate-400" />
                <p className="font-semibold">{EMPTY[tab]}</p>
                {tab === 'all' && (
                  <>
                    <p className={`text-sm ${mutedText}`}>Split a bill and see who owes whom, to the cent.</p>
                    <Link to="/add-expense" className={buttonStyles.primary}>
                      Create an Expense
                    </Link>
                  </>
                )}
              </div>
            ) : (
              <ul className="space-y-3">
                {shown.slice(0, limit).map((expense) => (
                  <ExpenseCard
                    key={expense.id}
                    expense={expense}
                    viewerId={user.id}
                    nameOf={nameOf}
                    today={today}
                    memberOrder={memberOrder}
                    actions={actions}
                  />
                ))}
              </ul>
            )}
            {expenses.hasNextPage && (
              <button
                type="button"
                className={`${buttonStyles.secondary} mt-3 w-full`}
                disabled={expenses.isFetchingNextPage}
                onClick={() => void expenses.fetchNextPage()}
              >
                {expenses.isFetchingNextPage ? 'Loading...' : 'Load older expenses'}
              </button>
            )}
          </ExpenseTabs>
        </section>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete "${deleting.title}"?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        <p>It disappears for everyone in the household, with its shares and receipt.</p>
      </ConfirmDialog>
    </div>
  );
}

/** What the screen asks for as it mounts, for preload.ts to ask for sooner. */
export function prefetch(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(expensesQueryOptions),
    queryClient.prefetchQuery(balanceQueryOptions),
    queryClient.prefetchQuery(balancesQueryOptions),
  ]);
}
