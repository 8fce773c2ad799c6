import '#shared/i18n/compiled/areas/settings.ts';
import { useState } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import type { Household, HouseholdMember } from '#shared/households/api.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { T, useT } from '../../../lib/i18n.tsx';
import { canRemoveMember, useRemoveMember } from '../../households/index.ts';

/**
 * Members with avatar, name and role; an administrator can remove the others (docs/households.md,
 * Removing a member).
 */
export function MembersList({ household, viewerId }: { household: Household; viewerId: string }) {
  const t = useT();
  const [removing, setRemoving] = useState<HouseholdMember | null>(null);
  const remove = useRemoveMember();

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.userId, {
      onSettled: () => setRemoving(null),
      onError: (error) => console.warn('Removing a member failed', error),
    });
  };

  return (
    <div className="space-y-3">
      <h3 className="font-medium text-slate-800 text-sm dark:text-slate-200">
        <T
          id="settings.household.members.title"
          values={{ count: household.members.length }}
          components={{ 0: <span className={`font-normal ${mutedText}`} /> }}
        />
      </h3>
      {remove.isError && (
        <p role="alert" className={errorText}>
          {t('settings.household.members.removeFailed')}
        </p>
      )}
      <ul className="space-y-3">
        {household.members.map((member) => {
          const name = displayName(member.user);
          return (
            <li key={member.userId} className="flex items-center gap-3">
              <Avatar user={member.user} size="md" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {name}
                  {member.userId === viewerId && (
                    <span className={`font-normal ${mutedText}`}>{t('settings.household.members.you')}</span>
                  )}
                </p>
                {member.role === 'admin' && (
                  <span className="mt-0.5 inline-block rounded-full bg-blue-100 px-2 py-0.5 font-semibold text-blue-800 text-xs dark:bg-blue-950 dark:text-blue-200">
                    {t('settings.household.members.admin')}
                  </span>
                )}
              </div>
              {canRemoveMember(household, viewerId, member.userId) && (
                <button
                  type="button"
                  aria-label={t('settings.household.members.removeLabel', { name })}
                  className={buttonStyles.danger}
                  onClick={() => {
                    remove.reset();
                    setRemoving(member);
                  }}
                >
                  {t('settings.household.members.remove')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('settings.household.members.confirmTitle', {
          name: removing ? displayName(removing.user) : '',
        })}
        confirmLabel={t('settings.household.members.remove')}
        busyLabel={t('settings.household.members.removing')}
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>{t('settings.household.members.confirmText')}</p>
      </ConfirmDialog>
    </div>
  );
}
