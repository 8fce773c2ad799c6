import { sql } from 'kysely';
import { displayName } from '#shared/accounts/users.ts';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { addDaysToKey, dayKeyIn } from '#shared/calendar/days.ts';
import type {
  ActivityItem,
  DashboardData,
  HomeData,
  MemberPerformance,
  UpcomingEvent,
} from '#shared/dashboard/api.ts';
import {
  type ChartBuckets,
  chartBuckets,
  cutTitle,
  type DashboardPeriod,
  HOME_LIMIT,
  percent,
  periodStart,
  RECENT_ACTIVITY_LIMIT,
  RECENT_MESSAGES_LIMIT,
  rankMembers,
  startOfDayIn,
  topPerformer,
  UPCOMING_DAYS,
  UPCOMING_EVENTS_LIMIT,
} from '#shared/dashboard/rules.ts';
import type { ListingView } from '#shared/listings/api.ts';
import { listingsQuerySchema } from '#shared/listings/schemas.ts';
import { toAuthor } from '#shared/messages/schemas.ts';
import { currencyExponent } from '#shared/money.ts';
import type { Db } from '../../db/database.ts';
import { listOccurrences } from '../calendar/queries.ts';
import { balanceFor } from '../expenses/ledger.ts';
import { householdCurrency, listMembers } from '../households/queries.ts';
import { browseListings } from '../listings/queries.ts';
import { unreadCount } from '../messages/queries.ts';

// Every figure is an SQL aggregate (COUNT/SUM … GROUP BY member) over indexed columns, so the
// answer costs the same few queries whether the household has ten rows or ten thousand.

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const num = (value: unknown) => Number(value ?? 0);

interface Window {
  /** Inclusive start, or null for all time. */
  from: number | null;
  now: number;
}

/** Chores counted in a window: due in it (up to now), or done in it; per assignee. */
async function choreCompletion(db: Db, householdId: string, { from, now }: Window) {
  const rows = await db
    .selectFrom('chores')
    .select((eb) => [
      'assigned_to',
      eb.fn.countAll<number>().as('counted'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'done').then(1).else(0).end()).as('completed'),
    ])
    .where('household_id', '=', householdId)
    .where((eb) => {
      const dueInWindow = from === null ? eb('due_at', '<', now) : eb.between('due_at', from, now - 1);
      const doneInWindow =
        from === null
          ? eb('status', '=', 'done')
          : eb.and([eb('status', '=', 'done'), eb('completed_at', '>=', from)]);
      return eb.or([dueInWindow, doneInWindow]);
    })
    .groupBy('assigned_to')
    .execute();
  return new Map(rows.map((r) => [r.assigned_to, { counted: num(r.counted), completed: num(r.completed) }]));
}

/** Chores done in a window, per member who did them, with the points earned. */
async function choresDone(db: Db, householdId: string, from: number | null) {
  let q = db
    .selectFrom('chores')
    .select((eb) => [
      'completed_by',
      eb.fn.countAll<number>().as('done'),
      eb.fn.sum<number>('points_awarded').as('points'),
    ])
    .where('household_id', '=', householdId)
    .where('status', '=', 'done');
  if (from !== null) q = q.where('completed_at', '>=', from);
  const rows = await q.groupBy('completed_by').execute();
  return new Map(rows.map((r) => [r.completed_by, { done: num(r.done), points: num(r.points) }]));
}

async function messagesSent(db: Db, householdId: string, from: number | null) {
  let q = db
    .selectFrom('messages')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('count')])
    .where('household_id', '=', householdId)
    .where('type', '=', 'text');
  if (from !== null) q = q.where('created_at', '>=', from);
  const rows = await q.groupBy('user_id').execute();
  return new Map(rows.map((r) => [r.user_id, num(r.count)]));
}

/**
 * Expenses by the day they are dated (a calendar date, compared as 'YYYY-MM-DD'). A week or month
 * ends today: an expense dated later (entered ahead) is in no such window until its day comes.
 */
async function expensesPaid(db: Db, householdId: string, days: { from: string; to: string } | null) {
  let q = db
    .selectFrom('expenses')
    .select((eb) => [
      'paid_by',
      eb.fn.countAll<number>().as('count'),
      eb.fn.sum<number>('amount_cents').as('cents'),
    ])
    .where('household_id', '=', householdId)
    .where('deleted_at', 'is', null);
  if (days !== null) q = q.where('date', '>=', days.from).where('date', '<=', days.to);
  const rows = await q.groupBy('paid_by').execute();
  return new Map(rows.map((r) => [r.paid_by, { count: num(r.count), cents: num(r.cents) }]));
}

