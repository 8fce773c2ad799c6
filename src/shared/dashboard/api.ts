import { z } from 'zod';
import { messageAuthor } from '../accounts/api.ts';
import { operation } from '../api/operation.ts';
import { PRIORITIES } from '../chores/rules.ts';
import { listingView } from '../listings/api.ts';
import { timeZoneField } from '../time/zone-field.ts';
import { answerInstant, registerMessages, sharedMessages } from '../validation.ts';
import { DASHBOARD_PERIODS } from './rules.ts';

// The home screen and the household dashboard (docs/screens.md; decision 0005).

const routeMessages = registerMessages('dashboard', {
  periodInvalid: sharedMessages.periodInvalid,
} as const);

// Days, 'today' and the chart's buckets are the viewer's: the client sends its time zone.
const tz = timeZoneField('tz').default('UTC');

const memberPerformance = z.strictObject({
  userId: z.string(),
  user: messageAuthor,
  /** Chores of theirs counted in the period (due in it, or done in it) and how many are done. */
  choresDue: z.number(),
  choresCompleted: z.number(),
  completionRate: z.number().nullable(),
  /** Chores they completed in the period, whoever they were assigned to. */
  choresDone: z.number(),
  /** The chore points of those chores: what ranks members and names the top performer (decision 0005). */
  points: z.number(),
  messages: z.number(),
  expensesPaid: z.number(),
  /** Activity score: messages + expenses paid + chores done. A count, never shown as points. */
  score: z.number(),
});
export type MemberPerformance = z.output<typeof memberPerformance>;

const activityItem = z.strictObject({
  kind: z.enum(['chore', 'expense', 'message']),
  id: z.string(),
  title: z.string(),
  userId: z.string().nullable(),
  /** ISO date-time: when the chore was done, the expense added, the message sent. */
  at: z.string(),
  /** Expenses only. */
  amountCents: z.number().optional(),
});
export type ActivityItem = z.output<typeof activityItem>;

const upcomingEvent = z.strictObject({
  id: z.string(),
  title: z.string(),
  startDate: answerInstant,
  endDate: answerInstant,
  allDay: z.boolean(),
  color: z.string(),
  location: z.string().nullable(),
});
export type UpcomingEvent = z.output<typeof upcomingEvent>;

const priorityChore = z.strictObject({
  id: z.string(),
  title: z.string(),
  dueDate: answerInstant,
  priority: z.enum(PRIORITIES),
  status: z.enum(['todo', 'doing']),
  assignedTo: z.string().nullable(),
});
export type PriorityChore = z.output<typeof priorityChore>;

const dashboardData = z.strictObject({
  period: z.enum(DASHBOARD_PERIODS),
  from: z.string().nullable(),
  to: z.string(),
  chores: z.strictObject({
    counted: z.number(),
    completed: z.number(),
    completionRate: z.number().nullable(),
    done: z.number(),
  }),
  expenses: z.strictObject({ count: z.number(), totalCents: z.number() }),
  messages: z.strictObject({ count: z.number() }),
  tasksCompletedLast7Days: z.number(),
  members: z.array(memberPerformance),
  topPerformer: memberPerformance.nullable(),
  recentActivity: z.array(activityItem),
  upcomingEvents: z.array(upcomingEvent),
  /** All the events starting in the next 7 days; upcomingEvents lists the first few of them. */
  upcomingEventCount: z.number(),
  chart: z.strictObject({
    unit: z.enum(['day', 'month']),
    buckets: z.array(z.strictObject({ key: z.string(), count: z.number() })),
  }),
});
export type DashboardData = z.output<typeof dashboardData>;

const homeData = z.strictObject({
  household: z.strictObject({
    id: z.string(),
    name: z.string(),
    rentAmountCents: z.number().nullable(),
    rentDueDay: z.number().nullable(),
  }),
  chores: z.strictObject({ active: z.number(), total: z.number() }),
  balance: z.strictObject({ owedCents: z.number(), owingCents: z.number(), netCents: z.number() }),
  today: z.strictObject({ count: z.number(), events: z.array(upcomingEvent) }),
  messages: z.strictObject({
    unread: z.number(),
    latest: z.array(
      z.strictObject({
        id: z.string(),
        text: z.string(),
        userId: z.string().nullable(),
        authorName: z.string().nullable(),
        createdAt: answerInstant,
      }),
    ),
  }),
  priorityChores: z.array(priorityChore),
  dashboard: z.strictObject({
    completionRate: z.number().nullable(),
    tasksCompletedLast7Days: z.number(),
    topPerformer: memberPerformance.nullable(),
    members: z.array(memberPerformance),
  }),
  /** The viewer's own listings: all, active, and active featured ones. */
  listings: z.strictObject({ own: z.number(), active: z.number(), featured: z.number() }),
  /**
   * The newest active listings, featured ones first (docs/listings.md, On the home screens). The
   * name is from when only featured ones were shown; clients read it, so it stays.
   */
  featuredListings: z.array(listingView),
});
export type HomeData = z.output<typeof homeData>;

export const dashboardApi = {
  home: operation({
    method: 'GET',
    path: '/api/home',
    summary: 'What the home screen shows the viewer, counted in their time zone',
    tag: 'Dashboard',
    access: 'member',
    query: z.object({ tz }),
    responses: { 200: homeData },
  }),
  dashboard: operation({
    method: 'GET',
    path: '/api/dashboard',
    summary: "The household's figures for a period, counted in the viewer's time zone",
    tag: 'Dashboard',
    access: 'member',
    query: z.object({
      period: z.enum(DASHBOARD_PERIODS, { error: routeMessages.periodInvalid }).default('week'),
      tz,
    }),
    responses: { 200: dashboardData },
  }),
};
