// The home screen through the API (GET /api/home) for a seeded household.

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { HomeData } from '#shared/dashboard/api.ts';
import {
  FIFTY_CHARACTERS,
  getDashboard,
  getHome,
  iso,
  LONG_MESSAGE_CUT,
  setUpDashboardApp,
  upcoming,
} from './dashboard-setup.ts';
import { householdOf } from './helpers.ts';

/** The smallest picture a listing takes: one white pixel, as a data URL. */
const PHOTO = `data:image/png;base64,${(
  await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer()
).toString('base64')}`;

const t = setUpDashboardApp();

describe('GET /api/home: a seeded household', () => {
  it("answers every tile for Ann: chores, balance, today's events, chat, her priorities, the week, listings", async () => {
    const { household, ann, ben, cat, chores, events, messages, listings } = t.seed;
    const week = await getDashboard(ann, '?period=week');
    const home = await getHome(ann);
    expect(home).toEqual({
      household: { id: household.id, name: "Ann Archer's place", rentAmountCents: 150000, rentDueDay: 1 },
      // 13 chores, 6 of them done.
      chores: { active: 7, total: 13 },
      // Her shares: Pizza 8.00 owed to her by Ben and by Cat; she owes Groceries 10.00, Internet
      // 15.00, Cleaning supplies 6.25 (the lamp share is settled): a net of −15.25, which the
      // household's simplified debts show as what she owes, with nothing owed to her.
      balance: { owedCents: 0, owingCents: 1525, netCents: -1525 },
      today: {
        // Yoga, the boiler check, the meeting's occurrence and the late call start today; the
        // sleepover began yesterday. The first three are shown.
        count: 4,
        events: [
          upcoming(events['Morning yoga']!),
          upcoming(events['Boiler check']!),
          upcoming(events['House meeting']!, '2026-03-11T19:00:00.000Z', '2026-03-11T20:00:00.000Z'),
        ],
      },
      messages: {
        // Read up to 04:30: M3 to M6 by the others are unread; her own M1 never is.
        unread: 4,
        latest: [
          {
            id: messages.M6!,
            text: 'Pizza tonight?',
            userId: ben.user.id,
            authorName: 'Ben B.',
            createdAt: iso('2026-03-11T10:00Z'),
          },
          {
            id: messages.M5!,
            text: LONG_MESSAGE_CUT,
            userId: cat.user.id,
            authorName: 'Cat C.',
            createdAt: iso('2026-03-11T07:00Z'),
          },
          {
            id: messages.M4!,
            text: FIFTY_CHARACTERS,
            userId: ben.user.id,
            authorName: 'Ben B.',
            createdAt: iso('2026-03-11T06:00Z'),
          },
        ],
      },
      // Her own and unassigned open chores, nearest due first, three at most: Ben's Mow lawn
      // (due between these) and Cat's overdue ones are not hers; Tidy garage is the fourth.
      priorityChores: [
        {
          id: chores['Pay electricity']!.id,
          title: 'Pay electricity',
          dueDate: '2026-03-04T18:00:00.000Z',
          priority: 'urgent',
          status: 'todo',
          assignedTo: ann.user.id,
        },
        {
          id: chores['Descale kettle']!.id,
          title: 'Descale kettle',
          dueDate: '2026-03-12T18:00:00.000Z',
          priority: 'low',
          status: 'todo',
          assignedTo: null,
        },
        {
          id: chores['Water plants']!.id,
          title: 'Water plants',
          dueDate: '2026-03-13T18:00:00.000Z',
          priority: 'high',
          status: 'doing',
          assignedTo: ann.user.id,
        },
      ],
      dashboard: {
        completionRate: 80,
        tasksCompletedLast7Days: 3,
        topPerformer: week.members[0]!,
        members: week.members,
      },
      // Ann's own: three, two active, one active and featured (the closed one does not count).
      listings: { own: 3, active: 2, featured: 1 },
      featuredListings: expect.any(Array),
    } satisfies Record<keyof HomeData, unknown>);
    // Ann: the most chore points this week, though Cat and Ben wrote and paid more.
    expect(home.dashboard.topPerformer?.userId).toBe(ann.user.id);
    // The board's first three in Browse's order: four active listings are featured, so only they show.
    expect(home.featuredListings.map((l) => [l.id, l.title, l.featured, l.status])).toEqual([
      [listings['Ben room 3']!.id, 'Ben room 3', true, 'active'],
      [listings['Ben room 2']!.id, 'Ben room 2', true, 'active'],
      [listings['Ben room 1']!.id, 'Ben room 1', true, 'active'],
    ]);
  });

  it('answers Ben his own: his chores and the unassigned one, his balance, unread and listings', async () => {
    const { ben, chores } = t.seed;
    const home = await getHome(ben, '?tz=UTC');
    expect(home.priorityChores.map((c) => c.id)).toEqual([
      chores['Mow lawn']!.id,
      chores['Descale kettle']!.id,
    ]);
    // Owed: Groceries 10.00 by Ann and by Cat (the lamp is settled). Owing: Pizza 8.00, Internet
    // 15.00. The simplified debts show only his net of −3.00.
    expect(home.balance).toEqual({ owedCents: 0, owingCents: 300, netCents: -300 });
    // Read up to midnight: M1 (Ann), M3 and M5 (Cat).
    expect(home.messages.unread).toBe(3);
    const unread = await ben.client.get('/api/messages/unread-count');
    expect(unread.json()).toEqual({ unread: 3 });
    expect(home.listings).toEqual({ own: 3, active: 3, featured: 3 });
    expect(home.chores).toEqual({ active: 7, total: 13 });
  });

  it('shows the newest active listings, featured first, and not only featured ones', async () => {
    const { ann, ben, listings } = t.seed;
    const status = async (key: string, value: 'active' | 'closed') => {
      const response = await ben.client.patch(`/api/roommate-listings/${listings[key]!.id}`, {
        status: value,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    // Two featured ones closed: the two featured left, then the newest of the rest (Ann's room 2,
    // never featured). Closed listings are not shown.
    await status('Ben room 3', 'closed');
    await status('Ben room 2', 'closed');
    try {
      const home = await getHome(ann);
      expect(home.featuredListings.map((l) => [l.title, l.featured])).toEqual([
        ['Ben room 1', true],
        ['Ann room 1', true],
        ['Ann room 2', false],
      ]);
    } finally {
      await status('Ben room 2', 'active');
      await status('Ben room 3', 'active');
    }
  });

  it("shows listings in the household's own city, and from anywhere while its members have posted none", async () => {
    const { ann } = t.seed;
    const { people } = await householdOf(t.app, ['Dee Berliner']);
    const dee = people[0]!;
    // Dee's household has no listing of its own: the board's first three, wherever they are.
    expect((await getHome(dee)).featuredListings.map((l) => l.city)).toEqual([
      'Springfield',
      'Springfield',
      'Springfield',
    ]);
    const posted = await dee.client.post('/api/roommate-listings', {
      title: 'Room in Mitte',
      rent: 650,
      location: '1 Torstraße',
      city: 'Berlin',
      country: 'DE',
      postcode: '10115',
      images: [PHOTO],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    try {
      // Now the household is in Berlin: its home shows Berlin's listings, not Springfield's featured ones.
      expect((await getHome(dee)).featuredListings.map((l) => [l.title, l.city])).toEqual([
        ['Room in Mitte', 'Berlin'],
      ]);
      // Ann's household is in Springfield, though the newest listing on the board is in Berlin.
      expect((await getHome(ann)).featuredListings.map((l) => l.city)).toEqual([
        'Springfield',
        'Springfield',
        'Springfield',
      ]);
    } finally {
      const removed = await dee.client.delete(`/api/roommate-listings/${posted.json().id}`);
      expect(removed.statusCode).toBeLessThan(300);
    }
  });
});
