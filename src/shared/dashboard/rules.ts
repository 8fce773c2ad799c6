import { TZDate } from '@date-fns/tz';
import { displayName } from '../accounts/users.ts';
import { addDaysToKey, addMonthsToMonth, dayKeyIn } from '../calendar/days.ts';
import { dueLabelMessage } from '../chores/rules.ts';
import type { MessageId } from '../i18n/compiled/en.ts';
import { formatMoney as money } from '../money.ts';
import { wallClockInstant } from '../time/zone-offsets.ts';
import type { MemberPerformance, PriorityChore, UpcomingEvent } from './api.ts';

// The home screen and the household dashboard (docs/screens.md; decision 0005): the rules both
// sides share (periods, ranking, labels, the recommendation sentence). The two answers are
// declared in dashboard/api.ts.

export const DASHBOARD_PERIODS = ['week', 'month', 'all'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  week: 'This Week',
  month: 'This Month',
  all: 'All Time',
};
/** 'This Week' is the last 7 calendar days with today, 'This Month' the last 30, in the viewer's zone. */
export const PERIOD_DAYS = { week: 7, month: 30 } as const;

export const RECENT_ACTIVITY_LIMIT = 8;
export const RECENT_MESSAGES_LIMIT = 5;
export const UPCOMING_EVENTS_LIMIT = 5;
export const UPCOMING_DAYS = 7;
export const TITLE_LIMIT = 50;
export const HOME_LIMIT = 3;
/** A period longer than this is charted by month instead of by day. */
export const MAX_DAY_BUCKETS = 31;

/** Midnight at the start of a 'YYYY-MM-DD' day in a time zone (the zone's date arithmetic decides clock changes at midnight). */
export function startOfDayIn(key: string, timeZone: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return wallClockInstant(Date.UTC(y, m - 1, d), timeZone) ?? new TZDate(y, m - 1, d, timeZone).getTime();
}

/** The first instant of a period: local midnight 6 (or 29) days before today; null for all time. */
export function periodStart(period: DashboardPeriod, now: number, timeZone: string): number | null {
  if (period === 'all') return null;
  return startOfDayIn(addDaysToKey(dayKeyIn(now, timeZone), -(PERIOD_DAYS[period] - 1)), timeZone);
}

export interface ChartBuckets {
  unit: 'day' | 'month';
  /** 'YYYY-MM-DD' for days, 'YYYY-MM' for months, oldest first. */
  keys: string[];
  /** Where each bucket starts (ms); the last one ends now. */
  starts: number[];
}

/**
 * The chart's buckets from `from` (null: nothing done yet) to now: one a day, or one a month when
 * the span is longer than MAX_DAY_BUCKETS days.
 */
export function chartBuckets(from: number | null, now: number, timeZone: string): ChartBuckets {
  if (from === null) return { unit: 'day', keys: [], starts: [] };
  const today = dayKeyIn(now, timeZone);
  const first = dayKeyIn(from, timeZone);
  const days: string[] = [];
  for (let key = first; key <= today && days.length <= MAX_DAY_BUCKETS; key = addDaysToKey(key, 1))
    days.push(key);
  if (days.length <= MAX_DAY_BUCKETS) {
    return { unit: 'day', keys: days, starts: days.map((key) => startOfDayIn(key, timeZone)) };
  }
  const months: string[] = [];
  for (let month = first.slice(0, 7); month <= today.slice(0, 7); month = addMonthsToMonth(month, 1))
    months.push(month);
  return { unit: 'month', keys: months, starts: months.map((m) => startOfDayIn(`${m}-01`, timeZone)) };
}

/** Message text in the activity list: its first 50 characters, with '…' when there is more. */
export function cutTitle(text: string): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length > TITLE_LIMIT ? `${chars.slice(0, TITLE_LIMIT).join('')}…` : chars.join('');
}

/** ≥ 80 % 'Excellent', ≥ 50 % 'Good', else 'Needs Work' (docs/screens.md, Home). */
export function completionLabel(rate: number): 'Excellent' | 'Good' | 'Needs Work' {
  if (rate >= 80) return 'Excellent';
  if (rate >= 50) return 'Good';
  return 'Needs Work';
}

/** Whole percent, or null when nothing was due. */
export function percent(done: number, total: number): number | null {
  return total > 0 ? Math.round((done / total) * 100) : null;
}

/** The home's expenses tile: 'Owed to you', 'You owe' or 'All settled'. */
export function netLabel(netCents: number): 'Owed to you' | 'You owe' | 'All settled' {
  if (netCents > 0) return 'Owed to you';
  if (netCents < 0) return 'You owe';
  return 'All settled';
}

type Ranked = Pick<MemberPerformance, 'points' | 'choresDone' | 'user'>;

/**
 * Most chore points first; ties: more chores done, then name (decision 0005). Points are the only
 * "points" on screen: the ones the chores screen awards.
 */
export function rankMembers<T extends Ranked>(members: readonly T[]): T[] {
  return [...members].sort(
    (a, b) =>
      b.points - a.points ||
      b.choresDone - a.choresDone ||
      displayName(a.user).localeCompare(displayName(b.user)),
  );
}

