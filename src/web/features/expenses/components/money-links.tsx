import { Link } from 'react-router';
import { linkStyles } from '../../../components/ui.ts';

/** The Expenses screen's ways to the household's history: the activity feed and the trash. */
export function MoneyLinks() {
  return (
    <nav aria-label="Money history" className="flex flex-wrap items-center gap-4">
      <Link to="/activity" state={{ from: '/expenses' }} className={`${linkStyles} text-sm`}>
        Activity
      </Link>
      <Link to="/expenses/deleted" className={`${linkStyles} text-sm`}>
        Deleted items
      </Link>
    </nav>
  );
}
