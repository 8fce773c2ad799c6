// What the dashboard-*.test.ts files share: the app each file sets up with setUpDashboardApp, with
// a seeded household (and another one beside it), and the helpers that build them and read the
// dashboard and the home screen.

import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { setFeatured } from '#server/features/listings/queries.ts';
import type { DashboardData, HomeData, MemberPerformance } from '#shared/dashboard/api.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { type FileApp, householdOf, type Member, setUpTestApp } from './helpers.ts';

/** The app's clock at the start of every test (a Wednesday); the seed writes from SEED_START. */
export const NOW = Date.parse('2026-03-11T12:00:00.000Z');
export const NOW_ISO = new Date(NOW).toISOString();
export const SEED_START = '2026-01-01T00:00:00.000Z';

export type Person = Member;

export interface ChoreView {
  id: string;
  points: number;
  status: string;
  completedAt: string | null;
}

export interface EventView {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  color: string;
  location: string | null;
}

async function patchChore(by: Person, id: string, changes: Record<string, unknown>): Promise<ChoreView> {
  const response = await by.client.patch(`/api/chores/${id}`, changes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function addEvent(by: Person, fields: Record<string, unknown>): Promise<EventView> {
  const response = await by.client.post('/api/calendar', fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function getDashboard(by: Person, query = ''): Promise<DashboardData> {
  const response = await by.client.get(`/api/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function getHome(by: Person, query = ''): Promise<HomeData> {
  const response = await by.client.get(`/api/home${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export type Figures = Omit<MemberPerformance, 'userId' | 'user'>;
/** A member's row as the dashboard answers it. */
export const perf = (person: Person, figures: Figures): MemberPerformance => ({
  userId: person.user.id,
  user: {
    id: person.user.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    profileColor: 'blue',
    profileImageUrl: null,
  },
  ...figures,
});

/** `count` consecutive 'YYYY-MM-DD' keys from `first`. */
export const dayKeys = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const [y, m, d] = first.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
  });
export const buckets = (keys: string[], counts: Record<string, number>) =>
  keys.map((key) => ({ key, count: counts[key] ?? 0 }));
export const iso = (at: string) => new Date(at).toISOString();

export const upcoming = (e: EventView, startDate = e.startDate, endDate = e.endDate) => ({
  id: e.id,
  title: e.title,
  startDate,
  endDate,
  allDay: false,
  color: e.color,
  location: e.location,
});

// ---- the seeded household ----------------------------------------------------------------------
//
// Ann (the viewer), Ben and Cat. NOW is Wednesday 2026-03-11 12:00 UTC, so in UTC
//   week  = 2026-03-05 … 03-11 (from 03-05T00:00Z), month = 2026-02-10 … 03-11 (from 02-10T00:00Z).

const LONG_MESSAGE =
  'Reminder:  the landlord is coming on Friday\nto look at the boiler and the kitchen tap.';
export const LONG_MESSAGE_CUT = 'Reminder: the landlord is coming on Friday to look…';
export const FIFTY_CHARACTERS = 'Could someone move their bike out of the hallway??';

export interface Seed {
  household: { id: string; name: string };
  ann: Person;
  ben: Person;
  cat: Person;
  chores: Record<string, ChoreView>;
  points: Record<string, number>;
  expenses: Record<string, ExpenseView>;
  messages: Record<string, string>;
  events: Record<string, EventView>;
  listings: Record<string, { id: string; title: string }>;
}

/**
 * Registers the calling file's hooks (its own app and database, with both households seeded
 * once) and returns them with the seed and the helpers that work on them. The app's clock is
 * back at NOW before every test; chores are completed and expenses added "at" the times the
 * figures depend on. Chat messages, join notices and read markers carry the wall clock, so the
 * seed writes those rows itself (see insertMessage and pinChatClock).
 */
export function setUpDashboardApp() {
  const app = setUpTestApp(NOW);
  /** Sets the app's clock from an ISO date-time. */
  const setClock = (iso: string) => {
    app.clock = Date.parse(iso);
  };
  const helpers = dashboardHelpers(app, setClock);
  // Both are seeded before the file's tests read them.
  const t = Object.assign(app, helpers, {
    setClock,
    seed: {} as Seed,
    other: {} as Awaited<ReturnType<typeof helpers.seedOther>>,
  });
  beforeAll(async () => {
    t.seed = await helpers.seedMain();
    t.other = await helpers.seedOther();
  });
  return t;
}

function dashboardHelpers(t: FileApp, setClock: (iso: string) => void) {
  const db = () => t.database.db;

  /** Signs up "First Last" people; the first creates the household and the others join in order. */
  const householdWith = (names: string[]) => householdOf(t.app, names);

  /**
   * Join notices and read markers are stamped with the wall clock; pin them to the app's clock so
   * the unread figures do not depend on when the suite runs.
   */
  async function pinChatClock(householdId: string, noticesAt: string, readMarkers: [Person, string][]) {
    await db()
      .updateTable('messages')
      .set({ created_at: Date.parse(noticesAt) })
      .where('household_id', '=', householdId)
      .where('type', '=', 'system')
      .execute();
    for (const [person, at] of readMarkers) {
      await db()
        .updateTable('household_members')
        .set({ last_read_at: Date.parse(at) })
        .where('user_id', '=', person.user.id)
        .execute();
    }
  }

  let messageCounter = 0;
  /** A chat message sent at a given time (the API stamps messages with the wall clock). */
  async function insertMessage(
    householdId: string,
    by: Person,
    content: string,
    at: string,
  ): Promise<string> {
    messageCounter += 1;
    const ms = Date.parse(at);
    const id = `${ms.toString(36).padStart(10, '0')}-seed-${String(messageCounter).padStart(4, '0')}`;
    await db()
      .insertInto('messages')
      .values({ id, household_id: householdId, user_id: by.user.id, type: 'text', content, created_at: ms })
      .execute();
    return id;
  }

  async function createChore(by: Person, fields: Record<string, unknown>): Promise<ChoreView> {
    setClock(SEED_START);
    const response = await by.client.post('/api/chores', { assignedTo: by.user.id, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** Completes a chore at the given instant (the app's clock) and answers the points it earned. */
  async function completeAt(by: Person, id: string, at: string): Promise<number> {
    setClock(at);
    const done = await patchChore(by, id, { status: 'done' });
    expect(done).toMatchObject({ status: 'done', completedAt: new Date(at).toISOString() });
    return done.points;
  }

  async function unassign(choreId: string) {
    await db().updateTable('chores').set({ assigned_to: null }).where('id', '=', choreId).execute();
  }

  /** An equal split among `among`, added at `createdAt`, dated `date`. */
  async function addExpense(
    payer: Person,
    among: Person[],
    fields: { title: string; amount: string; date: string; createdAt: string },
  ): Promise<ExpenseView> {
    setClock(fields.createdAt);
    const response = await payer.client.post('/api/expenses', {
      expense: {
        title: fields.title,
        amount: fields.amount,
        date: fields.date,
        splitType: 'equal',
        paidBy: payer.user.id,
      },
      splits: among.map((m) => ({
        userId: m.user.id,
        amount: (Number(fields.amount) / among.length).toFixed(2),
      })),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function seedMain(): Promise<Seed> {
    const { household, people } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ann, ben, cat] = people as [Person, Person, Person];
    setClock(SEED_START);
    const rent = await ann.client.patch('/api/households/current', { rentAmount: '1500.00', rentDueDay: 1 });
    expect(rent.statusCode, rent.body).toBe(200);

    // Chores. Default effort: 30 min, medium: 5 points on time, 3 late.
    const chores: Record<string, ChoreView> = {};
    const add = async (key: string, by: Person, fields: Record<string, unknown>) => {
      chores[key] = await createChore(by, { title: key, ...fields });
    };
    await add('Mop the hall', ann, { dueDate: '2026-01-20T18:00:00Z' });
    await add('Clean windows', ben, { dueDate: '2026-02-15T18:00:00Z' });
    await add('Defrost freezer', cat, { dueDate: '2026-02-20T18:00:00Z' });
    await add('Dishes', ann, { dueDate: '2026-03-09T18:00:00Z', priority: 'high', estimatedDuration: 60 });
    await add('Bins', ben, { dueDate: '2026-03-10T18:00:00Z' });
    await add('Laundry', cat, { dueDate: '2026-03-06T12:00:00Z' });
    await add('Vacuum', ann, { dueDate: '2026-03-20T18:00:00Z', priority: 'low', estimatedDuration: 15 });
    await add('Water plants', ann, { dueDate: '2026-03-13T18:00:00Z', priority: 'high' });
    await add('Mow lawn', ben, { dueDate: '2026-03-12T09:00:00Z' });
    await add('Descale kettle', ann, { dueDate: '2026-03-12T18:00:00Z', priority: 'low' });
    await add('Tidy garage', ann, { dueDate: '2026-03-15T18:00:00Z' });
    await add('Clean oven', cat, { dueDate: '2026-03-07T18:00:00Z' });
    await add('Pay electricity', ann, { dueDate: '2026-03-04T18:00:00Z', priority: 'urgent' });
    // No one is assigned the kettle (as after its assignee left).
    await unassign(chores['Descale kettle']!.id);
    await patchChore(ann, chores['Water plants']!.id, { status: 'doing' });

    const points: Record<string, number> = {};
    const complete = async (key: string, by: Person, at: string) => {
      points[key] = await completeAt(by, chores[key]!.id, at);
    };
    await complete('Mop the hall', ann, '2026-01-20T10:00:00Z'); // all time only
    await complete('Clean windows', ben, '2026-02-14T09:00:00Z'); // month
    await complete('Clean oven', cat, '2026-03-01T10:00:00Z'); // month; due in the week
    await complete('Dishes', ann, '2026-03-09T10:00:00Z'); // week
    await complete('Bins', cat, '2026-03-10T20:00:00Z'); // week, late, done by someone else
    await complete('Vacuum', ann, '2026-03-11T08:00:00Z'); // week, early: due next week
    expect(points).toEqual({
      'Mop the hall': 5,
      'Clean windows': 5,
      'Clean oven': 5,
      Dishes: 12, // 60 min high: 4 × 2 × 1.5
      Bins: 3, // late: 2 × 1.5
      Vacuum: 2, // 15 min low: 1 × 1 × 1.5, rounded
    });

    // Expenses: counted in a period by `date`, listed as activity by when they were added.
    const expenses: Record<string, ExpenseView> = {};
    expenses.Lamp = await addExpense(ben, [ann, ben], {
      title: 'Lamp',
      amount: '40.00',
      date: '2026-01-15',
      createdAt: '2026-01-15T11:00:00Z',
    });
    expenses.Pizza = await addExpense(ann, [ann, ben, cat], {
      title: 'Pizza',
      amount: '24.00',
      date: '2026-02-20',
      createdAt: '2026-02-20T20:00:00Z',
    });
    expenses.Internet = await addExpense(cat, [ann, ben, cat], {
      title: 'Internet',
      amount: '45.00',
      date: '2026-03-06',
      createdAt: '2026-03-06T09:00:00Z',
    });
    // Added in the week, dated before it: activity this week, spending of the month.
    expenses['Cleaning supplies'] = await addExpense(cat, [ann, cat], {
      title: 'Cleaning supplies',
      amount: '12.50',
      date: '2026-02-25',
      createdAt: '2026-03-09T12:00:00Z',
    });
    expenses.Groceries = await addExpense(ben, [ann, ben, cat], {
      title: 'Groceries',
      amount: '30.00',
      date: '2026-03-10',
      createdAt: '2026-03-10T19:00:00Z',
    });
    // Ann paid Ben back for the lamp: settled shares are not in the balance.
    setClock('2026-01-16T12:00:00Z');
    const lampShare = expenses.Lamp.splits.find((s) => s.userId === ann.user.id)!;
    const settled = await ann.client.patch(`/api/expense-splits/${lampShare.id}`, { settled: true });
    expect(settled.statusCode, settled.body).toBe(200);

    // Chat: six messages this week, all newer than the Bins and Groceries activities, so only the
    // five-message cap keeps the oldest of them (M1) out of the eight latest.
    const messages: Record<string, string> = {};
    const say = async (key: string, by: Person, content: string, at: string) => {
      messages[key] = await insertMessage(household.id, by, content, at);
    };
    await say('welcome', ann, 'Welcome to the house!', '2026-01-10T09:00:00Z');
    await say('lamp', ann, 'New lamp in the lounge', '2026-01-15T10:00:00Z');
    await say('rent', ann, 'Rent is paid', '2026-02-12T08:00:00Z');
    await say('keys', ann, 'Anyone seen my keys?', '2026-03-02T08:00:00Z');
    await say('M1', ann, 'Who has the spare key?', '2026-03-11T03:00:00Z');
    await say('M2', ben, 'Bins go out Thursday', '2026-03-11T04:00:00Z');
    await say('M3', cat, 'Bins done, sorry I was late', '2026-03-11T05:00:00Z');
    await say('M4', ben, FIFTY_CHARACTERS, '2026-03-11T06:00:00Z');
    await say('M5', cat, LONG_MESSAGE, '2026-03-11T07:00:00Z');
    await say('M6', ben, 'Pizza tonight?', '2026-03-11T10:00:00Z');
    // The join notices fall in the week, so a count that took system messages would show it.
    await pinChatClock(household.id, '2026-03-10T12:00:00Z', [
      [ann, '2026-03-11T04:30:00Z'],
      [ben, '2026-03-11T00:00:00Z'],
      [cat, NOW_ISO],
    ]);

    // Calendar, around NOW (Wednesday 12:00 UTC).
    setClock(SEED_START);
    const events: Record<string, EventView> = {};
    const event = async (key: string, fields: Record<string, unknown>) => {
      events[key] = await addEvent(ann, { title: key, ...fields });
    };
    await event('House meeting', {
      startDate: '2026-02-25T19:00:00Z',
      endDate: '2026-02-25T20:00:00Z',
      recurrence: 'weekly',
      location: 'Lounge',
      color: '#3B82F6',
    });
    await event('Morning yoga', { startDate: '2026-03-11T07:00:00Z', color: '#14B8A6' });
    await event('Boiler check', {
      startDate: '2026-03-11T11:00:00Z',
      endDate: '2026-03-11T13:00:00Z',
      location: 'Kitchen',
      color: '#F97316',
    });
    await event('Late call', { startDate: '2026-03-11T22:00:00Z', color: '#6366F1' });
    await event('Plumber', { startDate: '2026-03-13T09:00:00Z', eventType: 'appointment' });
    await event('Movie night', {
      startDate: '2026-03-16T20:00:00Z',
      endDate: '2026-03-16T23:00:00Z',
      eventType: 'social',
    });
    await event('Party', { startDate: '2026-03-19T13:00:00Z' }); // 8 days out
    await event('Brunch', { startDate: '2026-03-10T10:00:00Z' }); // yesterday
    await event('Sleepover', { startDate: '2026-03-10T22:00:00Z', endDate: '2026-03-11T02:00:00Z' });

    // Listings: Ann's three (one closed), Ben's three; four active ones are featured.
    const photo = `data:image/png;base64,${(
      await sharp({ create: { width: 24, height: 16, channels: 3, background: '#2563eb' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    const listings: Record<string, { id: string; title: string }> = {};
    let listingClock = Date.parse('2026-03-01T00:00:00Z');
    const listing = async (key: string, by: Person) => {
      listingClock += 60_000;
      setClock(new Date(listingClock).toISOString());
      const response = await by.client.post('/api/roommate-listings', {
        title: key,
        rent: 700,
        location: '1 Hearth Lane',
        city: 'Springfield',
        country: 'US',
        postcode: '62701',
        images: [photo],
      });
      expect(response.statusCode, response.body).toBe(201);
      listings[key] = response.json();
    };
    for (const key of ['Ann room 1', 'Ann room 2', 'Ann room 3']) await listing(key, ann);
    for (const key of ['Ben room 1', 'Ben room 2', 'Ben room 3']) await listing(key, ben);
    const closed = await ann.client.patch(`/api/roommate-listings/${listings['Ann room 3']!.id}`, {
      status: 'closed',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const key of ['Ann room 1', 'Ann room 3', 'Ben room 1', 'Ben room 2', 'Ben room 3']) {
      expect(await setFeatured(db(), listings[key]!.id, true)).toBe(true);
    }

    setClock(NOW_ISO);
    return { household, ann, ben, cat, chores, points, expenses, messages, events, listings };
  }

  /** Another household, busy in the same week: none of it may reach Ann's answers. */
  async function seedOther() {
    const { household, people } = await householdWith(['Olga Olsen', 'Omar Ortiz']);
    const [olga, omar] = people as [Person, Person];
    const chore = await createChore(olga, {
      title: 'Other household chore',
      dueDate: '2026-03-10T18:00:00Z',
    });
    await completeAt(olga, chore.id, '2026-03-10T12:00:00Z');
    const expense = await addExpense(olga, [olga, omar], {
      title: 'Other household rent',
      amount: '99.00',
      date: '2026-03-10',
      createdAt: '2026-03-10T12:30:00Z',
    });
    const message = await insertMessage(household.id, omar, 'Other household secret', '2026-03-11T11:00:00Z');
    await pinChatClock(household.id, '2026-03-10T12:00:00Z', [
      [olga, '2026-03-01T00:00:00Z'],
      [omar, '2026-03-01T00:00:00Z'],
    ]);
    setClock(SEED_START);
    const lunch = await addEvent(olga, { title: 'Other household lunch', startDate: '2026-03-11T15:00:00Z' });
    const party = await addEvent(olga, { title: 'Other household party', startDate: '2026-03-12T10:00:00Z' });
    setClock(NOW_ISO);
    return {
      household,
      olga,
      omar,
      chore,
      expense,
      message,
      lunch,
      party,
      secrets: [
        household.id,
        olga.user.id,
        omar.user.id,
        chore.id,
        expense.id,
        message,
        lunch.id,
        party.id,
        'Other household',
      ],
    };
  }

  return { householdWith, insertMessage, createChore, completeAt, addExpense, seedMain, seedOther };
}
