import '#shared/i18n/compiled/areas/settings.ts';
import { changeEmailSchema, emailChangeMessages } from '#shared/accounts/email-change.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';
import { schemaResolver } from '../../components/form/resolvers.ts';
import { serverFieldError, useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { useChangeEmail } from './api/security.ts';

type Field = 'email' | 'password';

/** The server's refusals that belong to one field, shown there; anything else under the form. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [messages.emailRequired]: 'email',
  [messages.emailInvalid]: 'email',
  [emailChangeMessages.sameEmail]: 'email',
  [emailChangeMessages.passwordRequired]: 'password',
  [emailChangeMessages.passwordIncorrect]: 'password',
};

const resolver = schemaResolver(changeEmailSchema);
const empty = { email: '', password: '' };

/**
 * Settings → Security → E-mail address: the new address and the password. The address changes
 * only when the link sent there is followed (docs/accounts.md, Changing the e-mail address).
 */
export function EmailSection() {
  const t = useT();
  const { data: user } = useUser();
  const form = useSchemaForm({ defaultValues: empty, resolver });
  const change = useChangeEmail();
  const busy = form.isSubmitting || change.isPending;
  const otherError = change.isError && !serverFieldError(change.error, FIELD_OF_MESSAGE);

  return (
    <section aria-labelledby="email-title" className="space-y-3">
      <div>
        <h3 id="email-title" className="font-semibold">
          {t('settings.email.title')}
        </h3>
        {user && (
          <p className="text-sm">
            <T
              id="settings.email.current"
              values={{ email: user.email }}
              components={{ 0: <span className="break-all font-medium" /> }}
            />
          </p>
        )}
        <p className={`text-sm ${mutedText}`}>{t('settings.email.text')}</p>
      </div>
      <form
        ref={form.formRef}
        noValidate
        onSubmit={form.submit((input) =>
          change.mutate(input, {
            onSuccess: () => form.reset(empty),
            onError: (error) => form.showServerError(error, FIELD_OF_MESSAGE),
          }),
        )}
        className="space-y-3"
      >
        <TextField
          label={t('settings.email.new')}
          type="email"
          autoComplete="email"
          inputMode="email"
          disabled={busy}
          {...form.text('email')}
        />
        <TextField
          label={t('settings.email.password')}
          type="password"
          autoComplete="current-password"
          disabled={busy}
          {...form.text('password')}
        />
        {otherError && (
          <p role="alert" className={errorText}>
            {extractErrorMessage(change.error.message)}
          </p>
        )}
        {change.isSuccess && (
          <p role="status" className="text-sm">
            {change.data.message}
          </p>
        )}
        <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
          {busy ? t('settings.email.sending') : t('settings.email.submit')}
        </button>
      </form>
    </section>
  );
}
