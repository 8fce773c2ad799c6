import { normalizeAuthError } from '#shared/errors.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useLogin } from '../api/login.ts';
import { finishSignIn } from '../session.ts';
import { useFormFields } from '../use-form-fields.ts';
import { AuthErrorCard } from './auth-error-card.tsx';

export function SignInForm() {
  const { values, errors, setField, validate, checking, formError, formProps } = useFormFields({
    email: '',
    password: '',
  });
  const login = useLogin();
  // After success the page reloads; the button stays busy until then.
  const busy = checking || login.isPending || login.isSuccess;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const input = await validate((v) => v.loginSchema);
    if (!input) return;
    login.mutate(input, {
      // With permission already granted, this browser subscribes to pushes again (docs/accounts.md,
      // After signing in or out). The push code loads then, not with the sign-in screen.
      onSuccess: (user) =>
        finishSignIn(user, {
          newSignup: false,
          beforeReload: () =>
            import('../../../lib/push-subscription.ts').then((m) => m.initNotificationsAfterLogin()),
        }),
    });
  };

  return (
    <form {...formProps} onSubmit={onSubmit} noValidate className="space-y-4">
      {formError ? (
        <AuthErrorCard message={formError} />
      ) : (
        login.error && <AuthErrorCard message={normalizeAuthError(login.error.message || 'Login failed')} />
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => setField('email', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => setField('password', e.target.value)}
      />
      <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
