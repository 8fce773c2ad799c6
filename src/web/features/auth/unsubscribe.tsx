import { Link, useSearchParams } from 'react-router';
import { extractErrorMessage } from '#shared/errors.ts';
import { unsubscribeMessages } from '#shared/push/notifications.ts';
import { buttonStyles, linkStyles } from '../../components/ui.ts';
import { useUser } from './api/get-user.ts';
import { useUnsubscribe, useUnsubscribeLink } from './api/unsubscribe.ts';
import { AuthErrorCard } from './components/auth-error-card.tsx';
import { AuthLayout } from './components/auth-layout.tsx';

/**
 * /unsubscribe?token=…: the link at the foot of a notification e-mail (docs/notifications.md, By
 * e-mail). It says which kind it stops and acts only at a press of the button: scanners open links.
 */
export function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user } = useUser();
  const link = useUnsubscribeLink(token);
  const stop = useUnsubscribe(token);
  const busy = stop.isPending;
  const kind = stop.data ?? link.data;
  const problem = !token
    ? unsubscribeMessages.invalid
    : link.isError
      ? extractErrorMessage(link.error.message)
      : null;

  return (
    <AuthLayout
      title="Stop these e-mails"
      subtitle="Notification e-mails from Hearth can be switched off one kind at a time."
      footer={
        <Link to="/settings" className={linkStyles}>
          {user ? 'All notification settings' : 'Sign in to see all notification settings'}
        </Link>
      }
    >
      {problem ? (
        <AuthErrorCard message={problem} />
      ) : !kind ? (
        <p role="status">Checking the link…</p>
      ) : !kind.subscribed ? (
        <p role="status">
          You will get no more “{kind.label}” e-mails. You can switch them on again in Settings →
          Notifications.
        </p>
      ) : (
        <div className="space-y-4">
          <p>
            Stop “{kind.label}” e-mails? Other notifications, and e-mail about your account, stay as they are.
          </p>
          {stop.isError && <AuthErrorCard message={extractErrorMessage(stop.error.message)} />}
          <button
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() => stop.mutate()}
            className={`${buttonStyles.primary} w-full`}
          >
            {busy ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
