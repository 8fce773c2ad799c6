import { useEffect, useId, useRef, useState } from 'react';
import { accountDataMessages, confirmsEmail, deleteAccountSchema } from '#shared/account-data.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { type Household, isAdmin } from '#shared/household-view.ts';
import { displayName, type PublicUser } from '#shared/users.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { labelStyles } from '../../components/form-fields.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { buttonStyles, cardStyles, errorText, inputStyles, mutedText } from '../../components/ui.ts';
import { ApiError } from '../../lib/api.ts';
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

type Field = 'email' | 'password';

const FIELD_OF_MESSAGE: Record<string, Field> = {
  [accountDataMessages.confirmEmailRequired]: 'email',
  [accountDataMessages.confirmEmailMismatch]: 'email',
  [accountDataMessages.passwordRequired]: 'password',
  [accountDataMessages.passwordIncorrect]: 'password',
};

/** A refusal that belongs to one field, shown there; anything else is shown under the form. */
function fieldError(error: Error | null): { field: Field; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const message = extractErrorMessage(error.message);
  const field = FIELD_OF_MESSAGE[message];
  return field ? { field, message } : null;
}

export function DeleteAccountCard({ user, household }: { user: PublicUser; household?: Household | null }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<{ field: Field; message: string } | null>(null);
  const remove = useDeleteAccount();
  const id = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const matches = confirmsEmail(typed, user.email);
  const busy = remove.isPending || remove.isSuccess;
  const refused = localError ?? fieldError(remove.error);
  const errorFor = (field: Field) => (refused?.field === field ? refused.message : undefined);
  const otherError = remove.isError && !refused;
  const passwordError = errorFor('password');

  // A refused password puts the keyboard back in its field, where the message is read out.
  useEffect(() => {
    if (passwordError) passwordRef.current?.focus();
  }, [passwordError]);

  const confirm = () => {
    if (!matches || busy) return;
    const input = deleteAccountSchema.safeParse({ email: typed, password });
    const issue = input.error?.issues[0];
    if (issue) {
      setLocalError({ field: issue.path[0] === 'password' ? 'password' : 'email', message: issue.message });
      return;
    }
    setLocalError(null);
    remove.mutate({ email: typed, password });
  };
  const edited = () => {
    setLocalError(null);
    if (remove.isError) remove.reset();
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
          setPassword('');
          setLocalError(null);
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
        form={`${id}-form`}
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
          id={`${id}-form`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
          className="space-y-3 pt-1"
        >
          <div className="space-y-1.5">
            <label htmlFor={`${id}-email`} className={labelStyles}>
              Type your email address ({user.email}) to confirm
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              disabled={busy}
              aria-invalid={errorFor('email') ? true : undefined}
              aria-describedby={errorFor('email') ? `${id}-email-error` : undefined}
              onChange={(event) => {
                setTyped(event.target.value);
                edited();
              }}
              className={inputStyles}
            />
            {errorFor('email') && (
              <p id={`${id}-email-error`} className={errorText}>
                {errorFor('email')}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-password`} className={labelStyles}>
              Your password
            </label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              disabled={busy}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${id}-password-error` : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                edited();
              }}
              className={inputStyles}
            />
            {passwordError && (
              <p id={`${id}-password-error`} className={errorText}>
                {passwordError}
              </p>
            )}
          </div>
        </form>
        {otherError && (
          <p role="alert" className={errorText}>
            {remove.error instanceof ApiError && remove.error.status === 429
              ? extractErrorMessage(remove.error.message)
              : 'Your account could not be deleted. Please try again.'}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
