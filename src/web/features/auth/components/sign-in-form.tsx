import { Link } from 'react-router';
import { FORGOT_PASSWORD_PATH } from '#shared/accounts/paths.ts';
import { normalizeAuthError } from '#shared/errors.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, linkStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { loginResolver } from '../account-resolvers.ts';
import { useLogin } from '../api/login.ts';
import { finishSignIn } from '../session.ts';
import { AuthErrorCard } from './auth-error-card.tsx';

export function SignInForm() {
  const form = useSchemaForm({ defaultValues: { email: '', password: '' }, resolver: loginResolver });
  const login = useLogin();
  const t = useT();
  // While the checks load the form is busy too; after success the page reloads, so it stays busy.
  const busy = form.isSubmitting || login.isPending || login.isSuccess;
  const formError = form.errors.root;

  return (
    <form
      ref={form.formRef}
      onFocus={loginResolver.preload}
      onSubmit={form.submit((input) =>
        login.mutate(input, {
          // With permission already granted, this browser subscribes to pushes again (docs/accounts.md,
          // After signing in or out). The push code loads then, not with the sign-in screen.
          onSuccess: (user) =>
            finishSignIn(user, {
              newSignup: false,
              beforeReload: () =>
                import('../../../lib/push-subscription.ts').then((m) => m.initNotificationsAfterLogin()),
            }),
        }),
      )}
      noValidate
      className="space-y-4"
    >
      {formError ? (
        <AuthErrorCard message={formError} />
      ) : (
        login.error && (
          <AuthErrorCard message={normalizeAuthError(login.error.message || t('auth.signIn.failed'))} />
        )
      )}
      <TextField
        label={t('auth.field.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        {...form.text('email')}
      />
      <TextField
        label={t('auth.field.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        {...form.text('password')}
      />
      <p className="text-right text-sm">
        <Link to={FORGOT_PASSWORD_PATH} className={linkStyles}>
          {t('auth.signIn.forgot')}
        </Link>
      </p>
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? t('auth.signIn.busy') : t('auth.signIn.submit')}
      </button>
    </form>
  );
}
