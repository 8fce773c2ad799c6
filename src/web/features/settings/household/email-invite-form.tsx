import '#shared/i18n/compiled/areas/settings.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { emailInviteMessages, emailInviteSchema } from '#shared/households/email-invites.ts';
import { schemaResolver } from '../../../components/form/resolvers.ts';
import { serverFieldError, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useSendEmailInvite } from '../../households/index.ts';

const resolver = schemaResolver(emailInviteSchema);
const FIELD_OF_MESSAGE = { [emailInviteMessages.alreadyMember]: 'email' } as const;

/** Invite by e-mail: the link arrives with the household's and the inviter's names. */
export function EmailInviteForm() {
  const t = useT();
  const form = useSchemaForm({ defaultValues: { email: '' }, resolver });
  const send = useSendEmailInvite();
  const busy = form.isSubmitting || send.isPending;
  const otherError = send.isError && !serverFieldError(send.error, FIELD_OF_MESSAGE);

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.submit(({ email }) =>
        send.mutate(email, {
          onSuccess: () => form.reset({ email: '' }),
          onError: (error) => form.showServerError(error, FIELD_OF_MESSAGE),
        }),
      )}
      className="space-y-2"
    >
      <TextField
        label={t('settings.household.emailInvite.label')}
        type="email"
        inputMode="email"
        autoComplete="off"
        disabled={busy}
        {...form.text('email')}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={buttonStyles.secondary}>
        {busy ? t('settings.household.emailInvite.sending') : t('settings.household.emailInvite.send')}
      </button>
      {send.isSuccess && (
        <p role="status" className="text-green-800 text-sm dark:text-green-300">
          {send.data.message}
        </p>
      )}
      {otherError && (
        <p role="alert" className={errorText}>
          {extractErrorMessage(send.error.message)}
        </p>
      )}
    </form>
  );
}
