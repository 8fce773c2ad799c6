import '#shared/i18n/compiled/areas/home.ts';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon, PlusSquareIcon, UsersIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { mutedText } from '../../components/ui.ts';
import { greetingName } from '../../lib/greeting.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
import { useUser } from '../auth/index.ts';
import { NoHouseholdListings } from '../listings/index.ts';
import { HomeHeader } from './home-header.tsx';
import { RemovedNotice } from './removed-notice.tsx';

const cards: {
  to: string;
  title: MessageId;
  text: MessageId;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}[] = [
  {
    to: '/onboarding',
    title: 'home.noHousehold.household.title',
    text: 'home.noHousehold.household.text',
    icon: UsersIcon,
  },
  {
    to: '/roommates',
    title: 'home.noHousehold.listing.title',
    text: 'home.noHousehold.listing.text',
    icon: PlusSquareIcon,
  },
];

/**
 * '/' for a signed-in user who has finished onboarding but has no household (docs/screens.md, Home
 * without a household).
 */
export function NoHouseholdHome() {
  const t = useT();
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <HomeHeader
        user={user}
        title={t('home.noHousehold.welcome', { name: greetingName(user) })}
        subtitle={t('home.noHousehold.subtitle')}
      />
      <RemovedNotice />
      <ul className="space-y-3">
        {cards.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-400"
            >
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                <Icon className="size-6" />
              </span>
              <span className="flex-1">
                <span className="block font-semibold text-lg">{t(title)}</span>
                <span className={`block text-sm ${mutedText}`}>{t(text)}</span>
              </span>
              <ChevronRightIcon className="size-5 text-slate-500 dark:text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <NoHouseholdListings />
    </div>
  );
}
