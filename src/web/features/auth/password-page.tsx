import '#shared/i18n/compiled/areas/password.ts';
import { Link, useLocation, useSearchParams } from 'react-router';
import { emailChangeMessages } from '#shared/accounts/email-change.ts';
import {
  passwordMessages,
  passwordResetConfirmSchema,
  passwordResetSchema,
} from '#shared/accounts/passwords.ts';
import { CONFIRM_EMAIL_PATH, FORGOT_PASSWORD_PATH, UNSUBSCRIBE_PATH } from '#shared/accounts/paths.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import { messages } from '#shared/validation.ts';
import { checkResolver, checkSchema, schemaResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, linkStyles } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { useConfirmEmail } from './api/email-change.ts';
import { useUser } from './api/get-user.ts';
import { useConfirmPasswordReset, useRequestPasswordReset } from './api/passwords.ts';
import { AuthErrorCard } from './components/auth-error-card.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { finishSignIn } from './session.ts';
import { Unsubscribe } from './unsubscribe.tsx';

/**
 * The password screens (docs/accounts.md, Passwords): /forgot-password asks for a link,
 * /reset-password?token=… is where the link leads. /confirm-email?token=… is here too, where the
 * link sent to a new address leads, and /unsubscribe?token=… (./unsubscribe.tsx), where a
 * notification e-mail's footer link leads: in modules of their own they would be more chunks.
 */
export function PasswordPage() {
  const { pathname } = useLocation();
  if (pathname === CONFIRM_EMAIL_PATH) return <ConfirmEmail />;
  if (pathname === UNSUBSCRIBE_PATH) return <Unsubscribe />;
  return pathname === FORGOT_PASSWORD_PATH ? <ForgotPassword /> : <ResetPassword />;
}

const forgotResolver = schemaResolver(passwordResetSchema);

/** /forgot-password: asks for the account's e-mail and sends a link there (docs/accounts.md, Passwords). */
function ForgotPassword() {
  const t = useT();
  const form = useSchemaForm({ defaultValues: { email: '' }, resolver: forgotResolver });
  const request = useRequestPasswordReset();
  const busy = form.isSubmitting || request.isPending;

  return (
    <AuthLayout
      title={t('password.forgot.title')}
      subtitle={t('password.forgot.subtitle')}
      footer={
        <>
          {t('password.forgot.remembered')}{' '}
          <Link to="/auth" className={linkStyles}>
            {t('password.signIn')}
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
            label={t('password.email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            {...form.text('email')}
          />
          <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
            {busy ? t('password.forgot.busy') : t('password.forgot.submit')}
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
  const t = useT();
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
      title={t('password.reset.title')}
      subtitle={t('password.reset.subtitle')}
      footer={
        <Link to="/auth" className={linkStyles}>
          {t('password.backToSignIn')}
        </Link>
      }
    >
      {!token || linkProblem ? (
        <div className="space-y-4">
          <AuthErrorCard message={refusal ?? passwordMessages.resetLinkUnknown} />
          <Link to={FORGOT_PASSWORD_PATH} className={`${buttonStyles.primary} w-full`}>
            {t('password.reset.newLink')}
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
            label={t('password.reset.password')}
            type="password"
            name="password"
            autoComplete="new-password"
            {...form.text('password')}
          />
          <TextField
            label={t('password.reset.confirm')}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            {...form.text('confirmPassword')}
          />
          <button type="submit" disabled={busy} aria-busy={busy} className={`${buttonStyles.primary} w-full`}>
            {busy ? t('password.reset.busy') : t('password.reset.submit')}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}

/** The refusals that end the page's use of this link; any other failure may be tried again. */
const EMAIL_LINK_PROBLEMS = new Set<string>([
  emailChangeMessages.linkUnknown,
  emailChangeMessages.linkUsed,
  emailChangeMessages.linkExpired,
  emailChangeMessages.emailTaken,
]);

/**
 * /confirm-email?token=…: where the link sent to a new address leads (docs/accounts.md, Changing
 * the e-mail address). It confirms only at a press of the button: mail scanners open links too.
 */
function ConfirmEmail() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user } = useUser();
  const confirm = useConfirmEmail();
  const busy = confirm.isPending;
  const refusal = confirm.isError ? extractErrorMessage(confirm.error.message) : null;
  const linkProblem = refusal !== null && EMAIL_LINK_PROBLEMS.has(refusal);
  const onward = user ? (
    <Link to="/settings" className={`${buttonStyles.primary} w-full`}>
      {t('password.confirmEmail.toSettings')}
    </Link>
  ) : (
    <Link to="/auth" className={`${buttonStyles.primary} w-full`}>
      {t('password.signIn')}
    </Link>
  );

  return (
    <AuthLayout
      title={t('password.confirmEmail.title')}
      subtitle={t('password.confirmEmail.subtitle')}
      footer={
        <Link to={user ? '/settings' : '/auth'} className={linkStyles}>
          {user ? t('password.confirmEmail.backToSettings') : t('password.backToSignIn')}
        </Link>
      }
    >
      {confirm.isSuccess ? (
        <div className="space-y-4">
          <p role="status">
            <T
              id="password.confirmEmail.done"
              values={{ email: confirm.data.email }}
              components={{ 0: <span className="break-all font-semibold" /> }}
            />
          </p>
          {onward}
        </div>
      ) : !token || linkProblem ? (
        <div className="space-y-4">
          <AuthErrorCard message={refusal ?? emailChangeMessages.linkUnknown} />
          <Link to="/settings" className={`${buttonStyles.primary} w-full`}>
            {t('password.confirmEmail.toSettings')}
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          {refusal && <AuthErrorCard message={refusal} />}
          <button
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() => confirm.mutate(token)}
            className={`${buttonStyles.primary} w-full`}
          >
            {busy ? t('password.confirmEmail.busy') : t('password.confirmEmail.submit')}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
