import '#shared/i18n/compiled/areas/mail.ts';
import { Link, useSearchParams } from 'react-router';
import { extractErrorMessage } from '#shared/errors.ts';
import { unsubscribeMessages } from '#shared/push/notifications.ts';
import { buttonStyles, linkStyles } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useUser } from './api/get-user.ts';
import { useUnsubscribe, useUnsubscribeLink } from './api/unsubscribe.ts';
import { AuthErrorCard } from './components/auth-error-card.tsx';
import { AuthLayout } from './components/auth-layout.tsx';

/**
 * /unsubscribe?token=…: the link at the foot of a notification e-mail (docs/notifications.md, By
 * e-mail). It says which kind it stops and acts only at a press of the button: scanners open links.
 */
export function Unsubscribe() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data: user } = useUser();
  const link = useUnsubscribeLink(token);
  const stop = useUnsubscribe(token);
  const busy = stop.isPending;
  const kind = stop.data ?? link.data;
  // The kind's name in the reader's language, as the e-mail's footer named it.
  const label = kind ? t(`mail.notice.type.${kind.type}`) : '';
  const problem = !token
    ? unsubscribeMessages.invalid
    : link.isError
      ? extractErrorMessage(link.error.message)
      : null;

  return (
    <AuthLayout
      title={t('mail.unsubscribe.title')}
      subtitle={t('mail.unsubscribe.subtitle')}
      footer={
        <Link to="/settings" className={linkStyles}>
          {t(user ? 'mail.unsubscribe.allSettings' : 'mail.unsubscribe.signInForSettings')}
        </Link>
      }
    >
      {problem ? (
        <AuthErrorCard message={problem} />
      ) : !kind ? (
        <p role="status">{t('mail.unsubscribe.checking')}</p>
      ) : !kind.subscribed ? (
        <p role="status">{t('mail.unsubscribe.done', { label })}</p>
      ) : (
        <div className="space-y-4">
          <p>{t('mail.unsubscribe.ask', { label })}</p>
          {stop.isError && <AuthErrorCard message={extractErrorMessage(stop.error.message)} />}
          <button
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() => stop.mutate()}
            className={`${buttonStyles.primary} w-full`}
          >
            {t(busy ? 'mail.unsubscribe.busy' : 'mail.unsubscribe.button')}
          </button>
        </div>
      )}
    </AuthLayout>
  );
}
