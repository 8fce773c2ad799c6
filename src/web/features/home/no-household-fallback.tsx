import '#shared/i18n/compiled/areas/home.ts';
import { Link } from 'react-router';
import { UsersIcon } from '../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';

/** What a household screen shows to someone without a household (docs/screens.md, Routes by state). */
export function NoHouseholdFallback() {
  const t = useT();
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <UsersIcon className="size-8" />
      </span>
      <h1 className="font-bold text-2xl">{t('home.fallback.title')}</h1>
      <p className={mutedText}>{t('home.fallback.text')}</p>
      <Link to="/onboarding" className={buttonStyles.primary}>
        {t('home.fallback.createOrJoin')}
      </Link>
      <Link to="/" className={buttonStyles.ghost}>
        {t('home.fallback.goHome')}
      </Link>
    </div>
  );
}
