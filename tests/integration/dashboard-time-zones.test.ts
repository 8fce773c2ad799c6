// The dashboard and the home screen through the API: the viewer's time zone decides the days.

import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityItem, DashboardData } from '#shared/dashboard/api.ts';
import {
  addEvent,
  buckets,
  dayKeys,
  getDashboard,
  getHome,
  NOW,
  NOW_ISO,
  type Person,
  perf,
  SEED_START,
  setUpDashboardApp,
} from './dashboard-setup.ts';

const t = setUpDashboardApp();
const { householdWith, insertMessage, createChore, completeAt, addExpense, setClock } = t;

describe('the time zone decides the days', () => {
  // Zoe alone. NOW is 2026-03-11 05:00 in Los Angeles (PDT since 03-08, PST before) and
  // 2026-03-12 01:00 in Auckland (NZDT).
  let zoe: Person;
  let ids: Record<string, string>;
  beforeAll(async () => {
    const { household, people } = await householdWith(['Zoe Zane']);
    zoe = people[0]!;
    ids = {};
    for (const [title, at] of [
      ['Early', '2026-03-05T06:00:00Z'], // UTC 03-05 · LA 03-04 22:00 · Auckland 03-05 19:00
      // Just after midnight in LA, the first such midnight after the switch to daylight time.
      ['Midnight', '2026-03-09T07:30:00Z'], // UTC 03-09 · LA 03-09 00:30 · Auckland 03-09 20:30
      ['Evening', '2026-03-10T20:00:00Z'], // UTC 03-10 · LA 03-10 13:00 · Auckland 03-11 09:00
      ['Morning', '2026-03-11T11:30:00Z'], // UTC 03-11 · LA 03-11 04:30 · Auckland 03-12 00:30
    ] as const) {
      const chore = await createChore(zoe, { title, dueDate: '2026-03-11T23:00:00Z' });
      await completeAt(zoe, chore.id, at);
      ids[title] = chore.id;
    }
    const expense = await addExpense(zoe, [zoe], {
      title: 'Tickets',
      amount: '20.00',
      date: '2026-03-05',
      createdAt: '2026-03-05T06:30:00Z',
    });
    ids.Tickets = expense.id;
    // Dated tomorrow in UTC and Los Angeles, today in Auckland: in a week only where its day has come.
    const concert = await addExpense(zoe, [zoe], {
      title: 'Concert',
      amount: '15.00',
      date: '2026-03-12',
      createdAt: '2026-03-11T09:30:00Z',
    });
    ids.Concert = concert.id;
    ids.note = await insertMessage(household.id, zoe, 'Old note', '2026-02-01T12:00:00Z');
    setClock(SEED_START);
    ids.swim = (await addEvent(zoe, { title: 'Swim', startDate: '2026-03-11T09:00:00Z' })).id;
    ids.dinner = (await addEvent(zoe, { title: 'Dinner', startDate: '2026-03-12T02:00:00Z' })).id;
    t.clock = NOW;
  });

  const activity = (...keys: string[]) => {
    const items: Record<string, Omit<ActivityItem, 'id' | 'userId'>> = {
      Morning: { kind: 'chore', title: 'Morning', at: '2026-03-11T11:30:00.000Z' },
      Concert: { kind: 'expense', title: 'Concert', at: '2026-03-11T09:30:00.000Z', amountCents: 1500 },
      Evening: { kind: 'chore', title: 'Evening', at: '2026-03-10T20:00:00.000Z' },
      Midnight: { kind: 'chore', title: 'Midnight', at: '2026-03-09T07:30:00.000Z' },
      Tickets: { kind: 'expense', title: 'Tickets', at: '2026-03-05T06:30:00.000Z', amountCents: 2000 },
      Early: { kind: 'chore', title: 'Early', at: '2026-03-05T06:00:00.000Z' },
      note: { kind: 'message', title: 'Old note', at: '2026-02-01T12:00:00.000Z' },
    };
    return keys.map((key) => ({ id: ids[key]!, userId: zoe.user.id, ...items[key]! }));
  };

  it.each([
    {
      tz: 'UTC',
      from: '2026-03-05T00:00:00.000Z',
      done: 4,
      expenses: { count: 1, totalCents: 2000 },
      chart: buckets(dayKeys('2026-03-05', 7), {
        '2026-03-05': 1,
        '2026-03-09': 1,
        '2026-03-10': 1,
        '2026-03-11': 1,
      }),
      recent: ['Morning', 'Concert', 'Evening', 'Midnight', 'Tickets', 'Early'],
    },
    {
      // The week starts at midnight PST on 03-05: the 06:00Z completion was the evening before.
      tz: 'America/Los_Angeles',
      from: '2026-03-05T08:00:00.000Z',
      done: 3,
      expenses: { count: 1, totalCents: 2000 },
      chart: buckets(dayKeys('2026-03-05', 7), { '2026-03-09': 1, '2026-03-10': 1, '2026-03-11': 1 }),
      recent: ['Morning', 'Concert', 'Evening', 'Midnight'],
    },
    {
      // Today is 03-12 in Auckland: the week is 03-06 … 03-12; Tickets (03-05) is out, Concert in.
      tz: 'Pacific/Auckland',
      from: '2026-03-05T11:00:00.000Z',
      done: 3,
      expenses: { count: 1, totalCents: 1500 },
      chart: buckets(dayKeys('2026-03-06', 7), { '2026-03-09': 1, '2026-03-11': 1, '2026-03-12': 1 }),
      recent: ['Morning', 'Concert', 'Evening', 'Midnight'],
    },
  ])('this week in $tz', async ({ tz, from, done, expenses, chart, recent }) => {
    const dashboard = await getDashboard(zoe, `?period=week&tz=${encodeURIComponent(tz)}`);
    const member = perf(zoe, {
      choresDue: done,
      choresCompleted: done,
      completionRate: 100,
      choresDone: done,
      points: 5 * done,
      messages: 0,
      expensesPaid: expenses.count,
      score: done + expenses.count,
    });
    expect(dashboard).toEqual({
      period: 'week',
      from,
      to: NOW_ISO,
      chores: { counted: done, completed: done, completionRate: 100, done },
      expenses,
      messages: { count: 0 },
      tasksCompletedLast7Days: done,
      members: [member],
      topPerformer: member,
      recentActivity: activity(...recent),
      upcomingEvents: [
        {
          id: ids.dinner!,
          title: 'Dinner',
          startDate: '2026-03-12T02:00:00.000Z',
          endDate: '2026-03-12T03:00:00.000Z',
        },
      ].map((e) => ({ ...e, allDay: false, color: '#3B82F6', location: null })),
      upcomingEventCount: 1,
      chart: { unit: 'day', buckets: chart },
    } satisfies DashboardData);
  });

  it.each([
    // The first completion's day is the chart's first bucket, in the viewer's zone.
    ['UTC', dayKeys('2026-03-05', 7), { '2026-03-05': 1, '2026-03-09': 1, '2026-03-10': 1, '2026-03-11': 1 }],
    [
      'America/Los_Angeles',
      dayKeys('2026-03-04', 8),
      { '2026-03-04': 1, '2026-03-09': 1, '2026-03-10': 1, '2026-03-11': 1 },
    ],
    [
      'Pacific/Auckland',
      dayKeys('2026-03-05', 8),
      { '2026-03-05': 1, '2026-03-09': 1, '2026-03-11': 1, '2026-03-12': 1 },
    ],
  ])(
    'all time in %s: charted by day from the first completion, everything listed',
    async (tz, keys, counts) => {
      const dashboard = await getDashboard(zoe, `?period=all&tz=${encodeURIComponent(tz)}`);
      expect(dashboard.chart).toEqual({ unit: 'day', buckets: buckets(keys, counts) });
      expect(dashboard.chores).toEqual({ counted: 4, completed: 4, completionRate: 100, done: 4 });
      // All time is everything, the expense dated tomorrow too.
      expect(dashboard.expenses).toEqual({ count: 2, totalCents: 3500 });
      expect(dashboard.messages).toEqual({ count: 1 });
      expect(dashboard.recentActivity).toEqual(
        activity('Morning', 'Concert', 'Evening', 'Midnight', 'Tickets', 'Early', 'note'),
      );
    },
  );

  it.each([
    ['UTC', ['swim'], 4],
    ['America/Los_Angeles', ['swim', 'dinner'], 3], // 02:00 and 19:00 on 03-11 there
    ['Pacific/Auckland', ['dinner'], 3], // the swim was yesterday evening there
  ])("home in %s: today's events and the week's figures", async (tz, today, done) => {
    const home = await getHome(zoe, `?tz=${encodeURIComponent(tz)}`);
    expect(home.today.count).toBe(today.length);
    expect(home.today.events.map((e) => e.id)).toEqual(today.map((key) => ids[key]));
    expect(home.dashboard.tasksCompletedLast7Days).toBe(done);
    expect(home.dashboard.completionRate).toBe(100);
  });
});
