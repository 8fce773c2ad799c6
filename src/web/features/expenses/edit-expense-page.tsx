import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useExpenses } from './api/get-expenses.ts';
import { ExpenseForm } from './components/expense-form.tsx';
import { expensesListUrl, useOpenedFromList } from './list-position.ts';
import { useWords } from './use-words.ts';

/** /expenses/:id/edit: the expense form filled in; saving sends what changed (docs/money.md). */
export function EditExpensePage() {
  const { t } = useWords();
  const { id } = useParams();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const expenses = useExpenses();
  useOpenedFromList();
  const expense = expenses.data?.find((e) => e.id === id);
  const searching = !expense && expenses.hasNextPage;

  // An older expense than the list has loaded: load on until it is found or the list ends.
  useEffect(() => {
    if (searching && !expenses.isFetchingNextPage) void expenses.fetchNextPage();
  }, [searching, expenses]);

  const loading = !user || !household || expenses.isPending || (searching && !expenses.isError);
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title={t('expenses.edit.title')}
        back={{ to: expensesListUrl(), label: t('expenses.edit.back') }}
        threshold={10}
      />
      {loading ? (
        <PageSpinner />
      ) : expense ? (
        <ExpenseForm key={expense.id} members={household.members} userId={user.id} expense={expense} />
      ) : (
        <div className={`${cardStyles} space-y-3 text-center`}>
          <p className="font-semibold">
            {expenses.isError ? t('expenses.edit.loadFailed') : t('expenses.edit.gone')}
          </p>
          <p className={`text-sm ${mutedText}`}>{t('expenses.edit.goneHint')}</p>
          <Link to="/expenses/deleted" className={buttonStyles.secondary}>
            {t('expenses.links.deleted')}
          </Link>
        </div>
      )}
    </div>
  );
}
