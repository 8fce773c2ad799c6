import '#shared/i18n/compiled/areas/settings.ts';
import { errorText, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { useSentInvites } from '../../households/index.ts';

/** The household's open invites by e-mail, each with what became of its e-mail. */
export function SentInvites() {
  const t = useT();
  const { locale } = useLocaleFormat();
  const sent = useSentInvites();
  const invites = sent.data?.invites ?? [];
  if (invites.length === 0) return null;
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  return (
    <section aria-label={t('settings.household.sentInvites.title')} className="space-y-1">
      <h4 className="font-medium text-slate-800 text-sm dark:text-slate-200">
        {t('settings.household.sentInvites.title')}
      </h4>
      <ul className="space-y-1 text-sm">
        {invites.map((invite) => (
          <li key={`${invite.email}-${invite.sentAt}`} className="break-words">
            <span className="font-medium">{invite.email}</span>{' '}
            {invite.delivery === 'failed' ? (
              <span className={errorText}>
                {t('settings.household.sentInvites.failed', { problem: invite.problem })}
              </span>
            ) : (
              <span className={mutedText}>
                {t(
                  invite.invitedBy
                    ? 'settings.household.sentInvites.stateBy'
                    : 'settings.household.sentInvites.state',
                  {
                    state: invite.delivery,
                    name: invite.invitedBy,
                    date: dayFormat.format(new Date(invite.expiresAt)),
                  },
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
