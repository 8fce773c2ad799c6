import { Link, useParams } from 'react-router';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useChores } from './api/get-chores.ts';
import { ChoreForm } from './components/chore-form.tsx';

/** /chores/:id/edit: the chore form filled in; saving sends what changed (PATCH /api/chores/{id}). */
export function EditChorePage() {
  const { id } = useParams();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const chores = useChores();
  const chore = chores.data?.find((c) => c.id === id);
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader title="Edit Chore" back={{ to: '/chores', label: 'Back to chores' }} threshold={10} />
      {!user || !household || chores.isPending ? (
        <PageSpinner />
      ) : chore ? (
        <ChoreForm key={chore.id} members={household.members} userId={user.id} chore={chore} />
      ) : (
        <div className={`${cardStyles} space-y-3 text-center`}>
          <p className="font-semibold">
            {chores.isError ? 'Unable to load the chore' : 'This chore is not here any more'}
          </p>
          <p className={`text-sm ${mutedText}`}>It may have been deleted or done a while ago.</p>
          <Link to="/chores" className={buttonStyles.secondary}>
            Back to chores
          </Link>
        </div>
      )}
    </div>
  );
}
