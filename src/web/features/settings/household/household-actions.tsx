import { useState } from 'react';
import type { Household } from '#shared/households/api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LogOutIcon, TrashIcon } from '../../../components/icons.tsx';
import { buttonStyles, errorText } from '../../../components/ui.ts';
import { isAdmin, useDeleteAllHouseholdData, useLeaveHousehold } from '../../households/index.ts';

type Asking = 'leave' | 'delete' | null;

function leaveConsequence(household: Household, viewerId: string): string {
  if (household.members.length === 1) {
    return 'You are the last member, so the household and all its data will be deleted.';
  }
  const otherAdmins = household.members.some((m) => m.userId !== viewerId && m.role === 'admin');
  if (isAdmin(household, viewerId) && !otherAdmins) {
    return 'The member who has been here longest becomes the administrator.';
  }
  return 'You can join again later with an invite code.';
}

/**
 * Leave Household for everyone; 'Delete All Household Data' for administrators (docs/households.md,
 * Membership and roles).
 */
export function HouseholdActions({ household, viewerId }: { household: Household; viewerId: string }) {
  const [asking, setAsking] = useState<Asking>(null);
  const leave = useLeaveHousehold();
  const deleteAll = useDeleteAllHouseholdData();
  const admin = isAdmin(household, viewerId);

  return (
    <div className="space-y-3">
      <button type="button" className={`${buttonStyles.danger} w-full`} onClick={() => setAsking('leave')}>
        <LogOutIcon className="size-4" />
        Leave Household
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
          Delete All Household Data
        </button>
      )}
      {deleteAll.isError && (
        <p role="alert" className={errorText}>
          Failed to delete all data. Please try again.
        </p>
      )}

      <ConfirmDialog
        open={asking === 'leave'}
        title="Leave household?"
        confirmLabel="Leave Household"
        busyLabel="Leaving..."
        // Leaving ends with a reload at '/' whatever the answer, so the dialog stays busy until then.
        busy={leave.isPending || leave.isSuccess || leave.isError}
        onConfirm={() => leave.mutate()}
        onCancel={() => setAsking(null)}
      >
        <p>
          You will no longer see the chores, expenses, calendar and chat of {household.name}.{' '}
          {leaveConsequence(household, viewerId)}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'delete'}
        title={`Delete all data of ${household.name}?`}
        confirmLabel="Delete Everything"
        busyLabel="Deleting..."
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
        <p>
          This deletes {household.name} with all of its chores, expenses, events and messages, for every
          member. It cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
