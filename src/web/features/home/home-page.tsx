import { Link } from 'react-router';
import { dueLabel } from '#shared/chores/rules.ts';
import type { HomeData } from '#shared/dashboard/api.ts';
import { recommendation } from '#shared/dashboard/rules.ts';
import { errorMessage } from '#shared/errors.ts';
import { formatMoney } from '#shared/money.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { CalendarIcon, ChatIcon, ChoresIcon, SparklesIcon, WalletIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { useClock } from '../../lib/clock.ts';
import { greeting, greetingName } from '../../lib/greeting.ts';
import type { FirstReads } from '../../shell/screens.ts';
import { useUser } from '../auth/index.ts';
import {
  EventList,
  homeQueryKey,
  homeQueryOptions,
  MemberBars,
  RateBadge,
  Skeleton,
  SkeletonRows,
  StatTile,
  SummaryCard,
  useHome,
} from '../dashboard/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { HomeFindRoommates } from '../listings/index.ts';
import { HomeHeader } from './home-header.tsx';

/**
 * The expenses tile's words under the amount: your net over the whole ledger, as the Expenses
 * screen says it (netSentence), cut to fit the tile. A zero is neutral, never a debt.
 */
function netDetail(netCents: number): string {
  if (netCents > 0) return 'Owed to you';
  if (netCents < 0) return 'You owe';
  return 'All settled up';
}

function Tiles({ data }: { data: HomeData | undefined }) {
  const loading = !data;
  // What you are owed less what you owe in the debts shown: your net in either view.
  const net = data?.balance.netCents ?? 0;
  const unread = data?.messages.unread ?? 0;
  return (
    <nav aria-label="At a glance" className="grid grid-cols-2 gap-3">
      <StatTile
        to="/chores"
        icon={<ChoresIcon />}
        label="Chores"
        loading={loading}
        value={data?.chores.active}
        detail="Active chores"
      />
      <StatTile
        to="/expenses"
        icon={<WalletIcon />}
        label="Expenses"
        loading={loading}
        value={formatMoney(Math.abs(net))}
        detail={netDetail(net)}
      />
      <StatTile
        to="/calendar"
        icon={<CalendarIcon />}
        label="Calendar"
        loading={loading}
        value={data?.today.count}
        detail={data?.today.count === 1 ? 'Event today' : 'Events today'}
      />
      <StatTile
        to="/messages"
        icon={<ChatIcon />}
        label="Messages"
        loading={loading}
        value={unread}
        detail="New messages"
      />
    </nav>
  );
}

function LatestMessages({ data }: { data: HomeData | undefined }) {
  return (
    <SummaryCard
      id="latest-messages-title"
      title="Latest messages"
      action={
        <Link to="/messages" className={`text-sm ${linkStyles}`}>
          Open Chat
        </Link>
      }
    >
      {!data ? (
        <SkeletonRows rows={3} height="h-5" />
      ) : data.messages.latest.length === 0 ? (
        <p className={mutedText}>No messages yet. Say hello to your household.</p>
      ) : (
        <ul className="space-y-2">
          {data.messages.latest.map((m) => (
            <li key={m.id} className="truncate">
              <span className="font-semibold">{m.authorName ?? 'Someone'}:</span> {m.text}
            </li>
          ))}
        </ul>
      )}
    </SummaryCard>
  );
}

