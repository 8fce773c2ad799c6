import '#shared/i18n/compiled/areas/chores.ts';
import '#shared/i18n/compiled/areas/dashboard.ts';
import '#shared/i18n/compiled/areas/home.ts';
import { useId } from 'react';
import { Link } from 'react-router';
import { dueLabelMessage } from '#shared/chores/rules.ts';
import type { HomeData } from '#shared/dashboard/api.ts';
import { recommendation } from '#shared/dashboard/rules.ts';
import { errorMessage } from '#shared/errors.ts';
import type { Household } from '#shared/households/api.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { CalendarIcon, ChatIcon, ChoresIcon, SparklesIcon, WalletIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles, cardStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { useClock } from '../../lib/clock.ts';
import { greeting, greetingName } from '../../lib/greeting.ts';
import { type MessageId, T, useLocaleFormat, useT } from '../../lib/i18n.tsx';
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
import { InviteShare, useCurrentHousehold, useMoney } from '../households/index.ts';
import { HomeFindRoommates } from '../listings/index.ts';
import { HomeHeader } from './home-header.tsx';

/**
 * The expenses tile's words under the amount: your net over the whole ledger, as the Expenses
 * screen says it (netSentence), cut to fit the tile. A zero is neutral, never a debt.
 */
function netDetail(netCents: number): MessageId {
  if (netCents > 0) return 'home.tiles.owedToYou';
  if (netCents < 0) return 'home.tiles.youOwe';
  return 'home.tiles.settled';
}

function Tiles({ data }: { data: HomeData | undefined }) {
  const t = useT();
  const money = useMoney();
  const loading = !data;
  // What you are owed less what you owe in the debts shown: your net in either view.
  const net = data?.balance.netCents ?? 0;
  const unread = data?.messages.unread ?? 0;
  return (
    <nav aria-label={t('home.tiles.label')} className="grid grid-cols-2 gap-3">
      <StatTile
        to="/chores"
        icon={<ChoresIcon />}
        label={t('home.tiles.chores')}
        loading={loading}
        value={data?.chores.active}
        detail={t('home.tiles.choresDetail')}
      />
      <StatTile
        to="/expenses"
        icon={<WalletIcon />}
        label={t('home.tiles.expenses')}
        loading={loading}
        value={money.format(Math.abs(net))}
        detail={t(netDetail(net))}
      />
      <StatTile
        to="/calendar"
        icon={<CalendarIcon />}
        label={t('home.tiles.calendar')}
        loading={loading}
        value={data?.today.count}
        detail={t('home.tiles.eventsToday', { count: data?.today.count ?? 0 })}
      />
      <StatTile
        to="/messages"
        icon={<ChatIcon />}
        label={t('home.tiles.messages')}
        loading={loading}
        value={unread}
        detail={t('home.tiles.newMessages')}
      />
    </nav>
  );
}

function LatestMessages({ data }: { data: HomeData | undefined }) {
  const t = useT();
  return (
    <SummaryCard
      id="latest-messages-title"
      title={t('home.latest.title')}
      action={
        <Link to="/messages" className={`text-sm ${linkStyles}`}>
          {t('home.latest.open')}
        </Link>
      }
    >
      {!data ? (
        <SkeletonRows rows={3} height="h-5" />
      ) : data.messages.latest.length === 0 ? (
        <p className={mutedText}>{t('home.latest.empty')}</p>
      ) : (
        <ul className="space-y-2">
          {data.messages.latest.map((m) => (
            <li key={m.id} className="truncate">
              <T
                id="home.latest.line"
                values={{ name: m.authorName ?? t('home.latest.someone'), text: m.text }}
                components={{ 0: <span className="font-semibold" /> }}
              />
            </li>
          ))}
        </ul>
      )}
    </SummaryCard>
  );
}

