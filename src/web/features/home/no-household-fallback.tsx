import { Link } from 'react-router';
import { UsersIcon } from '../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';

/** What a household screen shows to someone without a household (docs/screens.md, Routes by state). */
export function NoHouseholdFallback() {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <UsersIcon className="size-8" />
      </span>
      <h1 className="font-bold text-2xl">No household yet</h1>
      <p className={mutedText}>
        Chores, expenses, the calendar and chat are shared with a household. Create one or join your roommates
        to use them.
      </p>
      <Link to="/onboarding" className={buttonStyles.primary}>
        Create or Join Household
      </Link>
      <Link to="/" className={buttonStyles.ghost}>
        Go Home
      </Link>
    </div>
  );
}
