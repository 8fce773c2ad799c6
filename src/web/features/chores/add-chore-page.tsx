import '#shared/i18n/compiled/areas/chores.ts';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { ChoreForm } from './components/chore-form.tsx';

/** /add-chore: creates a chore and returns to /chores (docs/screens.md, Create screens). */
export function AddChorePage() {
  const t = useT();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title={t('chores.add.title')}
        back={{ to: '/chores', label: t('chores.back') }}
        threshold={10}
      />
      {user && household ? <ChoreForm members={household.members} userId={user.id} /> : <PageSpinner />}
    </div>
  );
}
