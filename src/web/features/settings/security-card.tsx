import { cardStyles } from '../../components/ui.ts';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

/** Settings → Security: the password, and where the account is signed in. */
export function SecurityCard() {
  return (
    <section aria-labelledby="security-title" className={`${cardStyles} space-y-5`}>
      <h2 id="security-title" className="font-semibold text-lg">
        Security
      </h2>
      <PasswordSection />
      <SessionsSection />
    </section>
  );
}