function TodaysPriority({ data, userId }: { data: HomeData | undefined; userId: string }) {
  const now = useClock().now();
  return (
    <SummaryCard id="priority-title" title="Today's Priority">
      {!data ? (
        <div className="space-y-4">
          <Skeleton className="h-12 w-full" />
          <SkeletonRows rows={2} height="h-6" />
        </div>
      ) : (
        <div className="space-y-4">
          <p className="flex items-start gap-2 rounded-xl bg-blue-50 p-3 text-blue-900 dark:bg-blue-950 dark:text-blue-100">
            <SparklesIcon className="mt-0.5 size-5 shrink-0" />
            <span>
              {recommendation({
                now,
                userId,
                priorityChores: data.priorityChores,
                todayEvents: data.today.events,
                owingCents: data.balance.owingCents,
                rent: { amountCents: data.household.rentAmountCents, dueDay: data.household.rentDueDay },
              })}
            </span>
          </p>
          <div className="space-y-2">
            <h3 className="font-semibold text-sm">Today's events</h3>
            <EventList events={data.today.events} withDay={false} empty="Nothing on the calendar today." />
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold text-sm">Priority chores</h3>
            {data.priorityChores.length === 0 ? (
              <p className={mutedText}>No open chores for you.</p>
            ) : (
              <ul className="space-y-2">
                {data.priorityChores.map((chore) => {
                  const label = dueLabel(new Date(chore.dueDate), now);
                  const late = Date.parse(chore.dueDate) < now.getTime();
                  return (
                    <li key={chore.id}>
                      <Link to="/chores" className="flex items-center gap-3 rounded-lg py-1 hover:underline">
                        <span className="min-w-0 flex-1 truncate font-medium">{chore.title}</span>
                        <span
                          className={`shrink-0 text-sm ${late ? 'font-semibold text-red-700 dark:text-red-300' : mutedText}`}
                        >
                          {label}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      )}
    </SummaryCard>
  );
}

function DashboardSection({ data }: { data: HomeData | undefined }) {
  const summary = data?.dashboard;
  return (
    <SummaryCard
      id="home-dashboard-title"
      title="Household Dashboard"
      action={
        <Link to="/dashboard" className={`text-sm ${linkStyles}`}>
          View All
        </Link>
      }
    >
      {!summary ? (
        <div className="space-y-4">
          <Skeleton className="h-16 w-full" />
          <SkeletonRows rows={3} />
        </div>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
              <dt className={`text-sm ${mutedText}`}>Completion rate</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="font-bold text-2xl">
                  {summary.completionRate === null ? '–' : `${summary.completionRate}%`}
                </span>
                <RateBadge rate={summary.completionRate} />
              </dd>
            </div>
            <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
              <dt className={`text-sm ${mutedText}`}>Tasks completed in the last 7 days</dt>
              <dd className="font-bold text-2xl">{summary.tasksCompletedLast7Days}</dd>
            </div>
          </dl>
          <p>
            <span className={mutedText}>Top performer: </span>
            <span className="font-semibold">
              {summary.topPerformer
                ? `${greetingName(summary.topPerformer.user)} (${summary.topPerformer.score} points)`
                : 'nobody yet'}
            </span>
          </p>
          <MemberBars members={summary.members} />
        </div>
      )}
    </SummaryCard>
  );
}

function EmptyHousehold() {
  return (
    <section aria-labelledby="home-empty-title" className={`${cardStyles} space-y-3 text-center`}>
      <h2 id="home-empty-title" className="font-semibold text-lg">
        Nothing to track yet
      </h2>
      <p className={mutedText}>Add the first chore or shared expense to see your household at a glance.</p>
      <div className="flex justify-center gap-3">
        <Link to="/chores" className={buttonStyles.primary}>
          Add Chore
        </Link>
        <Link to="/expenses" className={buttonStyles.secondary}>
          Add Expense
        </Link>
      </div>
    </section>
  );
}

/** '/' for a member of a household (docs/screens.md, Home), from one GET /api/home. */
export function HomePage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const home = useHome();
  const clock = useClock();
  const data = home.data;
  if (!user || !household) return <PageSpinner />;
  const empty =
    data !== undefined &&
    data.chores.total === 0 &&
    data.balance.owedCents === 0 &&
    data.balance.owingCents === 0;
  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <HomeHeader
        user={user}
        title={`${greeting(clock.now())}, ${greetingName(user)}`}
        subtitle={household.name}
      />
      {home.isError && !data && (
        <ErrorCard title="Could not load your home screen" message={errorMessage(home.error.message)} />
      )}
      <Tiles data={data} />
      <TodaysPriority data={data} userId={user.id} />
      {empty ? <EmptyHousehold /> : <DashboardSection data={data} />}
      <LatestMessages data={data} />
      {data ? (
        <HomeFindRoommates own={data.listings} featured={data.featuredListings} />
      ) : (
        <SkeletonRows rows={2} height="h-28" />
      )}
    </div>
  );
}

/** Its one read (src/shared/screens/screens.ts), in the viewer's time zone. */
export const firstReads: FirstReads = {
  prefetch: (client) => client.prefetchQuery(homeQueryOptions),
  seed: (client, [home]) => client.setQueryData(homeQueryKey, home),
};
