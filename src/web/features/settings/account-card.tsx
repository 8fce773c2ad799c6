import '#shared/i18n/compiled/areas/settings.ts';
import type { PublicUser } from '#shared/accounts/api.ts';
import { cardStyles, mutedText } from '../../components/ui.ts';
import { useLocaleFormat, useT } from '../../lib/i18n.tsx';

export function AccountCard({ user }: { user: PublicUser }) {
  const t = useT();
  const { locale } = useLocaleFormat();
  const created = new Date(user.createdAt);
  // 'MMMM d, yyyy' in English (e.g. November 27, 2026), the language's own long date elsewhere.
  const memberSince = Number.isNaN(created.getTime())
    ? t('settings.account.unknown')
    : new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric' }).format(created);
  return (
    <section aria-labelledby="account-title" className={`${cardStyles} space-y-3`}>
      <h2 id="account-title" className="font-semibold text-lg">
        {t('settings.account.title')}
      </h2>
      <dl className="space-y-3 text-sm">
        <div>
          <dt className={mutedText}>{t('settings.account.userId')}</dt>
          <dd className="break-all font-mono">{user.id}</dd>
        </div>
        <div>
          <dt className={mutedText}>{t('settings.account.memberSince')}</dt>
          <dd>{memberSince}</dd>
        </div>
      </dl>
    </section>
  );
}
