import { AlertIcon } from '../../../components/icons.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { type MessageId, useT } from '../../../lib/i18n.tsx';

/** normalizeAuthError's rewordings (src/shared/errors.ts), by id. */
const REWORDED: Record<string, MessageId> = {
  'Invalid email or password, please try again.': 'auth.error.invalidCredentials',
  'An account with this email already exists. Please try signing in instead.': 'auth.error.userExists',
  'Authentication failed. Please check your credentials and try again.': 'auth.error.authFailed',
  'Registration failed. Please check your information and try again.': 'auth.error.registrationFailed',
};

/** A server error of sign-in or sign-up, reworded (docs/accounts.md, Server errors), in the member's language. */
export function AuthErrorCard({ message }: { message: string }) {
  const t = useT();
  const reworded = REWORDED[message];
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{t('auth.error.title')}</p>
        <p className="text-sm">{reworded ? t(reworded) : errorText(message, t)}</p>
      </div>
    </div>
  );
}
