import '#shared/i18n/compiled/areas/settings.ts';
import { useState } from 'react';
import type { Household } from '#shared/households/api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LogOutIcon, TrashIcon } from '../../../components/icons.tsx';
import { buttonStyles, errorText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { isAdmin, useDeleteAllHouseholdData, useLeaveHousehold } from '../../households/index.ts';

type Asking = 'leave' | 'delete' | null;

/** What leaving also does: the `consequence` of settings.household.actions.leaveText. */
function leaveConsequence(household: Household, viewerId: string): 'last' | 'admin' | 'other' {
  if (household.members.length === 1) return 'last';
  const otherAdmins = household.members.some((m) => m.userId !== viewerId && m.role === 'admin');
  if (isAdmin(household, viewerId) && !otherAdmins) return 'admin';
  return 'other';
}

/**
 * Leave Household for everyone; 'Delete All Household Data' for administrators (docs/households.md,
 * Membership and roles).
 */
export function HouseholdActions({ household, viewerId }: { household: Household; viewerId: string }) {
  const t = useT();
  const [asking, setAsking] = useState<Asking>(null);
  const leave = useLeaveHousehold();
  const deleteAll = useDeleteAllHouseholdData();
  const admin = isAdmin(household, viewerId);

  return (
    <div className="space-y-3">
      <button type="button" className={`${buttonStyles.danger} w-full`} onClick={() => setAsking('leave')}>
        <LogOutIcon className="size-4" />
        {t('settings.household.actions.leave')}
      </button>
      {admin && (
        <button
          type="button"
          className={`${buttonStyles.danger} w-full`}
          onClick={() => {
            deleteAll.reset();
            setAsking('delete');
          }}
        >
          <TrashIcon className="size-4" />
          {t('settings.household.actions.deleteAll')}
        </button>
      )}
      {deleteAll.isError && (
        <p role="alert" className={errorText}>
          {t('settings.household.actions.deleteFailed')}
        </p>
      )}

      <ConfirmDialog
        open={asking === 'leave'}
        title={t('settings.household.actions.leaveTitle')}
        confirmLabel={t('settings.household.actions.leave')}
        busyLabel={t('settings.household.actions.leaving')}
        // Leaving ends with a reload at '/' whatever the answer, so the dialog stays busy until then.
        busy={leave.isPending || leave.isSuccess || leave.isError}
        onConfirm={() => leave.mutate()}
        onCancel={() => setAsking(null)}
      >
        <p>
          {t('settings.household.actions.leaveText', {
            household: household.name,
            consequence: leaveConsequence(household, viewerId),
          })}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'delete'}
        title={t('settings.household.actions.deleteTitle', { household: household.name })}
        confirmLabel={t('settings.household.actions.deleteConfirm')}
        busyLabel={t('settings.household.actions.deleting')}
        busy={deleteAll.isPending || deleteAll.isSuccess}
        onConfirm={() =>
          deleteAll.mutate(undefined, {
            onError: (error) => {
              console.warn('Deleting all household data failed', error);
              setAsking(null);
            },
          })
        }
        onCancel={() => setAsking(null)}
      >
        <p>{t('settings.household.actions.deleteText', { household: household.name })}</p>
      </ConfirmDialog>
    </div>
  );
}
