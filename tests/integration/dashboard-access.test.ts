// The dashboard and the home screen through the API: isolation between households, signed out,
// outside a household, and bad input.

import { describe, expect, it } from 'vitest';
import type { DashboardData } from '#shared/dashboard/api.ts';
import {
  buckets,
  dayKeys,
  getDashboard,
  getHome,
  NOW_ISO,
  perf,
  setUpDashboardApp,
  upcoming,
} from './dashboard-setup.ts';
import { Client, signUp } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpDashboardApp();

describe('isolation between households', () => {
  it("keeps each household's figures to itself, both ways", async () => {
    const { olga, omar, chore, expense, message, lunch, party } = t.other;
    const olgaRow = perf(olga, {
      choresDue: 1,
      choresCompleted: 1,
      completionRate: 100,
      choresDone: 1,
      points: 5,
      messages: 0,
      expensesPaid: 1,
      score: 2,
    });
    const omarRow = perf(omar, {
      choresDue: 0,
      choresCompleted: 0,
      completionRate: null,
      choresDone: 0,
      points: 0,
      messages: 1,
      expensesPaid: 0,
      score: 1,
    });
    expect(await getDashboard(omar)).toEqual({
      period: 'week',
      from: '2026-03-05T00:00:00.000Z',
      to: NOW_ISO,
      chores: { counted: 1, completed: 1, completionRate: 100, done: 1 },
      expenses: { count: 1, totalCents: 9900 },
      messages: { count: 1 },
      tasksCompletedLast7Days: 1,
      members: [olgaRow, omarRow],
      topPerformer: olgaRow,
      recentActivity: [
        {
          kind: 'message',
          id: message,
          title: 'Other household secret',
          userId: omar.user.id,
          at: '2026-03-11T11:00:00.000Z',
        },
        {
          kind: 'expense',
          id: expense.id,
          title: 'Other household rent',
          userId: olga.user.id,
          at: '2026-03-10T12:30:00.000Z',
          amountCents: 9900,
        },
        {
          kind: 'chore',
          id: chore.id,
          title: 'Other household chore',
          userId: olga.user.id,
          at: '2026-03-10T12:00:00.000Z',
        },
      ],
      upcomingEvents: [lunch, party].map((e) => upcoming(e)),
      upcomingEventCount: 2,
      chart: { unit: 'day', buckets: buckets(dayKeys('2026-03-05', 7), { '2026-03-10': 1 }) },
    } satisfies DashboardData);

    const ownerSecrets = [
      t.seed.household.id,
      t.seed.ann.user.id,
      t.seed.ben.user.id,
      t.seed.cat.user.id,
      'Pizza',
    ];
    for (const period of ['week', 'month', 'all']) {
      const theirs = JSON.stringify(await getDashboard(olga, `?period=${period}`));
      for (const secret of ownerSecrets) expect(theirs, `${period}: ${secret}`).not.toContain(secret);
    }
    const theirHome = await getHome(olga);
    expect(theirHome.household.id).toBe(t.other.household.id);
    expect(theirHome.today.events.map((e) => e.id)).toEqual([lunch.id]);
    expect(theirHome.balance).toEqual({ owedCents: 4950, owingCents: 0, netCents: 4950 });
    // The board's listings are public; everything else of Ann's household stays out.
    const { featuredListings: _public, ...rest } = theirHome;
    for (const secret of ownerSecrets) expect(JSON.stringify(rest)).not.toContain(secret);

    const annHome = JSON.stringify(await getHome(t.seed.ann));
    for (const secret of t.other.secrets) expect(annHome, secret).not.toContain(secret);
  });
});

describe('authorisation and bad input', () => {
  it.each(['/api/home', '/api/dashboard', '/api/dashboard?period=all'])(
    '%s answers 401 signed out and 404 outside any household',
    async (url) => {
      const anonymous = await new Client(t.app).get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
      const loner = await signUp(t.app);
      const outside = await loner.client.get(url);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: 'You are not in a household', code: 'household.none' });
    },
  );

  it.each([
    ['/api/dashboard?period=year', 'period must be week, month or all'],
    ['/api/dashboard?period=WEEK', 'period must be week, month or all'],
    ['/api/dashboard?period=', 'period must be week, month or all'],
    ['/api/dashboard?tz=Mars/Base', 'tz must be an IANA time zone such as Europe/Berlin'],
    ['/api/dashboard?period=month&tz=', 'tz must be an IANA time zone such as Europe/Berlin'],
    ['/api/home?tz=Mars/Base', 'tz must be an IANA time zone such as Europe/Berlin'],
    ['/api/home?tz=%2B05%3A00', 'tz must be an IANA time zone such as Europe/Berlin'],
  ])('%s answers 400: %s', async (url, message) => {
    const response = await t.seed.ann.client.get(url);
    expect(response.statusCode).toBe(400);
    expectRefusal(response.json(), message);
  });

  it('checks the session before the query', async () => {
    expect((await new Client(t.app).get('/api/dashboard?period=year')).statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/home?tz=Mars/Base')).statusCode).toBe(401);
  });
});
