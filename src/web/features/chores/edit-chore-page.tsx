import '#shared/i18n/compiled/areas/chores.ts';
import { Link, useParams } from 'react-router';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useChores } from './api/get-chores.ts';
import { ChoreForm } from './components/chore-form.tsx';
import { choresListUrl, useOpenedFromList } from './list-position.ts';

/** /chores/:id/edit: the chore form filled in; saving sends what changed (PATCH /api/chores/{id}). */
export function EditChorePage() {
  const t = useT();
  const { id } = useParams();
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const chores = useChores();
  const chore = chores.data?.find((c) => c.id === id);
  useOpenedFromList();
  return (
    <div className="flex flex-col gap-2 px-5 pb-10">
      <FloatingHeader
        title={t('chores.edit.title')}
        back={{ to: choresListUrl(), label: t('chores.back') }}
        threshold={10}
      />
      {!user || !household || chores.isPending ? (
        <PageSpinner />
      ) : chore ? (
        <ChoreForm key={chore.id} members={household.members} userId={user.id} chore={chore} />
      ) : (
        <div className={`${cardStyles} space-y-3 text-center`}>
          <p className="font-semibold">
            {chores.isError ? t('chores.edit.loadError') : t('chores.edit.gone')}
          </p>
          <p className={`text-sm ${mutedText}`}>{t('chores.edit.goneText')}</p>
          <Link to="/chores" className={buttonStyles.secondary}>
            {t('chores.back')}
          </Link>
        </div>
      )}
    </div>
  );
}
