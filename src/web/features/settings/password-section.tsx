import '#shared/i18n/compiled/areas/settings.ts';
import { changePasswordSchema, passwordMessages } from '#shared/accounts/passwords.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';
import { schemaResolver } from '../../components/form/resolvers.ts';
import { serverFieldError, useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useChangePassword } from './api/security.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The server's refusals that belong to one field, shown there; anything else under the form. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [passwordMessages.currentPasswordRequired]: 'currentPassword',
  [passwordMessages.currentPasswordIncorrect]: 'currentPassword',
  [passwordMessages.samePassword]: 'newPassword',
  [messages.passwordTooShort]: 'newPassword',
  [messages.passwordTooLong]: 'newPassword',
  [messages.passwordsDontMatch]: 'confirmPassword',
};

const resolver = schemaResolver(changePasswordSchema);
const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Security → Password: the current one, then the new one twice; other devices are signed out. */
export function PasswordSection() {
  const t = useT();
  const form = useSchemaForm({ defaultValues: empty, resolver });
  const change = useChangePassword();
  const busy = form.isSubmitting || change.isPending;
  const otherError = change.isError && !serverFieldError(change.error, FIELD_OF_MESSAGE);

  return (
    <section aria-labelledby="password-title" className="space-y-3">
      <div>
        <h3 id="password-title" className="font-semibold">
          {t('settings.password.title')}
        </h3>
        <p className={`text-sm ${mutedText}`}>{t('settings.password.text')}</p>
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
          label={t('settings.password.current')}
          type="password"
          autoComplete="current-password"
          disabled={busy}
          {...form.text('currentPassword')}
        />
        <TextField
          label={t('settings.password.new')}
          type="password"
          autoComplete="new-password"
          disabled={busy}
          {...form.text('newPassword')}
        />
        <TextField
          label={t('settings.password.confirm')}
          type="password"
          autoComplete="new-password"
          disabled={busy}
          {...form.text('confirmPassword')}
        />
        {otherError && (
          <p role="alert" className={errorText}>
            {extractErrorMessage(change.error.message)}
          </p>
        )}
        {change.isSuccess && (
          <p role="status" className="text-sm">
            {t('settings.password.changed')}
          </p>
        )}
        <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
          {busy ? t('settings.common.saving') : t('settings.password.submit')}
        </button>
      </form>
    </section>
  );
}
