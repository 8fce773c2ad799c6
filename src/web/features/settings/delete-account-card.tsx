import { useId, useState } from 'react';
import { confirmsEmail } from '#shared/account-data.ts';
import { type Household, isAdmin } from '#shared/household-view.ts';
import { displayName, type PublicUser } from '#shared/users.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { labelStyles } from '../../components/form-fields.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { buttonStyles, cardStyles, errorText, inputStyles, mutedText } from '../../components/ui.ts';
import { useDeleteAccount } from './api/account-data.ts';

/** What happens to the household, by the rules of leaving it (the longest-standing member takes over). */
function householdConsequence(household: Household | null | undefined, viewerId: string): string | null {
  if (!household) return null;
  const others = household.members.filter((m) => m.userId !== viewerId);
  if (others.length === 0)
    return `You are the last member, so ${household.name} and all its data will be deleted.`;
  const otherAdmin = others.some((m) => m.role === 'admin');
  // Members come in the order they joined: the first of the others has been there longest.
  if (isAdmin(household, viewerId) && !otherAdmin) {
    return `You leave ${household.name}, and ${displayName(others[0]!.user)}, the member who has been there longest, becomes the administrator.`;
  }
  return `You leave ${household.name}.`;
}

export function DeleteAccountCard({ user, household }: { user: PublicUser; household?: Household | null }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const inputId = useId();
  const matches = confirmsEmail(typed, user.email);
  const busy = remove.isPending || remove.isSuccess;
  const confirm = () => {
    if (matches && !busy) remove.mutate(typed);
  };

  return (
    <section
      aria-labelledby="delete-account-title"
      className={`${cardStyles} space-y-3 border-red-200 dark:border-red-900`}
    >
      <div>
        <h2 id="delete-account-title" className="font-semibold text-lg text-red-700 dark:text-red-300">
          Delete account
        </h2>
        <p className={`text-sm ${mutedText}`}>
          Deletes your account for good. Download your data first if you want to keep a copy.
        </p>
      </div>
      <button
        type="button"
        className={`${buttonStyles.danger} w-full`}
        onClick={() => {
          remove.reset();
          setTyped('');
          setOpen(true);
        }}
      >
        <TrashIcon className="size-4" />
        Delete account
      </button>

      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        busy={busy}
        confirmDisabled={!matches}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>
          Your profile, photo, listings, devices and sign-in are deleted and cannot be restored.{' '}
          {householdConsequence(household, user.id)}
        </p>
        {household && (
          <p>
            Your messages, expenses and chore history stay for the others, shown as 'Former member', so their
            balances do not change.
          </p>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
          className="space-y-1.5 pt-1"
        >
          <label htmlFor={inputId} className={labelStyles}>
            Type your email address ({user.email}) to confirm
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            disabled={busy}
            onChange={(event) => setTyped(event.target.value)}
            className={inputStyles}
          />
        </form>
        {remove.isError && (
          <p role="alert" className={errorText}>
            Your account could not be deleted. Please try again.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
