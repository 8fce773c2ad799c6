import { Link } from 'react-router';
import { linkStyles } from '../../../components/ui.ts';
import { useWords } from '../use-words.ts';

/** The Expenses screen's ways to the household's history: the activity feed and the trash. */
export function MoneyLinks() {
  const { t } = useWords();
  return (
    <nav aria-label={t('expenses.links.label')} className="flex flex-wrap items-center gap-4">
      <Link to="/activity" state={{ from: '/expenses' }} className={`${linkStyles} text-sm`}>
        {t('expenses.links.activity')}
      </Link>
      <Link to="/expenses/deleted" className={`${linkStyles} text-sm`}>
        {t('expenses.links.deleted')}
      </Link>
    </nav>
  );
}
