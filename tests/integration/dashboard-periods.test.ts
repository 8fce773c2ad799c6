// The dashboard through the API: a seeded household's figures period by period, and edges.

import { describe, expect, it } from 'vitest';
import type { ActivityItem, DashboardData } from '#shared/dashboard/api.ts';
import {
  addEvent,
  buckets,
  dayKeys,
  FIFTY_CHARACTERS,
  getDashboard,
  getHome,
  iso,
  LONG_MESSAGE_CUT,
  NOW,
  NOW_ISO,
  type Person,
  perf,
  SEED_START,
  setUpDashboardApp,
  upcoming,
} from './dashboard-setup.ts';

const t = setUpDashboardApp();
const { householdWith, createChore, completeAt, setClock } = t;

/** The eight latest of: completed chores, added expenses, the five latest text messages. */
function expectedActivity(): ActivityItem[] {
  const { ann, ben, cat, chores, expenses, messages } = t.seed;
  return [
    {
      kind: 'message',
      id: messages.M6!,
      title: 'Pizza tonight?',
      userId: ben.user.id,
      at: iso('2026-03-11T10:00Z'),
    },
    {
      kind: 'chore',
      id: chores.Vacuum!.id,
      title: 'Vacuum',
      userId: ann.user.id,
      at: iso('2026-03-11T08:00Z'),
    },
    {
      kind: 'message',
      id: messages.M5!,
      title: LONG_MESSAGE_CUT,
      userId: cat.user.id,
      at: iso('2026-03-11T07:00Z'),
    },
    {
      kind: 'message',
      id: messages.M4!,
      title: FIFTY_CHARACTERS,
      userId: ben.user.id,
      at: iso('2026-03-11T06:00Z'),
    },
    {
      kind: 'message',
      id: messages.M3!,
      title: 'Bins done, sorry I was late',
      userId: cat.user.id,
      at: iso('2026-03-11T05:00Z'),
    },
    {
      kind: 'message',
      id: messages.M2!,
      title: 'Bins go out Thursday',
      userId: ben.user.id,
      at: iso('2026-03-11T04:00Z'),
    },
    // M1 (03:00) is newer than these two but is the sixth message: only five are taken.
    // Bins was Ben's, but Cat did it: the activity is Cat's.
    { kind: 'chore', id: chores.Bins!.id, title: 'Bins', userId: cat.user.id, at: iso('2026-03-10T20:00Z') },
    {
      kind: 'expense',
      id: expenses.Groceries!.id,
      title: 'Groceries',
      userId: ben.user.id,
      at: iso('2026-03-10T19:00Z'),
      amountCents: 3000,
    },
    // The eighth is the last: Cleaning supplies (03-09 12:00), Dishes (03-09 10:00), … are left out.
  ];
}

function expectedUpcoming() {
  const { events } = t.seed;
  return [
    // The weekly meeting's occurrence this evening (the series began on 02-25).
    upcoming(events['House meeting']!, '2026-03-11T19:00:00.000Z', '2026-03-11T20:00:00.000Z'),
    upcoming(events['Late call']!),
    upcoming(events.Plumber!),
    upcoming(events['Movie night']!),
    // Not: Boiler check (started at 11:00), Brunch and Sleepover (past), Party (8 days out).
  ];
}

