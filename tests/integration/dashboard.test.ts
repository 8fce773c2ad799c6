import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setFeatured } from '#server/features/listings/queries.ts';
import type { ActivityItem, DashboardData, HomeData, MemberPerformance } from '#shared/dashboard.ts';
import { Client, createTestApp, signUp, type TestApp } from './helpers.ts';

// The app's clock. Chores are completed and expenses added "at" the times the figures depend on;
// chat messages, join notices and read markers carry the wall clock, so the seed writes those
// rows itself (see insertMessage and pinChatClock).
const NOW = Date.parse('2026-03-11T12:00:00.000Z'); // a Wednesday
const NOW_ISO = new Date(NOW).toISOString();
const SEED_START = '2026-01-01T00:00:00.000Z';
let clock = NOW;
const setClock = (iso: string) => {
  clock = Date.parse(iso);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = NOW;
});

interface Person {
  client: Client;
  user: { id: string; email: string };
  email: string;
  firstName: string;
  lastName: string;
}

/** Signs up "First Last" people; the first creates the household and the others join in order. */
async function householdWith(names: string[]) {
  const people: Person[] = [];
  for (const name of names) {
    const [firstName = name, lastName = 'Tester'] = name.split(' ');
    people.push({ ...(await signUp(t.app, { firstName, lastName })), firstName, lastName });
  }
  const [admin] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json() as { id: string; name: string; inviteCode: string };
  for (const other of people.slice(1)) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
  }
  return { household, people };
}

/**
 * Join notices and read markers are stamped with the wall clock; pin them to the app's clock so
 * the unread figures do not depend on when the suite runs.
 */
async function pinChatClock(householdId: string, noticesAt: string, readMarkers: [Person, string][]) {
  await t.database.db
    .updateTable('messages')
    .set({ created_at: Date.parse(noticesAt) })
    .where('household_id', '=', householdId)
    .where('type', '=', 'system')
    .execute();
  for (const [person, at] of readMarkers) {
    await t.database.db
      .updateTable('household_members')
      .set({ last_read_at: Date.parse(at) })
      .where('user_id', '=', person.user.id)
      .execute();
  }
}

let messageCounter = 0;
/** A chat message sent at a given time (the API stamps messages with the wall clock). */
async function insertMessage(householdId: string, by: Person, content: string, at: string): Promise<string> {
  messageCounter += 1;
  const ms = Date.parse(at);
  const id = `${ms.toString(36).padStart(10, '0')}-seed-${String(messageCounter).padStart(4, '0')}`;
  await t.database.db
    .insertInto('messages')
    .values({ id, household_id: householdId, user_id: by.user.id, type: 'text', content, created_at: ms })
    .execute();
  return id;
}

interface ChoreView {
  id: string;
  points: number;
  status: string;
  completedAt: string | null;
}

