import '#shared/i18n/compiled/areas/settings.ts';
import { cardStyles } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

/** Settings → Security: the e-mail address, the password, and where the account is signed in. */
export function SecurityCard() {
  const t = useT();
  return (
    <section aria-labelledby="security-title" className={`${cardStyles} space-y-5`}>
      <h2 id="security-title" className="font-semibold text-lg">
        {t('settings.security.title')}
      </h2>
      <EmailSection />
      <PasswordSection />
      <SessionsSection />
    </section>
  );
}
