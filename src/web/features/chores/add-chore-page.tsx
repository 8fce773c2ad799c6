import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { ChoreForm } from './components/chore-form.tsx';

/** /add-chore: creates a chore and returns to /chores (docs/screens.md, Create screens). */
export function AddChorePage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader title="New Chore" back={{ to: '/chores', label: 'Back to chores' }} threshold={10} />
      {user && household ? <ChoreForm members={household.members} userId={user.id} /> : <PageSpinner />}
    </div>
  );
}