async function createChore(by: Person, fields: Record<string, unknown>): Promise<ChoreView> {
  setClock(SEED_START);
  const response = await by.client.post('/api/chores', { assignedTo: by.user.id, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function patchChore(by: Person, id: string, changes: Record<string, unknown>): Promise<ChoreView> {
  const response = await by.client.patch(`/api/chores/${id}`, changes);
  expect(response.statusCode, response.body).toBe(200);
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
  await t.database.db.updateTable('chores').set({ assigned_to: null }).where('id', '=', choreId).execute();
}

interface ExpenseView {
  id: string;
  splits: { id: string; userId: string | null }[];
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

interface EventView {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  color: string;
  location: string | null;
}

async function addEvent(by: Person, fields: Record<string, unknown>): Promise<EventView> {
  const response = await by.client.post('/api/calendar', fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function getDashboard(by: Person, query = ''): Promise<DashboardData> {
  const response = await by.client.get(`/api/dashboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function getHome(by: Person, query = ''): Promise<HomeData> {
  const response = await by.client.get(`/api/home${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Figures = Omit<MemberPerformance, 'userId' | 'user'>;
/** A member's row as the dashboard answers it. */
const perf = (person: Person, figures: Figures): MemberPerformance => ({
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
const dayKeys = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const [y, m, d] = first.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
  });
const buckets = (keys: string[], counts: Record<string, number>) =>
  keys.map((key) => ({ key, count: counts[key] ?? 0 }));
const iso = (at: string) => new Date(at).toISOString();

const upcoming = (e: EventView, startDate = e.startDate, endDate = e.endDate) => ({
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
const LONG_MESSAGE_CUT = 'Reminder: the landlord is coming on Friday to look…';
const FIFTY_CHARACTERS = 'Could someone move their bike out of the hallway??';

interface Seed {
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

let seed: Seed;

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
    clock = listingClock;
    const response = await by.client.post('/api/roommate-listings', {
      title: key,
      rent: 700,
      location: '1 Hearth Lane',
      city: 'Springfield',
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
    expect(await setFeatured(t.database.db, listings[key]!.id, true)).toBe(true);
  }

  clock = NOW;
  return { household, ann, ben, cat, chores, points, expenses, messages, events, listings };
}

/** Another household, busy in the same week: none of it may reach Ann's answers. */
async function seedOther() {
  const { household, people } = await householdWith(['Olga Olsen', 'Omar Ortiz']);
  const [olga, omar] = people as [Person, Person];
  const chore = await createChore(olga, { title: 'Other household chore', dueDate: '2026-03-10T18:00:00Z' });
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
  clock = NOW;
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

let other: Awaited<ReturnType<typeof seedOther>>;
beforeAll(async () => {
  seed = await seedMain();
  other = await seedOther();
});

/** The eight latest of: completed chores, added expenses, the five latest text messages. */
function expectedActivity(): ActivityItem[] {
  const { ann, ben, cat, chores, expenses, messages } = seed;
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
  const { events } = seed;
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
  it('this week: figures, members ranked with the chores-done tie-break, activity, events, chart', async () => {
    const { ann, ben, cat } = seed;
    const members = [
      // Cat and Ben both score 4: Cat did a chore, Ben none, so Cat ranks first despite the name.
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

  it('this month: rounding of the rate, and the name tie-break when score and chores done are equal', async () => {
    const { ann, ben, cat } = seed;
    const members = [
      // Ann and Cat both score 6 with 2 chores done: 'Ann A.' before 'Cat C.'.
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
    const { ann, ben, cat } = seed;
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
      // Cat and Ben both score 6: Cat did 2 chores, Ben 1.
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
      const body = JSON.stringify(await getDashboard(seed.ann, `?period=${period}`));
      expect(body).not.toMatch(/joined/);
      for (const secret of other.secrets) expect(body, `${period}: ${secret}`).not.toContain(secret);
    }
  });
});

describe('GET /api/home: a seeded household', () => {
  it("answers every tile for Ann: chores, balance, today's events, chat, her priorities, the week, listings", async () => {
    const { household, ann, ben, cat, chores, events, messages, listings } = seed;
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
    expect(home.dashboard.topPerformer?.userId).toBe(cat.user.id);
    // Four active listings are featured; the three newest are shown, featured first then newest.
    expect(home.featuredListings.map((l) => [l.id, l.title, l.featured, l.status])).toEqual([
      [listings['Ben room 3']!.id, 'Ben room 3', true, 'active'],
      [listings['Ben room 2']!.id, 'Ben room 2', true, 'active'],
      [listings['Ben room 1']!.id, 'Ben room 1', true, 'active'],
    ]);
  });

  it('answers Ben his own: his chores and the unassigned one, his balance, unread and listings', async () => {
    const { ben, chores } = seed;
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
});

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
    clock = NOW;
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

describe('GET /api/dashboard: edges', () => {
  it("charts 'all' by day up to 31 days, by month from the 32nd", async () => {
    const { people } = await householdWith(['Eve Edge']);
    const eve = people[0]!;
    const first = await createChore(eve, { title: 'First', dueDate: '2026-02-09T18:00:00Z' });
    await completeAt(eve, first.id, '2026-02-09T12:00:00Z');
    clock = NOW;
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
    clock = NOW;
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
    clock = NOW;
    const { upcomingEvents } = await getDashboard(cy);
    expect(upcomingEvents.map((e) => [e.id, e.startDate])).toEqual([
      [walk.id, '2026-03-12T07:00:00.000Z'],
      [vet.id, '2026-03-12T08:00:00.000Z'],
      [walk.id, '2026-03-13T07:00:00.000Z'],
      [walk.id, '2026-03-14T07:00:00.000Z'],
      [walk.id, '2026-03-15T07:00:00.000Z'],
    ]);
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

  it('has no top performer when everyone scored 0, even with an overdue chore counted', async () => {
    const { people } = await householdWith(['Nia North', 'Ned North']);
    const [nia, ned] = people as [Person, Person];
    await createChore(nia, { title: 'Overdue', dueDate: '2026-03-10T18:00:00Z' });
    clock = NOW;
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
    // The featured listings are the whole board's, not the household's.
    expect(home.featuredListings.map((l) => l.title)).toEqual(['Ben room 3', 'Ben room 2', 'Ben room 1']);
  });
});

describe('isolation between households', () => {
  it("keeps each household's figures to itself, both ways", async () => {
    const { olga, omar, chore, expense, message, lunch, party } = other;
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
      chart: { unit: 'day', buckets: buckets(dayKeys('2026-03-05', 7), { '2026-03-10': 1 }) },
    } satisfies DashboardData);

    const ownerSecrets = [seed.household.id, seed.ann.user.id, seed.ben.user.id, seed.cat.user.id, 'Pizza'];
    for (const period of ['week', 'month', 'all']) {
      const theirs = JSON.stringify(await getDashboard(olga, `?period=${period}`));
      for (const secret of ownerSecrets) expect(theirs, `${period}: ${secret}`).not.toContain(secret);
    }
    const theirHome = await getHome(olga);
    expect(theirHome.household.id).toBe(other.household.id);
    expect(theirHome.today.events.map((e) => e.id)).toEqual([lunch.id]);
    expect(theirHome.balance).toEqual({ owedCents: 4950, owingCents: 0, netCents: 4950 });
    // The featured listings are public; everything else of Ann's household stays out.
    const { featuredListings: _public, ...rest } = theirHome;
    for (const secret of ownerSecrets) expect(JSON.stringify(rest)).not.toContain(secret);

    const annHome = JSON.stringify(await getHome(seed.ann));
    for (const secret of other.secrets) expect(annHome, secret).not.toContain(secret);
  });
});

describe('authorisation and bad input', () => {
  it.each(['/api/home', '/api/dashboard', '/api/dashboard?period=all'])(
    '%s answers 401 signed out and 404 outside any household',
    async (url) => {
      const anonymous = await new Client(t.app).get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Not signed in' });
      const loner = await signUp(t.app);
      const outside = await loner.client.get(url);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: 'You are not in a household' });
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
    const response = await seed.ann.client.get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('checks the session before the query', async () => {
    expect((await new Client(t.app).get('/api/dashboard?period=year')).statusCode).toBe(401);
    expect((await new Client(t.app).get('/api/home?tz=Mars/Base')).statusCode).toBe(401);
  });
});