describe('GET /api/dashboard: a seeded household, period by period (UTC)', () => {
  it('this week: figures, members ranked by chore points, activity, events, chart', async () => {
    const { ann, ben, cat } = t.seed;
    const members = [
      // Ann has the lowest activity score (3) but the most chore points: points rank, nothing else.
      perf(ann, {
        choresDue: 2, // Dishes, and Vacuum: due next week but done this week
        choresCompleted: 2,
        completionRate: 100,
        choresDone: 2,
        points: 14, // 12 + 2
        messages: 1,
        expensesPaid: 0,
        score: 3,
      }),
      perf(cat, {
        choresDue: 2, // Laundry (open, due 03-06) and Clean oven (due 03-07, done early on 03-01)
        choresCompleted: 1,
        completionRate: 50,
        choresDone: 1, // Bins, Ben's chore
        points: 3,
        messages: 2,
        expensesPaid: 1, // Internet (03-06); Cleaning supplies is dated 02-25
        score: 4,
      }),
      perf(ben, {
        choresDue: 1, // Bins, done by Cat
        choresCompleted: 1,
        completionRate: 100,
        choresDone: 0,
        points: 0,
        messages: 3,
        expensesPaid: 1, // Groceries
        score: 4,
      }),
    ];
    const expected: DashboardData = {
      period: 'week',
      from: '2026-03-05T00:00:00.000Z',
      to: NOW_ISO,
      chores: { counted: 5, completed: 4, completionRate: 80, done: 3 },
      expenses: { count: 2, totalCents: 7500 },
      messages: { count: 6 },
      tasksCompletedLast7Days: 3,
      members,
      topPerformer: members[0]!,
      recentActivity: expectedActivity(),
      upcomingEvents: expectedUpcoming(),
      upcomingEventCount: expectedUpcoming().length,
      chart: {
        unit: 'day',
        buckets: buckets(dayKeys('2026-03-05', 7), { '2026-03-09': 1, '2026-03-10': 1, '2026-03-11': 1 }),
      },
    };
    expect(await getDashboard(ann, '?period=week')).toEqual(expected);
    // Every member sees the same household figures.
    expect(await getDashboard(cat, '?period=week&tz=UTC')).toEqual(expected);
    // Defaults: this week, in UTC.
    expect(await getDashboard(ben)).toEqual(expected);
  });

  it('this month: rounding of the rate, and members by chore points', async () => {
    const { ann, ben, cat } = t.seed;
    const members = [
      // Ann and Cat have the same activity score (6) and chores done (2): Ann's 14 points rank her first.
      perf(ann, {
        choresDue: 3, // Dishes, Vacuum, Pay electricity (open, due 03-04)
        choresCompleted: 2,
        completionRate: 67,
        choresDone: 2,
        points: 14,
        messages: 3,
        expensesPaid: 1, // Pizza
        score: 6,
      }),
      perf(cat, {
        choresDue: 3, // Defrost freezer, Laundry, Clean oven
        choresCompleted: 1,
        completionRate: 33,
        choresDone: 2, // Bins and Clean oven
        points: 8,
        messages: 2,
        expensesPaid: 2, // Internet and Cleaning supplies
        score: 6,
      }),
      perf(ben, {
        choresDue: 2, // Clean windows, Bins
        choresCompleted: 2,
        completionRate: 100,
        choresDone: 1,
        points: 5,
        messages: 3,
        expensesPaid: 1,
        score: 5,
      }),
    ];
    expect(await getDashboard(ann, '?period=month')).toEqual({
      period: 'month',
      from: '2026-02-10T00:00:00.000Z',
      to: NOW_ISO,
      chores: { counted: 8, completed: 5, completionRate: 63, done: 5 }, // 62.5 % rounds up
      expenses: { count: 4, totalCents: 11150 },
      messages: { count: 8 },
      tasksCompletedLast7Days: 3,
      members,
      topPerformer: members[0]!,
      recentActivity: expectedActivity(),
      upcomingEvents: expectedUpcoming(),
      upcomingEventCount: expectedUpcoming().length,
      chart: {
        unit: 'day',
        buckets: buckets(dayKeys('2026-02-10', 30), {
          '2026-02-14': 1,
          '2026-03-01': 1,
          '2026-03-09': 1,
          '2026-03-10': 1,
          '2026-03-11': 1,
        }),
      },
    } satisfies DashboardData);
  });

  it('all time: everything counted, and the chart by month from the first completion (50 days ago)', async () => {
    const { ann, ben, cat } = t.seed;
    const members = [
      perf(ann, {
        choresDue: 4, // Mop the hall, Dishes, Vacuum, Pay electricity
        choresCompleted: 3,
        completionRate: 75,
        choresDone: 3,
        points: 19,
        messages: 5,
        expensesPaid: 1,
        score: 9,
      }),
      // Cat and Ben have the same activity score (6); Cat's 8 points rank her before Ben's 5.
      perf(cat, {
        choresDue: 3,
        choresCompleted: 1,
        completionRate: 33,
        choresDone: 2,
        points: 8,
        messages: 2,
        expensesPaid: 2,
        score: 6,
      }),
      perf(ben, {
        choresDue: 2,
        choresCompleted: 2,
        completionRate: 100,
        choresDone: 1,
        points: 5,
        messages: 3,
        expensesPaid: 2, // Lamp and Groceries
        score: 6,
      }),
    ];
    expect(await getDashboard(ann, '?period=all')).toEqual({
      period: 'all',
      from: null,
      to: NOW_ISO,
      // Not counted: the open chores due after now (Water plants, Mow lawn, Descale kettle, Tidy garage).
      chores: { counted: 9, completed: 6, completionRate: 67, done: 6 },
      expenses: { count: 5, totalCents: 15150 },
      messages: { count: 10 },
      tasksCompletedLast7Days: 3,
      members,
      topPerformer: members[0]!,
      recentActivity: expectedActivity(),
      upcomingEvents: expectedUpcoming(),
      upcomingEventCount: expectedUpcoming().length,
      chart: {
        unit: 'month',
        buckets: [
          { key: '2026-01', count: 1 },
          { key: '2026-02', count: 1 },
          { key: '2026-03', count: 4 },
        ],
      },
    } satisfies DashboardData);
  });

  it('counts no system message (the join notices fall in the week) and no other household', async () => {
    for (const period of ['week', 'month', 'all']) {
      const body = JSON.stringify(await getDashboard(t.seed.ann, `?period=${period}`));
      expect(body).not.toMatch(/joined/);
      for (const secret of t.other.secrets) expect(body, `${period}: ${secret}`).not.toContain(secret);
    }
  });
});

