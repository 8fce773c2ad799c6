import { errorText, mutedText } from '../../../components/ui.ts';
import { useSentInvites } from '../../households/index.ts';

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** The household's open invites by e-mail, each with what became of its e-mail. */
export function SentInvites() {
  const sent = useSentInvites();
  const invites = sent.data?.invites ?? [];
  if (invites.length === 0) return null;
  return (
    <section aria-label="Invites sent" className="space-y-1">
      <h4 className="font-medium text-slate-800 text-sm dark:text-slate-200">Invites sent</h4>
      <ul className="space-y-1 text-sm">
        {invites.map((invite) => (
          <li key={`${invite.email}-${invite.sentAt}`} className="break-words">
            <span className="font-medium">{invite.email}</span>{' '}
            {invite.delivery === 'failed' ? (
              <span className={errorText}>
                · could not be delivered: {invite.problem}. Check the address and send it again.
              </span>
            ) : (
              <span className={mutedText}>
                · {invite.delivery === 'sending' ? 'sending…' : 'sent'}
                {invite.invitedBy ? ` by ${invite.invitedBy}` : ''}, works until{' '}
                {dayFormat.format(new Date(invite.expiresAt))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
