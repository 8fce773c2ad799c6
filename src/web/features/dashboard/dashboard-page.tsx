import '#shared/i18n/compiled/areas/dashboard.ts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '#shared/dashboard/rules.ts';
import { errorMessage } from '#shared/errors.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { FloatingHeader } from '../../components/floating-header.tsx';
import { CalendarIcon, ChatIcon, ChoresIcon, WalletIcon } from '../../components/icons.tsx';
import { PlusIcon } from '../../components/page-icons.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { buttonStyles, linkStyles, mutedText } from '../../components/ui.ts';
import { type MessageId, useT } from '../../lib/i18n.tsx';
import { useCurrentHousehold, useMoney } from '../households/index.ts';
import { useDashboard } from './api/get-dashboard.ts';
import { CompletionChart } from './components/completion-chart.tsx';
import {
  ActivityList,
  EventList,
  MemberBars,
  RateBadge,
  Skeleton,
  SkeletonRows,
  StatTile,
  SummaryCard,
  TopPerformer,
} from './components/summary-parts.tsx';

const QUICK_ACTIONS: readonly { to: string; label: MessageId; icon: ReactNode }[] = [
  { to: '/add-expense', label: 'dashboard.quick.addExpense', icon: <PlusIcon /> },
  { to: '/chores', label: 'dashboard.tiles.chores', icon: <ChoresIcon /> },
  { to: '/calendar', label: 'dashboard.tiles.calendar', icon: <CalendarIcon /> },
  { to: '/messages', label: 'dashboard.tiles.messages', icon: <ChatIcon /> },
];

/** /dashboard: how the household shares the work, for a period (docs/screens.md, Household dashboard). */
export function DashboardPage() {
  const t = useT();
  const money = useMoney();
  const { data: household } = useCurrentHousehold();
  const [period, setPeriod] = useState<DashboardPeriod>('week');
  const dashboard = useDashboard(period);
  const data = dashboard.data;
  const loading = !data;
  const names = new Map(household?.members.map((m) => [m.userId, displayName(m.user)]));
  const formerMember = t('dashboard.page.formerMember');
  const nameOf = (userId: string | null) => (userId ? (names.get(userId) ?? formerMember) : formerMember);
  const periodTabs = DASHBOARD_PERIODS.map((value) => ({
    value,
    label: t('dashboard.period', { period: value }),
  }));

  return (
    <div className="flex flex-col gap-5 px-5 pb-10">
      <FloatingHeader
        title={t('dashboard.page.title')}
        subtitle={household?.name ?? ''}
        back={{ to: '/', label: t('dashboard.page.back') }}
        threshold={20}
      />
      {dashboard.isError && !data && (
        <ErrorCard title={t('dashboard.page.loadError')} message={errorMessage(dashboard.error.message)} />
      )}
      <Tabs
        label={t('dashboard.page.periodLabel')}
        tabs={periodTabs}
        value={period}
        onChange={setPeriod}
        className="space-y-5"
      >
        <div className="space-y-5" aria-busy={dashboard.isFetching}>
          <nav aria-label={t('dashboard.page.summary')} className="grid grid-cols-2 gap-3">
            <StatTile
              to="/chores"
              icon={<ChoresIcon />}
              label={t('dashboard.tiles.chores')}
              loading={loading}
              value={data?.chores.completionRate === null ? '–' : `${data?.chores.completionRate}%`}
              detail={t('dashboard.tiles.choresDetail', {
                done: data?.chores.completed ?? 0,
                total: data?.chores.counted ?? 0,
              })}
            />
            <StatTile
              to="/expenses"
              icon={<WalletIcon />}
              label={t('dashboard.tiles.expenses')}
              loading={loading}
              value={money.format(data?.expenses.totalCents ?? 0)}
              detail={t('dashboard.tiles.expensesDetail', { count: data?.expenses.count ?? 0 })}
            />
            <StatTile
              to="/messages"
              icon={<ChatIcon />}
              label={t('dashboard.tiles.messages')}
              loading={loading}
              value={data?.messages.count}
              detail={t('dashboard.tiles.messagesDetail')}
            />
            <StatTile
              to="/calendar"
              icon={<CalendarIcon />}
              label={t('dashboard.tiles.calendar')}
              loading={loading}
              value={data?.upcomingEventCount}
              detail={t('dashboard.next7')}
            />
          </nav>

          <SummaryCard
            id="chart-title"
            title={t('dashboard.chart.title')}
            action={data ? <RateBadge rate={data.chores.completionRate} /> : undefined}
          >
            {data ? <CompletionChart chart={data.chart} /> : <Skeleton className="h-[144px] w-full" />}
          </SummaryCard>

          <SummaryCard id="members-title" title={t('dashboard.members.title')}>
            {data ? (
              <MemberBars members={data.members} />
            ) : (
              <SkeletonRows rows={household?.members.length ?? 3} />
            )}
          </SummaryCard>

          <SummaryCard id="top-performer-title" title={t('dashboard.top.title')}>
            {data ? <TopPerformer member={data.topPerformer} /> : <Skeleton className="h-12 w-full" />}
          </SummaryCard>

          <SummaryCard
            id="activity-title"
            title={t('dashboard.activity.title')}
            action={
              <Link to="/activity" state={{ from: '/dashboard' }} className={`${linkStyles} text-sm`}>
                {t('dashboard.activity.all')}
              </Link>
            }
          >
            {data ? <ActivityList items={data.recentActivity} nameOf={nameOf} /> : <SkeletonRows rows={4} />}
          </SummaryCard>

          <SummaryCard
            id="upcoming-title"
            title={t('dashboard.events.title')}
            action={<span className={`text-sm ${mutedText}`}>{t('dashboard.next7')}</span>}
          >
            {data ? (
              <EventList events={data.upcomingEvents} withDay empty={t('dashboard.events.empty')} />
            ) : (
              <SkeletonRows rows={2} height="h-6" />
            )}
          </SummaryCard>
        </div>
      </Tabs>

      <section aria-labelledby="quick-actions-title" className="space-y-3">
        <h2 id="quick-actions-title" className="font-semibold text-lg">
          {t('dashboard.quick.title')}
        </h2>
        <div className="grid grid-cols-2 gap-3">
          {QUICK_ACTIONS.map((action) => (
            <Link key={action.to} to={action.to} className={buttonStyles.secondary}>
              {action.icon}
              {t(action.label)}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}

/** /dashboard without a household (docs/screens.md, Routes by state). */
export function DashboardNoHousehold() {
  const t = useT();
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-bold text-2xl">{t('dashboard.noHousehold.title')}</h1>
      <p className={mutedText}>{t('dashboard.noHousehold.text')}</p>
      <Link to="/" className={buttonStyles.primary}>
        {t('dashboard.noHousehold.home')}
      </Link>
    </div>
  );
}
