import { Link, useLocation, useSearchParams } from 'react-router';
import {
  passwordMessages,
  passwordResetConfirmSchema,
  passwordResetSchema,
} from '#shared/accounts/passwords.ts';
import { FORGOT_PASSWORD_PATH } from '#shared/accounts/paths.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';
import { checkResolver, checkSchema, schemaResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, linkStyles } from '../../components/ui.ts';
import { useConfirmPasswordReset, useRequestPasswordReset } from './api/passwords.ts';
import { AuthErrorCard } from './components/auth-error-card.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { finishSignIn } from './session.ts';

/**
 * The password screens (docs/accounts.md, Passwords): /forgot-password asks for a link,
 * /reset-password?token=… is where the link leads.
 */
export function PasswordPage() {
  const { pathname } = useLocation();
  return pathname === FORGOT_PASSWORD_PATH ? <ForgotPassword /> : <ResetPassword />;
}

const forgotResolver = schemaResolver(passwordResetSchema);

/** /forgot-password: asks for the account's e-mail and sends a link there (docs/accounts.md, Passwords). */
function ForgotPassword() {
  const form = useSchemaForm({ defaultValues: { email: '' }, resolver: forgotResolver });
  const request = useRequestPasswordReset();
  const busy = form.isSubmitting || request.isPending;

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Type the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/auth" className={linkStyles}>
            Sign In
          </Link>
        </>
      }
    >
      {request.isSuccess ? (
        <p role="status">{request.data.message}</p>
      ) : (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={form.submit((input) => request.mutate(input.email))}
          className="space-y-4"
        >
          {request.isError && <AuthErrorCard message={extractErrorMessage(request.error.message)} />}
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            {...form.text('email')}
          />
          <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
            {busy ? 'Sending...' : 'Send me a link'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}

type Values = { password: string; confirmPassword: string };

/** The link's refusals: each says which (unknown, used, expired) and the page offers a new link. */
const LINK_PROBLEMS = new Set<string>([
  passwordMessages.resetLinkUnknown,
  passwordMessages.resetLinkUsed,
  passwordMessages.resetLinkExpired,
]);

const FIELD_OF_MESSAGE: Record<string, keyof Values> = {
  [messages.passwordTooShort]: 'password',
  [messages.passwordTooLong]: 'password',
  [messages.passwordsDontMatch]: 'confirmPassword',
};

/** /reset-password?token=…: the page an e-mailed reset link opens (docs/accounts.md, Passwords). */
function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const resolver = checkResolver((values: Values) =>
    checkSchema(passwordResetConfirmSchema, { ...values, token }),
  );
  const form = useSchemaForm({ defaultValues: { password: '', confirmPassword: '' }, resolver });
  const busy = form.isSubmitting || confirm.isPending || confirm.isSuccess;
  const refusal = confirm.isError ? extractErrorMessage(confirm.error.message) : null;
  const linkProblem = refusal !== null && LINK_PROBLEMS.has(refusal);

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Every device signed in to your account will be signed out."
      footer={
        <Link to="/auth" className={linkStyles}>
          Back to Sign In
        </Link>
      }
    >
      {!token || linkProblem ? (
        <div className="space-y-4">
          <AuthErrorCard message={refusal ?? passwordMessages.resetLinkUnknown} />
          <Link to={FORGOT_PASSWORD_PATH} className={`${buttonStyles.primary} w-full`}>
            Send me a new link
          </Link>
        </div>
      ) : (
        <form
          ref={form.formRef}
          noValidate
          onSubmit={form.submit((input) =>
            confirm.mutate(input, {
              onSuccess: (user) => finishSignIn(user, { newSignup: false }),
              onError: (error) => form.showServerError(error, FIELD_OF_MESSAGE),
            }),
          )}
          className="space-y-4"
        >
          {refusal && !linkProblem && !Object.hasOwn(FIELD_OF_MESSAGE, refusal) && (
            <AuthErrorCard message={refusal} />
          )}
          <TextField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            {...form.text('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            {...form.text('confirmPassword')}
          />
          <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
            {busy ? 'Saving...' : 'Save and sign in'}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
