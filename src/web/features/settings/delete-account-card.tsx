import '#shared/i18n/compiled/areas/settings.ts';
import { useId, useState } from 'react';
import type { PublicUser } from '#shared/accounts/api.ts';
import { accountDataMessages, confirmsEmail, deleteAccountSchema } from '#shared/accounts/data.ts';
import { displayName } from '#shared/accounts/users.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import type { Household } from '#shared/households/api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { checkResolver, checkSchema } from '../../components/form/resolvers.ts';
import { serverFieldError, useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { TrashIcon } from '../../components/icons.tsx';
import { buttonStyles, cardStyles, errorText, mutedText } from '../../components/ui.ts';
import { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { isAdmin } from '../households/index.ts';
import { useDeleteAccount } from './api/account-data.ts';

/** What happens to the household, by the rules of leaving it (the longest-standing member takes over). */
function householdConsequence(
  household: Household | null | undefined,
  viewerId: string,
): { kind: 'last' | 'admin' | 'other'; household: string; name: string } | null {
  if (!household) return null;
  const others = household.members.filter((m) => m.userId !== viewerId);
  if (others.length === 0) return { kind: 'last', household: household.name, name: '' };
  const otherAdmin = others.some((m) => m.role === 'admin');
  // Members come in the order they joined: the first of the others has been there longest.
  if (isAdmin(household, viewerId) && !otherAdmin) {
    return { kind: 'admin', household: household.name, name: displayName(others[0]!.user) };
  }
  return { kind: 'other', household: household.name, name: '' };
}

type Confirmation = { email: string; password: string };

/** The server's refusals that belong to one field, shown there; anything else under the form. */
const FIELD_OF_MESSAGE: Record<string, keyof Confirmation> = {
  [accountDataMessages.confirmEmailRequired]: 'email',
  [accountDataMessages.confirmEmailMismatch]: 'email',
  [accountDataMessages.passwordRequired]: 'password',
  [accountDataMessages.passwordIncorrect]: 'password',
};

/** What is sent is the confirmation as typed; the schema only checks it. */
const resolver = checkResolver(async (values: Confirmation) => {
  const checked = await checkSchema(deleteAccountSchema, values);
  return checked.ok ? { ok: true, value: values } : checked;
});

export function DeleteAccountCard({ user, household }: { user: PublicUser; household?: Household | null }) {
  const t = useT();
  const consequence = householdConsequence(household, user.id);
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const id = useId();
  const form = useSchemaForm({
    defaultValues: { email: '', password: '' },
    resolver,
    // Any edit answers the refusal, whichever field it was under.
    clears: () => ['email', 'password'],
  });
  const matches = confirmsEmail(form.values.email, user.email);
  const busy = remove.isPending || remove.isSuccess;
  const otherError = remove.isError && !serverFieldError(remove.error, FIELD_OF_MESSAGE);

  const edit = (field: keyof Confirmation) => (event: { target: { value: string } }) => {
    form.set(field, event.target.value);
    if (remove.isError) remove.reset();
  };

  return (
    <section
      aria-labelledby="delete-account-title"
      className={`${cardStyles} space-y-3 border-red-200 dark:border-red-900`}
    >
      <div>
        <h2 id="delete-account-title" className="font-semibold text-lg text-red-700 dark:text-red-300">
          {t('settings.deleteAccount.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('settings.deleteAccount.text')}</p>
      </div>
      <button
        type="button"
        className={`${buttonStyles.danger} w-full`}
        onClick={() => {
          remove.reset();
          form.reset();
          setOpen(true);
        }}
      >
        <TrashIcon className="size-4" />
        {t('settings.deleteAccount.button')}
      </button>

      <ConfirmDialog
        open={open}
        title={t('settings.deleteAccount.confirmTitle')}
        confirmLabel={t('settings.deleteAccount.confirm')}
        busyLabel={t('settings.deleteAccount.deleting')}
        busy={busy}
        confirmDisabled={!matches}
        form={`${id}-form`}
        onCancel={() => setOpen(false)}
      >
        <p>
          {t('settings.deleteAccount.confirmText')}{' '}
          {consequence && t('settings.deleteAccount.household', consequence)}
        </p>
        {household && <p>{t('settings.deleteAccount.history')}</p>}
        <form
          ref={form.formRef}
          id={`${id}-form`}
          noValidate
          onSubmit={form.submit(
            (confirmation) =>
              remove.mutate(confirmation, {
                // A refusal that names a field shows under it and takes the keyboard back there.
                onError: (error) => form.showServerError(error, FIELD_OF_MESSAGE),
              }),
            { blocked: !matches || busy },
          )}
          className="space-y-3 pt-1"
        >
          <TextField
            label={t('settings.deleteAccount.email', { email: user.email })}
            type="email"
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
            {...form.text('email')}
            onChange={edit('email')}
          />
          <TextField
            label={t('settings.deleteAccount.password')}
            type="password"
            autoComplete="current-password"
            required
            disabled={busy}
            {...form.text('password')}
            onChange={edit('password')}
          />
        </form>
        {otherError && (
          <p role="alert" className={errorText}>
            {remove.error instanceof ApiError && remove.error.status === 429
              ? extractErrorMessage(remove.error.message)
              : t('settings.deleteAccount.failed')}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
