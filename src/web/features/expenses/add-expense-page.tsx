import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { ExpenseForm } from './components/expense-form.tsx';

/** /add-expense: records a shared cost and returns to /expenses (docs/screens.md, Create screens). */
export function AddExpensePage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title="New Expense"
        back={{ to: '/expenses', label: 'Back to expenses' }}
        threshold={10}
      />
      {user && household ? <ExpenseForm members={household.members} userId={user.id} /> : <PageSpinner />}
    </div>
  );
}
