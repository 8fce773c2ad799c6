import { useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import { DASHBOARD_PERIODS, type DashboardPeriod, PERIOD_LABELS } from '#shared/dashboard/rules.ts';
import { errorMessage } from '#shared/errors.ts';
import { formatMoney } from '#shared/money.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { CalendarIcon, ChatIcon, ChoresIcon, WalletIcon } from '../../components/icons.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { buttonStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { useDashboard } from './api/get-dashboard.ts';
import { CompletionChart } from './components/completion-chart.tsx';
import {
  ActivityList,
  EventList,
  MemberBars,
  plural,
  RateBadge,
  Skeleton,
  SkeletonRows,
  StatTile,
  SummaryCard,
  TopPerformer,
} from './components/summary-parts.tsx';

const PERIOD_TABS = DASHBOARD_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));

const QUICK_ACTIONS = [
  { to: '/add-expense', label: 'Add Expense', icon: <PlusIcon /> },
  { to: '/chores', label: 'Chores', icon: <ChoresIcon /> },
  { to: '/calendar', label: 'Calendar', icon: <CalendarIcon /> },
  { to: '/messages', label: 'Messages', icon: <ChatIcon /> },
] as const;

/** /dashboard: how the household shares the work, for a period (docs/screens.md, Household dashboard). */
export function DashboardPage() {
  const { data: household } = useCurrentHousehold();
  const [period, setPeriod] = useState<DashboardPeriod>('week');
  const dashboard = useDashboard(period);
  const data = dashboard.data;
  const loading = !data;
  const names = new Map(household?.members.map((m) => [m.userId, displayName(m.user)]));
  const nameOf = (userId: string | null) =>
    userId ? (names.get(userId) ?? 'A former member') : 'A former member';

  return (
    <div className="flex flex-col gap-5 px-5 pb-10">
      <FloatingHeader
        title="Household Dashboard"
        subtitle={household?.name ?? ''}
        back={{ to: '/', label: 'Back to home' }}
        threshold={20}
      />
      {dashboard.isError && !data && (
        <ErrorCard title="Could not load the dashboard" message={errorMessage(dashboard.error.message)} />
      )}
      <Tabs label="Period" tabs={PERIOD_TABS} value={period} onChange={setPeriod} className="space-y-5">
        <div className="space-y-5" aria-busy={dashboard.isFetching}>
          <nav aria-label="Summary" className="grid grid-cols-2 gap-3">
            <StatTile
              to="/chores"
              icon={<ChoresIcon />}
              label="Chores"
              loading={loading}
              value={data?.chores.completionRate === null ? '–' : `${data?.chores.completionRate}%`}
              detail={`${data?.chores.completed ?? 0} of ${data?.chores.counted ?? 0} done`}
            />
            <StatTile
              to="/expenses"
              icon={<WalletIcon />}
              label="Expenses"
              loading={loading}
              value={formatMoney(data?.expenses.totalCents ?? 0)}
              detail={plural(data?.expenses.count ?? 0, 'expense')}
            />
            <StatTile
              to="/messages"
              icon={<ChatIcon />}
              label="Messages"
              loading={loading}
              value={data?.messages.count}
              detail="Messages sent"
            />
            <StatTile
              to="/calendar"
              icon={<CalendarIcon />}
              label="Calendar"
              loading={loading}
              value={data?.upcomingEvents.length}
              detail="Next 7 days"
            />
          </nav>

          <SummaryCard
            id="chart-title"
            title="Chores completed"
            action={data ? <RateBadge rate={data.chores.completionRate} /> : undefined}
          >
            {data ? <CompletionChart chart={data.chart} /> : <Skeleton className="h-[144px] w-full" />}
          </SummaryCard>

          <SummaryCard id="members-title" title="Household Members">
            {data ? (
              <MemberBars members={data.members} />
            ) : (
              <SkeletonRows rows={household?.members.length ?? 3} />
            )}
          </SummaryCard>

          <SummaryCard id="top-performer-title" title="Top Performer">
            {data ? <TopPerformer member={data.topPerformer} /> : <Skeleton className="h-12 w-full" />}
          </SummaryCard>

          <SummaryCard
            id="activity-title"
            title="Recent Activity"
            action={
              <Link to="/activity" state={{ from: '/dashboard' }} className={`${linkStyles} text-sm`}>
                All activity
              </Link>
            }
          >
            {data ? <ActivityList items={data.recentActivity} nameOf={nameOf} /> : <SkeletonRows rows={4} />}
          </SummaryCard>

          <SummaryCard
            id="upcoming-title"
            title="Upcoming Events"
            action={<span className={`text-sm ${mutedText}`}>Next 7 days</span>}
          >
            {data ? (
              <EventList events={data.upcomingEvents} withDay empty="Nothing planned in the next 7 days." />
            ) : (
              <SkeletonRows rows={2} height="h-6" />
            )}
          </SummaryCard>
        </div>
      </Tabs>

      <section aria-labelledby="quick-actions-title" className="space-y-3">
        <h2 id="quick-actions-title" className="font-semibold text-lg">
          Quick Actions
        </h2>
        <div className="grid grid-cols-2 gap-3">
          {QUICK_ACTIONS.map((action) => (
            <Link key={action.to} to={action.to} className={buttonStyles.secondary}>
              {action.icon}
              {action.label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}

/** /dashboard without a household (docs/screens.md, Routes by state). */
export function DashboardNoHousehold() {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-bold text-2xl">No Household Data</h1>
      <p className={mutedText}>Join or create a household to see how everyone shares the work.</p>
      <Link to="/" className={buttonStyles.primary}>
        Go to Home
      </Link>
    </div>
  );
}
