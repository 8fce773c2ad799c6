import '#shared/i18n/compiled/areas/dashboard.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayName } from '#shared/accounts/users.ts';
import type { ActivityItem, MemberPerformance, UpcomingEvent } from '#shared/dashboard/api.ts';
import { completionLabel } from '#shared/dashboard/rules.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { ChatIcon, CheckIcon } from '../../../components/icons.tsx';
import { ReceiptIcon } from '../../../components/page-icons.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';
import { useClock } from '../../../lib/clock.ts';
import { T, useLocaleFormat, useT } from '../../../lib/i18n.tsx';
import { useMoney } from '../../households/index.ts';

/** A grey block the size of what will replace it, so nothing moves when the data arrives. */
export function Skeleton({ className }: { className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800 ${className}`}
    />
  );
}

/** One of the four linked figures (home tiles, dashboard stat cards): fixed height, so no shift. */
export function StatTile({
  to,
  icon,
  label,
  value,
  detail,
  loading,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  loading: boolean;
}) {
  return (
    <Link
      to={to}
      className="flex h-32 flex-col justify-between rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-600 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-400"
    >
      <span className="flex items-center gap-2 text-blue-700 dark:text-blue-300">
        {icon}
        <span className="font-semibold text-slate-900 text-sm dark:text-slate-100">{label}</span>
      </span>
      {loading ? (
        <span className="space-y-1.5">
          <Skeleton className="h-8 w-16" />
          <Skeleton className="h-4 w-24" />
        </span>
      ) : (
        <span>
          <span className="block truncate font-bold text-2xl">{value}</span>
          <span className={`block truncate text-sm ${mutedText}`}>{detail}</span>
        </span>
      )}
    </Link>
  );
}

/** A card with a heading and an optional link on the right. */
export function SummaryCard({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${cardStyles} space-y-4`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="font-semibold text-lg">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Skeleton rows for a list that is still loading: `rows` lines of the list's own height. */
export function SkeletonRows({ rows, height = 'h-10' }: { rows: number; height?: string }) {
  return (
    <div className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <Skeleton key={i} className={`${height} w-full`} />
      ))}
    </div>
  );
}

const RATE_KEYS = { Excellent: 'excellent', Good: 'good', 'Needs Work': 'needsWork' } as const;

export function RateBadge({ rate }: { rate: number | null }) {
  const t = useT();
  if (rate === null) return <span className={`text-sm ${mutedText}`}>{t('dashboard.rate.nothingDue')}</span>;
  const label = completionLabel(rate);
  const tone =
    label === 'Excellent'
      ? 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300'
      : label === 'Good'
        ? 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300'
        : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
  return (
    <span className={`rounded-full px-2.5 py-0.5 font-semibold text-sm ${tone}`}>
      {t('dashboard.rate.label', { label: RATE_KEYS[label] })}
    </span>
  );
}

