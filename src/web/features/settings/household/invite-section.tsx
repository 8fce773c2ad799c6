import '#shared/i18n/compiled/areas/settings.ts';
import type { Household } from '#shared/households/api.ts';
import { mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { InviteShare } from '../../households/index.ts';
import { EmailInviteForm } from './email-invite-form.tsx';
import { SentInvites } from './sent-invites.tsx';

/** The invite code and link (copied or shared), invites by e-mail and those sent. */
export function InviteSection({ household }: { household: Household }) {
  const t = useT();
  return (
    <div className="space-y-3">
      <div>
        <h3 className="font-medium text-slate-800 text-sm dark:text-slate-200">
          {t('settings.household.invite.title')}
        </h3>
        <p className={`text-sm ${mutedText}`}>{t('settings.household.invite.text')}</p>
      </div>
      <InviteShare household={household} />
      <EmailInviteForm />
      <SentInvites />
    </div>
  );
}