/** The top performer: the first of the ranking, once anyone has earned a point. */
export function topPerformer<T extends Ranked>(members: readonly T[]): T | null {
  const first = rankMembers(members)[0];
  return first && first.points > 0 ? first : null;
}

export interface RecommendationInput {
  now: Date;
  userId: string;
  priorityChores: readonly PriorityChore[];
  /** The first few of today's events (the home lists at most HOME_LIMIT). */
  todayEvents: readonly UpcomingEvent[];
  /** Every event starting today: the sentence counts these, not the few listed. */
  todayEventCount: number;
  owingCents: number;
  rent: { amountCents: number | null; dueDay: number | null };
  /** Writes an amount of the household's currency (US dollars when not given). */
  money?: (minor: number) => string;
}

const SOON_MS = 2 * 3_600_000;
const RENT_WARNING_DAYS = 3;

/** Days from today until the next rent due day (clamped to the month's last day). */
export function daysUntilRent(dueDay: number, now: Date): number {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  for (let months = 0; months < 2; months++) {
    const last = new Date(today.getFullYear(), today.getMonth() + months + 1, 0).getDate();
    const due = new Date(today.getFullYear(), today.getMonth() + months, Math.min(dueDay, last));
    if (due >= today) return Math.round((due.getTime() - today.getTime()) / 86_400_000);
  }
  return 0;
}

/** A message of the dashboard's catalogue and its values. */
export interface DashboardMessage {
  id: MessageId;
  values?: Record<string, string | number>;
}

/** Writes a message: Lingui's `t` in the app, `translate(locale, …)` on the server and in tests. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Hours and minutes in a locale ('10:30 AM' in en-US), in the zone of `now` when it has one. */
function clockTime(at: Date, now: Date, locale: string): string {
  const timeZone = 'timeZone' in now && typeof now.timeZone === 'string' ? now.timeZone : undefined;
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone })
    .format(at)
    .replace(/\u202f/g, ' ');
}

/**
 * 'Today's Priority': one sentence from what matters most now: an overdue chore, an event about
 * to start, a chore due today or tomorrow, rent due within 3 days, money owed, today's events,
 * the next chore; else all clear. As a message id and values; `recommendation` writes it.
 */
export function recommendationMessage(input: RecommendationInput, locale = 'en-US'): DashboardMessage {
  const now = input.now.getTime();
  const formatMoney = input.money ?? ((minor: number) => money(minor));
  const chores = [...input.priorityChores].sort((a, b) => Date.parse(a.dueDate) - Date.parse(b.dueDate));
  const overdue = chores.find((c) => Date.parse(c.dueDate) < now);
  if (overdue) {
    const label = dueLabelMessage(new Date(overdue.dueDate), input.now, locale);
    const when =
      label.id === 'chores.due.yesterday'
        ? 'yesterday'
        : label.id === 'chores.due.overdue'
          ? 'days'
          : 'today';
    const days = label.id === 'chores.due.overdue' ? label.values.days : 0;
    return { id: 'dashboard.rec.overdue', values: { title: overdue.title, when, days } };
  }
  const soon = input.todayEvents.find((e) => {
    const start = Date.parse(e.startDate);
    return !e.allDay && start >= now && start - now <= SOON_MS;
  });
  if (soon)
    return {
      id: 'dashboard.rec.soon',
      values: { title: soon.title, time: clockTime(new Date(soon.startDate), input.now, locale) },
    };
  for (const c of chores) {
    const label = dueLabelMessage(new Date(c.dueDate), input.now, locale);
    if (label.id === 'chores.due.today' || label.id === 'chores.due.tomorrow')
      return {
        id: 'dashboard.rec.dueSoon',
        values: { title: c.title, when: label.id === 'chores.due.today' ? 'today' : 'tomorrow' },
      };
  }
  const { amountCents, dueDay } = input.rent;
  if (dueDay !== null) {
    const days = daysUntilRent(dueDay, input.now);
    if (days <= RENT_WARNING_DAYS) {
      return amountCents
        ? { id: 'dashboard.rec.rentAmount', values: { amount: formatMoney(amountCents), days } }
        : { id: 'dashboard.rec.rent', values: { days } };
    }
  }
  if (input.owingCents > 0)
    return { id: 'dashboard.rec.owe', values: { amount: formatMoney(input.owingCents) } };
  const next = input.todayEvents.find((e) => e.allDay || Date.parse(e.endDate) >= now);
  if (next) {
    return { id: 'dashboard.rec.events', values: { count: input.todayEventCount, title: next.title } };
  }
  const upcoming = chores[0];
  if (upcoming) {
    const label = dueLabelMessage(new Date(upcoming.dueDate), input.now, locale);
    if (label.id === 'chores.due.inDays')
      return { id: 'dashboard.rec.nextInDays', values: { title: upcoming.title, days: label.values.days } };
    if (label.id === 'chores.due.date')
      return { id: 'dashboard.rec.nextOn', values: { title: upcoming.title, date: label.values.date } };
  }
  return { id: 'dashboard.rec.clear' };
}

/** The recommendation written with `t` (its ids are in the dashboard catalogue). */
export function recommendation(input: RecommendationInput, t: Translate, locale = 'en-US'): string {
  const message = recommendationMessage(input, locale);
  return t(message.id, message.values);
}