/** Each member's completion rate as a bar, with chores done and points. */
export function MemberBars({ members }: { members: readonly MemberPerformance[] }) {
  const t = useT();
  return (
    <ul className="space-y-3">
      {members.map((m) => {
        const name = displayName(m.user);
        const rate = m.completionRate ?? 0;
        return (
          <li key={m.userId} className="flex items-center gap-3">
            <Avatar user={m.user} size="sm" />
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="truncate font-semibold">{name}</span>
                <span className={mutedText}>
                  {t('dashboard.members.stats', { done: m.choresDone, points: m.points })}
                </span>
              </div>
              {/* The figure beside the bar says the same for assistive technology. */}
              <div
                aria-hidden="true"
                className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              >
                <div
                  className="h-full rounded-full bg-blue-600 dark:bg-blue-400"
                  style={{ width: `${rate}%` }}
                />
              </div>
            </div>
            <span className="w-12 text-right font-semibold text-sm tabular-nums">
              {m.completionRate === null ? '–' : `${rate}%`}
              <span className="sr-only"> {t('dashboard.members.rateSr')}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function TopPerformer({ member }: { member: MemberPerformance | null }) {
  const t = useT();
  if (!member) return <p className={mutedText}>{t('dashboard.top.none')}</p>;
  return (
    <div className="flex items-center gap-4">
      <Avatar user={member.user} size="md" />
      <div className="min-w-0">
        <p className="truncate font-semibold text-lg">{displayName(member.user)}</p>
        <p className={`text-sm ${mutedText}`}>
          {t('dashboard.top.breakdown', {
            points: member.points,
            chores: member.choresDone,
            messages: member.messages,
            expenses: member.expensesPaid,
          })}
        </p>
      </div>
    </div>
  );
}

const ACTIVITY_ICON = {
  chore: <CheckIcon className="size-5" />,
  expense: <ReceiptIcon className="size-5" />,
  message: <ChatIcon className="size-5" />,
} as const;

/** A date as `Intl` writes it in a locale and (optionally) a zone; a narrow no-break space before AM/PM reads as a space. */
function formatIn(date: Date, locale: string, options: Intl.DateTimeFormatOptions): string {
  const timeZone = 'timeZone' in date && typeof date.timeZone === 'string' ? date.timeZone : undefined;
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date).replace(/\u202f/g, ' ');
}

/** Recent activity times: 'Mar 7, 2:05 PM' in English (docs/screens.md, Household dashboard). */
export const activityTime = (iso: string, locale = 'en-US', hour12 = true) =>
  formatIn(new Date(iso), locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12,
  });

export function ActivityList({
  items,
  nameOf,
}: {
  items: readonly ActivityItem[];
  nameOf: (userId: string | null) => string;
}) {
  const money = useMoney();
  const t = useT();
  const { locale, hour12 } = useLocaleFormat();
  if (items.length === 0) return <p className={mutedText}>{t('dashboard.activity.empty')}</p>;
  return (
    <ul className="space-y-3">
      {items.map((item) => {
        const who = nameOf(item.userId);
        return (
          <li key={`${item.kind}-${item.id}`} className="flex items-start gap-3">
            <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {ACTIVITY_ICON[item.kind]}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{item.title}</p>
              <p className={`text-sm ${mutedText}`}>
                <T
                  id="dashboard.activity.line"
                  values={{
                    kind: item.kind,
                    who,
                    amount: money.format(item.amountCents ?? 0),
                    time: activityTime(item.at, locale, hour12),
                  }}
                  components={{ 0: <time dateTime={item.at} /> }}
                />
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function useEventWhen(): (event: UpcomingEvent, withDay: boolean) => string {
  const clock = useClock();
  const t = useT();
  const { locale, hour12 } = useLocaleFormat();
  const day: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12 };
  return (event, withDay) => {
    const start = clock.at(event.startDate);
    if (event.allDay)
      return withDay
        ? t('dashboard.event.dayAllDay', { day: formatIn(start, locale, day) })
        : t('dashboard.event.allDay');
    return formatIn(start, locale, withDay ? { ...day, ...time } : time);
  };
}

export function EventList({
  events,
  withDay,
  empty,
}: {
  events: readonly UpcomingEvent[];
  withDay: boolean;
  empty: string;
}) {
  const eventWhen = useEventWhen();
  if (events.length === 0) return <p className={mutedText}>{empty}</p>;
  return (
    <ul className="space-y-2">
      {events.map((event) => (
        <li key={`${event.id}-${event.startDate}`} className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="size-3 shrink-0 rounded-full"
            style={{ background: event.color }}
          />
          {withDay ? (
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{event.title}</span>
              <time dateTime={event.startDate} className={`block text-sm ${mutedText}`}>
                {eventWhen(event, true)}
              </time>
            </span>
          ) : (
            <>
              <span className="min-w-0 flex-1 truncate font-medium">{event.title}</span>
              <time dateTime={event.startDate} className={`shrink-0 text-sm ${mutedText}`}>
                {eventWhen(event, false)}
              </time>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
