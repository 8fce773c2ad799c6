import '#shared/i18n/compiled/areas/expenses.ts';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { ExpenseForm } from './components/expense-form.tsx';
import { useWords } from './use-words.ts';

/** /add-expense: records a shared cost and returns to /expenses (docs/screens.md, Create screens). */
export function AddExpensePage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const { t } = useWords();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title={t('expenses.add.title')}
        back={{ to: '/expenses', label: t('expenses.trash.back') }}
        threshold={10}
      />
      {user && household ? <ExpenseForm members={household.members} userId={user.id} /> : <PageSpinner />}
    </div>
  );
}