describe('GET /api/dashboard: edges', () => {
  it("charts 'all' by day up to 31 days, by month from the 32nd", async () => {
    const { people } = await householdWith(['Eve Edge']);
    const eve = people[0]!;
    const first = await createChore(eve, { title: 'First', dueDate: '2026-02-09T18:00:00Z' });
    await completeAt(eve, first.id, '2026-02-09T12:00:00Z');
    t.clock = NOW;
    // 02-09 … 03-11 is 31 days.
    const days = await getDashboard(eve, '?period=all');
    expect(days.chart).toEqual({
      unit: 'day',
      buckets: buckets(dayKeys('2026-02-09', 31), { '2026-02-09': 1 }),
    });
    // The month starts on 02-10: that completion is not in it.
    const month = await getDashboard(eve, '?period=month');
    expect(month.chart).toEqual({ unit: 'day', buckets: buckets(dayKeys('2026-02-10', 30), {}) });
    expect(month.chores).toEqual({ counted: 0, completed: 0, completionRate: null, done: 0 });
    expect(month.recentActivity).toEqual([]);

    const earlier = await createChore(eve, { title: 'Earlier', dueDate: '2026-02-09T18:00:00Z' });
    await completeAt(eve, earlier.id, '2026-02-08T23:00:00Z');
    t.clock = NOW;
    expect((await getDashboard(eve, '?period=all')).chart).toEqual({
      unit: 'month',
      buckets: [
        { key: '2026-02', count: 2 },
        { key: '2026-03', count: 0 },
      ],
    });
  });

  it('lists at most five upcoming events, occurrences of a daily series among them, in time order', async () => {
    const { people } = await householdWith(['Cy Cap']);
    const cy = people[0]!;
    setClock(SEED_START);
    const walk = await addEvent(cy, {
      title: 'Dog walk',
      startDate: '2026-03-01T07:00:00Z',
      recurrence: 'daily',
    });
    const vet = await addEvent(cy, { title: 'Vet', startDate: '2026-03-12T08:00:00Z', location: 'Main St' });
    t.clock = NOW;
    const { upcomingEvents, upcomingEventCount } = await getDashboard(cy);
    expect(upcomingEvents.map((e) => [e.id, e.startDate])).toEqual([
      [walk.id, '2026-03-12T07:00:00.000Z'],
      [vet.id, '2026-03-12T08:00:00.000Z'],
      [walk.id, '2026-03-13T07:00:00.000Z'],
      [walk.id, '2026-03-14T07:00:00.000Z'],
      [walk.id, '2026-03-15T07:00:00.000Z'],
    ]);
    // The tile counts every one of them (a walk each morning to the 18th, and the vet), not the five listed.
    expect(upcomingEventCount).toBe(8);
    expect(upcomingEvents[1]).toEqual({
      id: vet.id,
      title: 'Vet',
      startDate: '2026-03-12T08:00:00.000Z',
      endDate: '2026-03-12T09:00:00.000Z',
      allDay: false,
      color: vet.color,
      location: 'Main St',
    });
  });

  it('has no top performer while nobody has a point, even with an overdue chore counted', async () => {
    const { people } = await householdWith(['Nia North', 'Ned North']);
    const [nia, ned] = people as [Person, Person];
    await createChore(nia, { title: 'Overdue', dueDate: '2026-03-10T18:00:00Z' });
    t.clock = NOW;
    const zero = { choresCompleted: 0, choresDone: 0, points: 0, messages: 0, expensesPaid: 0, score: 0 };
    const dashboard = await getDashboard(nia);
    expect(dashboard).toEqual({
      period: 'week',
      from: '2026-03-05T00:00:00.000Z',
      to: NOW_ISO,
      chores: { counted: 1, completed: 0, completionRate: 0, done: 0 },
      expenses: { count: 0, totalCents: 0 },
      messages: { count: 0 },
      tasksCompletedLast7Days: 0,
      // All tied at 0: by name, 'Ned N.' before 'Nia N.'.
      members: [
        perf(ned, { ...zero, choresDue: 0, completionRate: null }),
        perf(nia, { ...zero, choresDue: 1, completionRate: 0 }),
      ],
      topPerformer: null,
      recentActivity: [],
      upcomingEvents: [],
      upcomingEventCount: 0,
      chart: { unit: 'day', buckets: buckets(dayKeys('2026-03-05', 7), {}) },
    } satisfies DashboardData);
    // Nothing ever done: no chart at all.
    expect((await getDashboard(nia, '?period=all')).chart).toEqual({ unit: 'day', buckets: [] });

    const home = await getHome(ned);
    expect(home).toMatchObject({
      household: { name: "Nia North's place", rentAmountCents: null, rentDueDay: null },
      chores: { active: 1, total: 1 },
      balance: { owedCents: 0, owingCents: 0, netCents: 0 },
      today: { count: 0, events: [] },
      // The join notice is no text message.
      messages: { latest: [] },
      priorityChores: [], // Nia's chore is not Ned's
      dashboard: { completionRate: 0, tasksCompletedLast7Days: 0, topPerformer: null },
      listings: { own: 0, active: 0, featured: 0 },
    });
    expect(home.messages.unread).toBe((await ned.client.get('/api/messages/unread-count')).json().unread);
    // The listings are the whole board's (featured first, then newest), not the household's.
    expect(home.featuredListings.map((l) => l.title)).toEqual(['Ben room 3', 'Ben room 2', 'Ben room 1']);
  });
});
