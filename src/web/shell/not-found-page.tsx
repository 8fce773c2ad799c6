import { Link } from 'react-router';
import { buttonStyles, mutedText } from '../components/ui.ts';
import { useT } from '../lib/i18n.tsx';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-bold text-5xl text-blue-700 dark:text-blue-300" aria-hidden="true">
        404
      </p>
      <h1 className="font-bold text-2xl">{t('shell.notFound.title')}</h1>
      <p className={mutedText}>{t('shell.notFound.text')}</p>
      <Link to="/" className={buttonStyles.primary}>
        {t('shell.notFound.home')}
      </Link>
    </div>
  );
}
