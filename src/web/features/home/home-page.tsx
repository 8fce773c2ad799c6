import { Link } from 'react-router';
import { greeting, greetingName } from '#shared/greeting.ts';
import { displayName } from '#shared/users.ts';
import { Avatar } from '../../components/avatar.tsx';
import { ChevronRightIcon, SettingsIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { cardStyles, mutedText } from '../../components/ui.ts';
import { useUser } from '../auth/api/get-user.ts';
import { useCurrentHousehold } from '../households/api/get-household.ts';
import { HomeFindRoommates } from '../listings/components/home-listings.tsx';
import { HomeHeader } from './home-header.tsx';

/** '/' for a member of a household: greeting, the household's name and its members. */
export function HomePage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  if (!user || !household) return <PageSpinner />;
  const count = household.members.length;
  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <HomeHeader
        user={user}
        title={`${greeting(new Date().getHours())}, ${greetingName(user)}`}
        subtitle={household.name}
      />
      <section aria-labelledby="members-title" className={`${cardStyles} space-y-4`}>
        <h2 id="members-title" className="font-semibold text-lg">
          Members <span className={`font-normal text-base ${mutedText}`}>({count})</span>
        </h2>
        <ul className="flex flex-wrap gap-3">
          {household.members.map((member) => (
            <li key={member.userId} className="flex items-center gap-2">
              <Avatar user={member.user} size="sm" />
              <span className="text-sm">{displayName(member.user)}</span>
            </li>
          ))}
        </ul>
      </section>
      <Link
        to="/settings"
        className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-400"
      >
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
          <SettingsIcon className="size-6" />
        </span>
        <span className="flex-1">
          <span className="block font-semibold text-lg">Household settings</span>
          <span className={`block text-sm ${mutedText}`}>
            Invite roommates, set the rent, manage members.
          </span>
        </span>
        <ChevronRightIcon className="size-5 text-slate-500 dark:text-slate-400" />
      </Link>
      <HomeFindRoommates />
    </div>
  );
}