function TodaysPriority({ data, userId }: { data: HomeData | undefined; userId: string }) {
  const t = useT();
  const money = useMoney();
  const now = useClock().now();
  const { locale } = useLocaleFormat();
  return (
    <SummaryCard id="priority-title" title={t('home.priority.title')}>
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
              {recommendation(
                {
                  now,
                  userId,
                  priorityChores: data.priorityChores,
                  todayEvents: data.today.events,
                  todayEventCount: data.today.count,
                  owingCents: data.balance.owingCents,
                  rent: { amountCents: data.household.rentAmountCents, dueDay: data.household.rentDueDay },
                  money: money.format,
                },
                t,
                locale,
              )}
            </span>
          </p>
          <div className="space-y-2">
            <h3 className="font-semibold text-sm">{t('home.priority.events')}</h3>
            <EventList events={data.today.events} withDay={false} empty={t('home.priority.noEvents')} />
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold text-sm">{t('home.priority.chores')}</h3>
            {data.priorityChores.length === 0 ? (
              <p className={mutedText}>{t('home.priority.noChores')}</p>
            ) : (
              <ul className="space-y-2">
                {data.priorityChores.map((chore) => {
                  // The chores screen's own due words (its area is loaded above).
                  const due = dueLabelMessage(new Date(chore.dueDate), now, locale);
                  const label = t(due.id, due.values);
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

const performerParts = { 0: <span className={mutedText} />, 1: <span className="font-semibold" /> };

function DashboardSection({ data }: { data: HomeData | undefined }) {
  const t = useT();
  const summary = data?.dashboard;
  return (
    <SummaryCard
      id="home-dashboard-title"
      title={t('home.dashboard.title')}
      action={
        <Link to="/dashboard" className={`text-sm ${linkStyles}`}>
          {t('home.dashboard.viewAll')}
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
              <dt className={`text-sm ${mutedText}`}>{t('home.dashboard.completionRate')}</dt>
              <dd className="flex flex-wrap items-center gap-2">
                <span className="font-bold text-2xl">
                  {summary.completionRate === null ? '–' : `${summary.completionRate}%`}
                </span>
                <RateBadge rate={summary.completionRate} />
              </dd>
            </div>
            <div className="rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
              <dt className={`text-sm ${mutedText}`}>{t('home.dashboard.completedLast7')}</dt>
              <dd className="font-bold text-2xl">{summary.tasksCompletedLast7Days}</dd>
            </div>
          </dl>
          <p>
            {summary.topPerformer ? (
              <T
                id="home.dashboard.topPerformer"
                values={{
                  name: greetingName(summary.topPerformer.user),
                  points: summary.topPerformer.points,
                }}
                components={performerParts}
              />
            ) : (
              <T id="home.dashboard.noTopPerformer" components={performerParts} />
            )}
          </p>
          <MemberBars members={summary.members} />
        </div>
      )}
    </SummaryCard>
  );
}

function EmptyHousehold() {
  const t = useT();
  return (
    <section aria-labelledby="home-empty-title" className={`${cardStyles} space-y-3 text-center`}>
      <h2 id="home-empty-title" className="font-semibold text-lg">
        {t('home.empty.title')}
      </h2>
      <p className={mutedText}>{t('home.empty.text')}</p>
      <div className="flex justify-center gap-3">
        <Link to="/chores" className={buttonStyles.primary}>
          {t('home.empty.addChore')}
        </Link>
        <Link to="/expenses" className={buttonStyles.secondary}>
          {t('home.empty.addExpense')}
        </Link>
      </div>
    </section>
  );
}

/** While the household has one member: its invite code and link, to bring the others in. */
function InviteRoommates({ household }: { household: Household }) {
  const t = useT();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`${cardStyles} space-y-2`}>
      <h2 id={titleId} className="font-semibold text-lg">
        {t('home.invite.title')}
      </h2>
      <p className={`text-sm ${mutedText}`}>{t('home.invite.text', { household: household.name })}</p>
      <InviteShare household={household} />
    </section>
  );
}

/** '/' for a member of a household (docs/screens.md, Home), from one GET /api/home. */
export function HomePage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  const home = useHome();
  const clock = useClock();
  const t = useT();
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
        title={t('home.greeting.title', { greeting: greeting(clock.now(), t), name: greetingName(user) })}
        subtitle={household.name}
        search
      />
      {home.isError && !data && (
        <ErrorCard title={t('home.loadError')} message={errorMessage(home.error.message)} />
      )}
      {household.members.length === 1 && <InviteRoommates household={household} />}
      <Tiles data={data} />
      <TodaysPriority data={data} userId={user.id} />
      {empty ? <EmptyHousehold /> : <DashboardSection data={data} />}
      <LatestMessages data={data} />
      {data ? (
        <HomeFindRoommates own={data.listings} listings={data.featuredListings} />
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