async function countDoneSince(db: Db, householdId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('chores')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('household_id', '=', householdId)
    .where('status', '=', 'done')
    .where('completed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return num(row.count);
}

const sumOf = <T>(map: Map<unknown, T>, pick: (value: T) => number) =>
  [...map.values()].reduce((total, value) => total + pick(value), 0);

/** Each current member's figures for a window, and the household's totals. */
async function performance(db: Db, householdId: string, window: Window, timeZone: string) {
  const days =
    window.from === null
      ? null
      : { from: dayKeyIn(window.from, timeZone), to: dayKeyIn(window.now, timeZone) };
  const [members, completion, done, messages, expenses] = await Promise.all([
    listMembers(db, householdId),
    choreCompletion(db, householdId, window),
    choresDone(db, householdId, window.from),
    messagesSent(db, householdId, window.from),
    expensesPaid(db, householdId, days),
  ]);
  const rows: MemberPerformance[] = members.map(({ userId, user }) => {
    const own = completion.get(userId) ?? { counted: 0, completed: 0 };
    const did = done.get(userId) ?? { done: 0, points: 0 };
    const sent = messages.get(userId) ?? 0;
    const paid = expenses.get(userId)?.count ?? 0;
    return {
      userId,
      user: toAuthor(user),
      choresDue: own.counted,
      choresCompleted: own.completed,
      completionRate: percent(own.completed, own.counted),
      choresDone: did.done,
      points: did.points,
      messages: sent,
      expensesPaid: paid,
      score: sent + paid + did.done,
    };
  });
  const counted = sumOf(completion, (v) => v.counted);
  const completed = sumOf(completion, (v) => v.completed);
  return {
    members: rankMembers(rows),
    chores: {
      counted,
      completed,
      completionRate: percent(completed, counted),
      done: sumOf(done, (v) => v.done),
    },
    expenses: { count: sumOf(expenses, (v) => v.count), totalCents: sumOf(expenses, (v) => v.cents) },
    messages: { count: sumOf(messages, (v) => v) },
  };
}

async function recentActivity(db: Db, householdId: string, from: number | null): Promise<ActivityItem[]> {
  const since = from ?? Number.MIN_SAFE_INTEGER;
  const [chores, expenses, messages] = await Promise.all([
    db
      .selectFrom('chores')
      .select(['id', 'title', 'completed_by', 'completed_at'])
      .where('household_id', '=', householdId)
      .where('completed_at', '>=', since)
      .orderBy('completed_at', 'desc')
      .limit(RECENT_ACTIVITY_LIMIT)
      .execute(),
    db
      .selectFrom('expenses')
      .select(['id', 'title', 'paid_by', 'amount_cents', 'created_at'])
      .where('household_id', '=', householdId)
      .where('deleted_at', 'is', null)
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(RECENT_ACTIVITY_LIMIT)
      .execute(),
    db
      .selectFrom('messages')
      .select(['id', 'content', 'user_id', 'created_at'])
      .where('household_id', '=', householdId)
      .where('type', '=', 'text')
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(RECENT_MESSAGES_LIMIT)
      .execute(),
  ]);
  const items: (Omit<ActivityItem, 'at'> & { ms: number })[] = [
    ...chores.map((c) => ({
      kind: 'chore' as const,
      id: c.id,
      title: c.title,
      userId: c.completed_by,
      ms: num(c.completed_at),
    })),
    ...expenses.map((e) => ({
      kind: 'expense' as const,
      id: e.id,
      title: e.title,
      userId: e.paid_by,
      amountCents: e.amount_cents,
      ms: num(e.created_at),
    })),
    ...messages.map((m) => ({
      kind: 'message' as const,
      id: m.id,
      title: cutTitle(m.content),
      userId: m.user_id,
      ms: num(m.created_at),
    })),
  ];
  return items
    .sort((a, b) => b.ms - a.ms || a.id.localeCompare(b.id))
    .slice(0, RECENT_ACTIVITY_LIMIT)
    .map(({ ms, ...item }) => ({ ...item, at: iso(ms) }));
}

const toUpcoming = (e: CalendarOccurrence): UpcomingEvent => ({
  id: e.id,
  title: e.title,
  startDate: e.startDate,
  endDate: e.endDate,
  allDay: e.allDay,
  color: e.color,
  location: e.location,
});

/**
 * The events (occurrences of recurring ones too) starting within the next 7 days: how many, and
 * the first few of them.
 */
async function upcomingEvents(
  db: Db,
  householdId: string,
  now: number,
): Promise<{ count: number; first: UpcomingEvent[] }> {
  const events = await listOccurrences(db, householdId, now, now + UPCOMING_DAYS * DAY_MS);
  const starting = events.filter((e) => Date.parse(e.startDate) >= now);
  return { count: starting.length, first: starting.slice(0, UPCOMING_EVENTS_LIMIT).map(toUpcoming) };
}

/** Chores done per day (or month) of the window, counted in SQL by bucket. */
async function completionChart(
  db: Db,
  householdId: string,
  from: number | null,
  now: number,
  timeZone: string,
): Promise<DashboardData['chart']> {
  let start = from;
  if (start === null) {
    const first = await db
      .selectFrom('chores')
      .select((eb) => eb.fn.min<number>('completed_at').as('first'))
      .where('household_id', '=', householdId)
      .where('status', '=', 'done')
      .executeTakeFirst();
    start = first?.first == null ? null : Math.min(num(first.first), now);
  }
  const buckets: ChartBuckets = chartBuckets(start, now, timeZone);
  if (buckets.keys.length === 0) return { unit: buckets.unit, buckets: [] };
  // CASE WHEN completed_at < start1 THEN 0 WHEN completed_at < start2 THEN 1 … ELSE last END
  const later = buckets.starts.slice(1);
  const bucketOf =
    later.length === 0
      ? sql<number>`0`
      : sql<number>`case ${sql.join(
          later.map((s, i) => sql`when completed_at < ${s} then ${i}`),
          sql` `,
        )} else ${later.length} end`;
  const rows = await db
    .selectFrom('chores')
    .select((eb) => [bucketOf.as('bucket'), eb.fn.countAll<number>().as('count')])
    .where('household_id', '=', householdId)
    .where('status', '=', 'done')
    .where('completed_at', '>=', buckets.starts[0]!)
    .where('completed_at', '<=', now)
    .groupBy(sql`1`)
    .execute();
  const counts = new Map(rows.map((r) => [num(r.bucket), num(r.count)]));
  return { unit: buckets.unit, buckets: buckets.keys.map((key, i) => ({ key, count: counts.get(i) ?? 0 })) };
}

/** GET /api/dashboard: the household dashboard for one period. */
export async function dashboard(
  db: Db,
  householdId: string,
  period: DashboardPeriod,
  now: number,
  timeZone: string,
): Promise<DashboardData> {
  const from = periodStart(period, now, timeZone);
  const lastWeek = periodStart('week', now, timeZone)!;
  const [figures, weekDone, activity, upcoming, chart] = await Promise.all([
    performance(db, householdId, { from, now }, timeZone),
    from === lastWeek ? null : countDoneSince(db, householdId, lastWeek),
    recentActivity(db, householdId, from),
    upcomingEvents(db, householdId, now),
    completionChart(db, householdId, from, now, timeZone),
  ]);
  return {
    period,
    from: from === null ? null : iso(from),
    to: iso(now),
    chores: figures.chores,
    expenses: figures.expenses,
    messages: figures.messages,
    tasksCompletedLast7Days: weekDone ?? figures.chores.done,
    members: figures.members,
    topPerformer: topPerformer(figures.members),
    recentActivity: activity,
    upcomingEvents: upcoming.first,
    upcomingEventCount: upcoming.count,
    chart,
  };
}

/**
 * The listings home shows: the board's first few as Browse orders them (featured first, then
 * newest), in the household's city when it has one, else from anywhere. A household has no
 * address of its own; its place is that of the latest listing one of its members posted (the
 * room they advertised is most likely in their home). Kept in the read cache: other posters'
 * streets stay out (listings/queries.ts, Reader).
 */
async function homeListings(db: Db, householdId: string, userId: string) {
  const reader = { userId, cached: true };
  const place = await db
    .selectFrom('listings as l')
    .innerJoin('household_members as m', 'm.user_id', 'l.created_by')
    .select(['l.country', 'l.city'])
    .where('m.household_id', '=', householdId)
    .orderBy('l.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (place) {
    const near = await browseListings(
      db,
      listingsQuerySchema.parse({ country: place.country, city: place.city, limit: HOME_LIMIT }),
      reader,
    );
    if (near.listings.length > 0) return near;
  }
  return browseListings(db, listingsQuerySchema.parse({ limit: HOME_LIMIT }), reader);
}

/** GET /api/home: what the home screen shows, for one member. */
export async function home(
  db: Db,
  householdId: string,
  userId: string,
  now: number,
  timeZone: string,
): Promise<HomeData> {
  const todayKey = dayKeyIn(now, timeZone);
  const todayStart = startOfDayIn(todayKey, timeZone);
  const tomorrowStart = startOfDayIn(addDaysToKey(todayKey, 1), timeZone);
  const weekStart = periodStart('week', now, timeZone)!;
  const [household, choreCounts, priority, balance, today, unread, latest, week, listings, board] =
    await Promise.all([
      db
        .selectFrom('households')
        .select(['id', 'name', 'rent_amount_cents', 'rent_due_day'])
        .where('id', '=', householdId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('chores')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('status', '!=', 'done').then(1).else(0).end()).as('active'),
        ])
        .where('household_id', '=', householdId)
        .executeTakeFirstOrThrow(),
      // The viewer's own open chores and the unassigned ones, nearest due first.
      db
        .selectFrom('chores')
        .select(['id', 'title', 'due_at', 'priority', 'status', 'assigned_to'])
        .where('household_id', '=', householdId)
        .where('status', '!=', 'done')
        .where((eb) => eb.or([eb('assigned_to', '=', userId), eb('assigned_to', 'is', null)]))
        .orderBy('due_at')
        .orderBy('id')
        .limit(HOME_LIMIT)
        .execute(),
      balanceFor(db, householdId, userId),
      listOccurrences(db, householdId, todayStart, tomorrowStart),
      unreadCount(db, householdId, userId),
      db
        .selectFrom('messages as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.content', 'm.user_id', 'm.created_at', 'u.first_name', 'u.last_name', 'u.email'])
        .where('m.household_id', '=', householdId)
        .where('m.type', '=', 'text')
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(HOME_LIMIT)
        .execute(),
      performance(db, householdId, { from: weekStart, now }, timeZone),
      db
        .selectFrom('listings')
        .select((eb) => [
          eb.fn.countAll<number>().as('own'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'active').then(1).else(0).end()).as('active'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(eb.and([eb('status', '=', 'active'), eb('featured', '=', true)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('featured'),
        ])
        .where('created_by', '=', userId)
        .executeTakeFirstOrThrow(),
      homeListings(db, householdId, userId),
    ]);
  // Only events that start today (an event that started yesterday and runs on is not 'today's').
  const todays = today.filter((e) => Date.parse(e.startDate) >= todayStart);
  const unit = 10 ** currencyExponent(await householdCurrency(db, householdId));
  const owedCents = Math.round(balance.totalOwed * unit);
  const owingCents = Math.round(balance.totalOwing * unit);
  return {
    household: {
      id: household.id,
      name: household.name,
      rentAmountCents: household.rent_amount_cents,
      rentDueDay: household.rent_due_day,
    },
    chores: { active: num(choreCounts.active), total: num(choreCounts.total) },
    balance: { owedCents, owingCents, netCents: owedCents - owingCents },
    today: { count: todays.length, events: todays.slice(0, HOME_LIMIT).map(toUpcoming) },
    messages: {
      unread,
      latest: latest.map((m) => ({
        id: m.id,
        text: cutTitle(m.content),
        userId: m.user_id,
        authorName: m.user_id
          ? displayName({ firstName: m.first_name, lastName: m.last_name, email: m.email })
          : null,
        createdAt: iso(num(m.created_at)),
      })),
    },
    priorityChores: priority.map((c) => ({
      id: c.id,
      title: c.title,
      dueDate: iso(num(c.due_at)),
      priority: c.priority,
      status: c.status === 'doing' ? 'doing' : 'todo',
      assignedTo: c.assigned_to,
    })),
    dashboard: {
      completionRate: week.chores.completionRate,
      tasksCompletedLast7Days: week.chores.done,
      topPerformer: topPerformer(week.members),
      members: week.members,
    },
    listings: { own: num(listings.own), active: num(listings.active), featured: num(listings.featured) },
    // The server's listing is the view the client reads (its enums are checked on the way in).
    featuredListings: board.listings as ListingView[],
  };
}
