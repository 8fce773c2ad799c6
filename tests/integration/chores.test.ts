import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

// The app's clock, set per test where dates matter: completion time against the due date
// decides on-time, points and streaks, and the leaderboard's periods count back from it.
const NOW = Date.parse('2026-03-11T12:00:00.000Z'); // a Wednesday
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

interface Subtask {
  text: string;
  done: boolean;
}
interface ChoreView {
  id: string;
  seriesId: string;
  title: string;
  description: string | null;
  status: 'todo' | 'doing' | 'done';
  priority: string;
  category: string;
  dueDate: string;
  timeZone: string;
  completedAt: string | null;
  completedBy: string | null;
  assignedTo: string | null;
  assignedUser: { id: string; firstName: string; lastName: string } | null;
  recurrence: string | null;
  rotation: string;
  reminder: string;
  estimatedDuration: number;
  subtasks: Subtask[];
  notes: string | null;
  streak: number;
  points: number;
  onTime: boolean | null;
  createdAt: string;
  updatedAt: string;
  nextOccurrence?: ChoreView | null;
}
interface LeaderboardRow {
  userId: string;
  points: number;
  completions: number;
  onTimeRate: number | null;
  streakWeeks: number;
}
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
  const [admin, ...others] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json();
  for (const other of others) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
  }
  return { household, admin: admin!, others, people };
}

const DUE = '2026-03-12T18:00:00.000Z';

async function createChore(by: Person, fields: Record<string, unknown> = {}): Promise<ChoreView> {
  const response = await by.client.post('/api/chores', {
    title: 'Dishes',
    assignedTo: by.user.id,
    dueDate: DUE,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function patchChore(by: Person, id: string, changes: Record<string, unknown>): Promise<ChoreView> {
  const response = await by.client.patch(`/api/chores/${id}`, changes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Completes a chore at the given instant (the app's clock). */
async function completeAt(by: Person, id: string, iso: string): Promise<ChoreView> {
  setClock(iso);
  return patchChore(by, id, { status: 'done' });
}

async function listChores(by: Person, query = ''): Promise<ChoreView[]> {
  const response = await by.client.get(`/api/chores${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function board(by: Person, period = 'week'): Promise<LeaderboardRow[]> {
  const response = await by.client.get(`/api/chores/leaderboard?period=${period}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const rowOf = (rows: LeaderboardRow[], person: Person) => rows.find((r) => r.userId === person.user.id);
const totalPoints = (rows: LeaderboardRow[]) => rows.reduce((sum, r) => sum + r.points, 0);
const titles = (chores: ChoreView[]) => chores.map((c) => c.title).sort();
const inSeries = (chores: ChoreView[], seriesId: string) => chores.filter((c) => c.seriesId === seriesId);

describe('POST /api/chores', () => {
  it('creates a chore with every field, answering 201 with the assignee and subtasks', async () => {
    const { admin, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const response = await admin.client.post('/api/chores', {
      title: '  Dishes  ',
      description: ' Scrub the pans too ',
      assignedTo: ben.user.id,
      dueDate: '2026-03-12T19:30:00+01:00',
      priority: 'high',
      recurrence: 'weekly',
      rotation: 'fixed',
      status: 'todo',
      category: 'kitchen',
      estimatedDuration: 45,
      reminder: '1hour',
      notes: ' Use gloves ',
      subtasks: ['Plates', '   ', ' Pots ', ''],
    });
    expect(response.statusCode).toBe(201);
    const chore = response.json();
    expect(chore).toEqual({
      id: expect.any(String),
      seriesId: chore.id,
      title: 'Dishes',
      description: 'Scrub the pans too',
      status: 'todo',
      priority: 'high',
      category: 'kitchen',
      dueDate: '2026-03-12T18:30:00.000Z',
      timeZone: 'UTC',
      completedAt: null,
      completedBy: null,
      assignedTo: ben.user.id,
      assignedUser: {
        id: ben.user.id,
        firstName: 'Ben',
        lastName: 'Baker',
        email: ben.email,
        profileColor: 'blue',
        profileImageUrl: null,
      },
      recurrence: 'weekly',
      rotation: 'fixed',
      reminder: '1hour',
      estimatedDuration: 45,
      subtasks: [
        { text: 'Plates', done: false },
        { text: 'Pots', done: false },
      ],
      notes: 'Use gloves',
      streak: 0,
      points: 0,
      onTime: null,
      createdAt: new Date(NOW).toISOString(),
      updatedAt: new Date(NOW).toISOString(),
    });
    expect(JSON.stringify(chore)).not.toContain('password');
    // Every member sees it as created.
    expect(await listChores(ben)).toEqual([chore]);
  });

  it("fills in the SPEC's defaults: medium, general, 30 minutes, no reminder, no recurrence, todo", async () => {
    const { admin } = await householdWith(['Dee Dalton']);
    const chore = await createChore(admin, { title: 'Sweep' });
    expect(chore).toMatchObject({
      title: 'Sweep',
      description: null,
      status: 'todo',
      priority: 'medium',
      category: 'general',
      estimatedDuration: 30,
      reminder: 'none',
      recurrence: null,
      rotation: 'round_robin',
      subtasks: [],
      notes: null,
      assignedTo: admin.user.id,
      dueDate: DUE,
    });
    // null is "no recurrence" too, as the SPEC payload sends it.
    expect(
      (await createChore(admin, { recurrence: null, description: null, notes: '' })).recurrence,
    ).toBeNull();
  });

  it('keeps 30 subtasks after dropping blank ones', async () => {
    const { admin } = await householdWith(['Sub Tasker']);
    const subtasks = [...Array.from({ length: 30 }, (_, i) => `Step ${i + 1}`), ' ', '', '  '];
    const chore = await createChore(admin, { subtasks });
    expect(chore.subtasks).toHaveLength(30);
    expect(chore.subtasks.at(-1)).toEqual({ text: 'Step 30', done: false });
  });

  const long = (n: number) => 'x'.repeat(n);
  const DURATION_MESSAGE = 'Estimated duration must be one of 15, 30, 45, 60, 90, 120, 180, 240 minutes';
  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['no title', { title: undefined }, 'Title is required'],
    ['a title that is not text', { title: 42 }, 'Title is required'],
    ['a 121-character title', { title: long(121) }, 'Title must be at most 120 characters'],
    ['no assignee', { assignedTo: undefined }, 'Choose who the chore is assigned to'],
    ['an empty assignee', { assignedTo: '' }, 'Choose who the chore is assigned to'],
    [
      'an assignee who is no member',
      { assignedTo: 'nobody-at-all' },
      'assignedTo must be a member of your household',
    ],
    ['no due date', { dueDate: undefined }, 'Due date is required'],
    ['a due date without a time', { dueDate: '2026-03-12' }, 'Due date is required'],
    ['a due date in words', { dueDate: 'next Tuesday' }, 'Due date is required'],
    ['a due date that does not exist', { dueDate: '2026-02-30T10:00:00Z' }, 'Due date is required'],
    ['a duration off the list', { estimatedDuration: 20 }, DURATION_MESSAGE],
    ['a duration as text', { estimatedDuration: '30' }, DURATION_MESSAGE],
    ['a reminder off the list', { reminder: '10min' }, /^reminder: /],
    ["an event reminder (1week) chores don't have", { reminder: '1week' }, /^reminder: /],
    ['a priority off the list', { priority: 'critical' }, /^priority: /],
    ['a category off the list', { category: 'garage' }, /^category: /],
    ['a recurrence off the list', { recurrence: 'yearly' }, /^recurrence: /],
    ['a rotation off the list', { rotation: 'random' }, /^rotation: /],
    ['a status other than todo', { status: 'done' }, /^status: /],
    ['31 subtasks', { subtasks: Array.from({ length: 31 }, (_, i) => `Step ${i}`) }, 'At most 30 subtasks'],
    ['a 201-character subtask', { subtasks: [long(201)] }, 'Subtasks must be at most 200 characters'],
    ['subtasks that are not a list', { subtasks: 'Plates' }, /^subtasks: /],
    [
      'a 2001-character description',
      { description: long(2001) },
      'Description and notes must be at most 2000 characters',
    ],
    ['2001-character notes', { notes: long(2001) }, 'Description and notes must be at most 2000 characters'],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus' },
      'timeZone must be an IANA time zone such as Europe/Berlin',
    ],
  ])('refuses %s with 400 and creates nothing', async (_label, fields, message) => {
    const { admin } = await householdWith(['Val Idator']);
    const response = await admin.client.post('/api/chores', {
      title: 'Dishes',
      assignedTo: admin.user.id,
      dueDate: DUE,
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    if (typeof message === 'string') expect(response.json()).toEqual({ message });
    else expect(response.json().message).toMatch(message);
    expect(await listChores(admin)).toEqual([]);
  });

  it('answers 401 without a session and 404 without a household', async () => {
    const anonymous = new Client(t.app);
    const body = { title: 'Dishes', assignedTo: 'x', dueDate: DUE };
    expect((await anonymous.post('/api/chores', body)).statusCode).toBe(401);
    const loner = await signUp(t.app);
    const response = await loner.client.post('/api/chores', { ...body, assignedTo: loner.user.id });
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('GET /api/chores', () => {
  it('lists open chores and those done in the last 7 days; older ones page through ?status=done&before=', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    setClock('2026-02-25T12:00:00.000Z');
    const made: Record<string, ChoreView> = {};
    for (const title of ['Oldest', 'Older', 'Old', 'Recent', 'Open', 'Started']) {
      made[title] = await createChore(ann, { title, dueDate: '2026-03-20T18:00:00.000Z' });
    }
    await completeAt(ann, made.Oldest!.id, '2026-03-01T12:00:00.000Z');
    await completeAt(ann, made.Older!.id, '2026-03-02T12:00:00.000Z');
    await completeAt(ann, made.Old!.id, '2026-03-03T12:00:00.000Z'); // 8 days before NOW
    await completeAt(ann, made.Recent!.id, '2026-03-08T12:00:00.000Z'); // 3 days before NOW
    await patchChore(ann, made.Started!.id, { status: 'doing' });
    setClock(new Date(NOW).toISOString());

    const current = await listChores(ann);
    expect(titles(current)).toEqual(['Open', 'Recent', 'Started']);
    expect(current.find((c) => c.title === 'Recent')).toMatchObject({
      status: 'done',
      completedAt: '2026-03-08T12:00:00.000Z',
      assignedUser: { id: ann.user.id, firstName: 'Ann' },
    });

    // History: every done chore before the cursor, newest completion first.
    expect((await listChores(ann, '?status=done')).map((c) => c.title)).toEqual([
      'Recent',
      'Old',
      'Older',
      'Oldest',
    ]);
    const firstPage = await listChores(ann, '?status=done&limit=2');
    expect(firstPage.map((c) => c.title)).toEqual(['Recent', 'Old']);
    const cursor = encodeURIComponent(firstPage.at(-1)!.completedAt!);
    const secondPage = await listChores(ann, `?status=done&before=${cursor}&limit=2`);
    expect(secondPage.map((c) => c.title)).toEqual(['Older', 'Oldest']);
    const end = encodeURIComponent(secondPage.at(-1)!.completedAt!);
    expect(await listChores(ann, `?status=done&before=${end}&limit=2`)).toEqual([]);
  });

  it('refuses a bad history cursor or limit (400)', async () => {
    const { admin } = await householdWith(['Pat Pager']);
    for (const query of ['?status=done&before=yesterday', '?status=done&limit=0', '?status=open']) {
      const response = await admin.client.get(`/api/chores${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await admin.client.get('/api/chores?status=done&before=yesterday')).json()).toEqual({
      message: 'before must be an ISO date-time',
    });
  });

  it('answers 401 without a session and 404 without a household', async () => {
    expect((await new Client(t.app).get('/api/chores')).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.get('/api/chores')).statusCode).toBe(404);
  });
});

describe('PATCH /api/chores/:id', () => {
  it('changes any field and only the fields it names', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const chore = await createChore(ann, {
      description: 'Scrub',
      notes: 'Gloves',
      subtasks: ['Plates', 'Pots'],
    });
    setClock('2026-03-11T13:00:00.000Z');
    const changed = await patchChore(ben, chore.id, {
      title: ' Wash up ',
      description: 'Everything in the sink',
      assignedTo: ben.user.id,
      dueDate: '2026-03-13T09:00:00.000Z',
      priority: 'urgent',
      recurrence: 'daily',
      rotation: 'least_done',
      category: 'kitchen',
      estimatedDuration: 60,
      reminder: '1day',
      notes: 'Rinse first',
      subtasks: [
        { text: 'Plates', done: true },
        { text: 'Pots', done: false },
      ],
    });
    expect(changed).toMatchObject({
      id: chore.id,
      title: 'Wash up',
      description: 'Everything in the sink',
      assignedTo: ben.user.id,
      assignedUser: { id: ben.user.id, firstName: 'Ben' },
      dueDate: '2026-03-13T09:00:00.000Z',
      priority: 'urgent',
      recurrence: 'daily',
      rotation: 'least_done',
      category: 'kitchen',
      estimatedDuration: 60,
      reminder: '1day',
      notes: 'Rinse first',
      subtasks: [
        { text: 'Plates', done: true },
        { text: 'Pots', done: false },
      ],
      status: 'todo',
      createdAt: chore.createdAt,
      updatedAt: '2026-03-11T13:00:00.000Z',
    });
    const { nextOccurrence: _none, ...stored } = changed;
    expect(await listChores(ann)).toEqual([stored]);

    // A PATCH naming one field leaves the rest alone; null clears a clearable field.
    const renamed = await patchChore(ann, chore.id, { title: 'Dishes' });
    expect(renamed).toMatchObject({
      title: 'Dishes',
      description: 'Everything in the sink',
      notes: 'Rinse first',
    });
    const cleared = await patchChore(ann, chore.id, { description: null, recurrence: null });
    expect(cleared).toMatchObject({ description: null, recurrence: null, notes: 'Rinse first' });
  });

  it('moves todo → doing → done: completion sets completedAt, points, on-time and streak; the leaderboard counts it', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    // 45 minutes, high: effort 3 × weight 2 = 6, +50 % on time = 9.
    const chore = await createChore(ann, {
      estimatedDuration: 45,
      priority: 'high',
      description: 'Scrub',
      notes: 'Gloves',
    });
    const doing = await patchChore(ben, chore.id, { status: 'doing' });
    expect(doing).toMatchObject({ status: 'doing', completedAt: null, points: 0, onTime: null });

    const done = await completeAt(ben, chore.id, '2026-03-11T15:00:00.000Z');
    expect(done).toMatchObject({
      status: 'done',
      completedAt: '2026-03-11T15:00:00.000Z',
      completedBy: ben.user.id,
      points: 9,
      onTime: true,
      streak: 1,
      description: 'Scrub',
      notes: 'Gloves',
      nextOccurrence: null,
    });
    expect(rowOf(await board(ann), ben)).toMatchObject({ points: 9, completions: 1, onTimeRate: 1 });
    expect(rowOf(await board(ann), ann)).toMatchObject({ points: 0, completions: 0, onTimeRate: null });
  });

  it('reopening clears the completion and takes the points back, leaving description and notes alone', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    const chore = await createChore(ann, { description: 'Scrub', notes: 'Gloves' });
    await completeAt(ann, chore.id, '2026-03-11T15:00:00.000Z');
    expect(rowOf(await board(ann), ann)).toMatchObject({ points: 5, completions: 1 });

    const reopened = await patchChore(ann, chore.id, { status: 'todo' });
    expect(reopened).toMatchObject({
      status: 'todo',
      completedAt: null,
      completedBy: null,
      points: 0,
      onTime: null,
      streak: 0,
      description: 'Scrub',
      notes: 'Gloves',
    });
    expect(rowOf(await board(ann), ann)).toMatchObject({ points: 0, completions: 0, onTimeRate: null });
    expect(rowOf(await board(ann, 'all'), ann)).toMatchObject({ points: 0, completions: 0 });

    // done → doing is a reopening too.
    await completeAt(ann, chore.id, '2026-03-11T16:00:00.000Z');
    const started = await patchChore(ann, chore.id, { status: 'doing' });
    expect(started).toMatchObject({ status: 'doing', completedAt: null, points: 0 });
    expect(rowOf(await board(ann), ann)).toMatchObject({ points: 0, completions: 0 });
  });

  it('reopening a recurring chore withdraws its untouched next occurrence, but not a started one', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const chore = await createChore(ann, { recurrence: 'weekly' });
    const first = await patchChore(ann, chore.id, { status: 'done' });
    const next = first.nextOccurrence!;
    expect(inSeries(await listChores(ben), chore.id)).toHaveLength(2);

    await patchChore(ann, chore.id, { status: 'todo' });
    const afterReopen = inSeries(await listChores(ben), chore.id);
    expect(afterReopen.map((c) => c.id)).toEqual([chore.id]);
    expect((await ben.client.patch(`/api/chores/${next.id}`, { status: 'doing' })).statusCode).toBe(404);

    // Completing again brings one next occurrence back; once it is started, reopening keeps it.
    const again = await patchChore(ann, chore.id, { status: 'done' });
    expect(again.nextOccurrence).toMatchObject({ dueDate: next.dueDate, assignedTo: next.assignedTo });
    await patchChore(ben, again.nextOccurrence!.id, { status: 'doing' });
    await patchChore(ann, chore.id, { status: 'todo' });
    const kept = inSeries(await listChores(ben), chore.id);
    expect(kept.map((c) => [c.id, c.status]).sort()).toEqual(
      [
        [chore.id, 'todo'],
        [again.nextOccurrence!.id, 'doing'],
      ].sort(),
    );
  });

  it.each<[string, Record<string, unknown>, string | RegExp]>([
    ['no field at all', {}, 'Send at least one field to change'],
    ['a blank title', { title: '  ' }, 'Title is required'],
    ['a status off the list', { status: 'finished' }, /^status: /],
    ['a priority off the list', { priority: 'critical' }, /^priority: /],
    [
      'a duration off the list',
      { estimatedDuration: 25 },
      'Estimated duration must be one of 15, 30, 45, 60, 90, 120, 180, 240 minutes',
    ],
    ['a reminder off the list', { reminder: '10min' }, /^reminder: /],
    ['a due date in words', { dueDate: 'soon' }, 'Due date is required'],
    [
      'an assignee who is no member',
      { assignedTo: 'nobody-at-all' },
      'assignedTo must be a member of your household',
    ],
    [
      '31 subtasks',
      { subtasks: Array.from({ length: 31 }, (_, i) => ({ text: `Step ${i}`, done: false })) },
      'At most 30 subtasks',
    ],
    ['a subtask without its done flag', { subtasks: [{ text: 'Plates' }] }, /^subtasks\.0\.done: /],
  ])('refuses %s with 400 and changes nothing', async (_label, changes, message) => {
    const { admin } = await householdWith(['Val Idator']);
    const chore = await createChore(admin);
    const response = await admin.client.patch(`/api/chores/${chore.id}`, changes);
    expect(response.statusCode).toBe(400);
    if (typeof message === 'string') expect(response.json()).toEqual({ message });
    else expect(response.json().message).toMatch(message);
    expect(await listChores(admin)).toEqual([chore]);
  });

  it('answers 404 for an unknown chore, 401 without a session and 404 without a household', async () => {
    const { admin } = await householdWith(['Ann Archer']);
    const chore = await createChore(admin);
    expect((await admin.client.patch('/api/chores/no-such-chore', { title: 'X' })).statusCode).toBe(404);
    expect((await new Client(t.app).patch(`/api/chores/${chore.id}`, { title: 'X' })).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.client.patch(`/api/chores/${chore.id}`, { title: 'X' })).statusCode).toBe(404);
    expect(await listChores(admin)).toEqual([chore]);
  });
});

describe('recurring chores', () => {
  it('round robin: the next occurrence is due one period after the previous due date and goes to the next member by join order', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const chore = await createChore(ann, {
      title: 'Bins',
      description: 'Both bins',
      recurrence: 'weekly',
      assignedTo: ann.user.id,
      dueDate: '2026-03-12T18:00:00.000Z',
      priority: 'low',
      category: 'outdoor',
      estimatedDuration: 15,
      reminder: '1hour',
      notes: 'Green on Thursdays',
      subtasks: ['Black', 'Green'],
    });
    // Ticked subtasks start fresh on the next occurrence.
    await patchChore(ann, chore.id, {
      subtasks: [
        { text: 'Black', done: true },
        { text: 'Green', done: true },
      ],
    });

    // Completed early, by someone other than the assignee: the rota follows the assignee.
    const first = await completeAt(cat, chore.id, '2026-03-11T08:00:00.000Z');
    expect(first.nextOccurrence).toEqual({
      id: expect.any(String),
      seriesId: chore.id,
      title: 'Bins',
      description: 'Both bins',
      status: 'todo',
      priority: 'low',
      category: 'outdoor',
      dueDate: '2026-03-19T18:00:00.000Z',
      timeZone: 'UTC',
      completedAt: null,
      completedBy: null,
      assignedTo: ben.user.id,
      assignedUser: expect.objectContaining({ id: ben.user.id, firstName: 'Ben' }),
      recurrence: 'weekly',
      rotation: 'round_robin',
      reminder: '1hour',
      estimatedDuration: 15,
      subtasks: [
        { text: 'Black', done: false },
        { text: 'Green', done: false },
      ],
      notes: 'Green on Thursdays',
      streak: 1,
      points: 0,
      onTime: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const listed = inSeries(await listChores(ann), chore.id).find((c) => c.status === 'todo');
    expect(listed?.id).toBe(first.nextOccurrence!.id);

    // Completed two days late: the schedule does not drift from the due dates.
    const second = await completeAt(ben, first.nextOccurrence!.id, '2026-03-21T10:00:00.000Z');
    expect(second.nextOccurrence).toMatchObject({
      dueDate: '2026-03-26T18:00:00.000Z',
      assignedTo: cat.user.id,
    });
    const third = await completeAt(cat, second.nextOccurrence!.id, '2026-03-26T10:00:00.000Z');
    expect(third.nextOccurrence).toMatchObject({
      dueDate: '2026-04-02T18:00:00.000Z',
      assignedTo: ann.user.id,
    });
  });

  it('daily and biweekly add one and two weeks of days; the wall-clock time holds across a DST change', async () => {
    const { admin } = await householdWith(['Dee Dalton']);
    const daily = await createChore(admin, { recurrence: 'daily', dueDate: '2026-03-12T18:00:00.000Z' });
    expect((await patchChore(admin, daily.id, { status: 'done' })).nextOccurrence?.dueDate).toBe(
      '2026-03-13T18:00:00.000Z',
    );
    const biweekly = await createChore(admin, {
      recurrence: 'biweekly',
      dueDate: '2026-03-12T18:00:00.000Z',
    });
    expect((await patchChore(admin, biweekly.id, { status: 'done' })).nextOccurrence?.dueDate).toBe(
      '2026-03-26T18:00:00.000Z',
    );
    // Berlin moves to summer time on 29 March 2026: 18:00 local stays 18:00 local.
    const berlin = await createChore(admin, {
      recurrence: 'weekly',
      timeZone: 'Europe/Berlin',
      dueDate: '2026-03-26T18:00:00+01:00',
    });
    expect(berlin.timeZone).toBe('Europe/Berlin');
    expect((await patchChore(admin, berlin.id, { status: 'done' })).nextOccurrence?.dueDate).toBe(
      '2026-04-02T16:00:00.000Z',
    );
  });

  it('monthly clamps to the end of a shorter month without drifting: Jan 31 → Feb 28 → Mar 31', async () => {
    const { admin } = await householdWith(['Mo Monthly']);
    setClock('2026-01-20T12:00:00.000Z');
    const rent = await createChore(admin, {
      title: 'Pay rent',
      recurrence: 'monthly',
      dueDate: '2026-01-31T20:00:00.000Z',
    });
    const feb = (await completeAt(admin, rent.id, '2026-01-30T12:00:00.000Z')).nextOccurrence!;
    expect(feb.dueDate).toBe('2026-02-28T20:00:00.000Z');
    const mar = (await completeAt(admin, feb.id, '2026-02-27T12:00:00.000Z')).nextOccurrence!;
    expect(mar.dueDate).toBe('2026-03-31T20:00:00.000Z');
  });

  it('a monthly occurrence moved to the 31st goes on from the 31st, not from a clamped date', async () => {
    const { admin } = await householdWith(['Mo Monthly']);
    setClock('2026-01-20T12:00:00.000Z');
    const rent = await createChore(admin, { recurrence: 'monthly', dueDate: '2026-01-28T20:00:00.000Z' });
    const feb = (await completeAt(admin, rent.id, '2026-01-27T12:00:00.000Z')).nextOccurrence!;
    expect(feb.dueDate).toBe('2026-02-28T20:00:00.000Z');
    // The second occurrence moves to the end of March; the series counts on from there.
    await patchChore(admin, feb.id, { dueDate: '2026-03-31T20:00:00.000Z' });
    const apr = (await completeAt(admin, feb.id, '2026-03-30T12:00:00.000Z')).nextOccurrence!;
    expect(apr.dueDate).toBe('2026-04-30T20:00:00.000Z');
    const may = (await completeAt(admin, apr.id, '2026-04-29T12:00:00.000Z')).nextOccurrence!;
    expect(may.dueDate).toBe('2026-05-31T20:00:00.000Z');
  });

  it('after an edit the next occurrence is one period after the edited due date, in the new recurrence', async () => {
    const { admin } = await householdWith(['Ed Itor']);
    const chore = await createChore(admin, { recurrence: 'weekly', dueDate: '2026-03-12T18:00:00.000Z' });
    const second = (await patchChore(admin, chore.id, { status: 'done' })).nextOccurrence!;
    expect(second.dueDate).toBe('2026-03-19T18:00:00.000Z');
    // This week's turn moves to Friday: the rule counts from the previous due date as it now is.
    await patchChore(admin, second.id, { dueDate: '2026-03-20T18:00:00.000Z' });
    const third = (await patchChore(admin, second.id, { status: 'done' })).nextOccurrence!;
    expect(third.dueDate).toBe('2026-03-27T18:00:00.000Z');
    // Weekly becomes monthly from here on: one month after this due date, not the series' fourth month.
    await patchChore(admin, third.id, { recurrence: 'monthly' });
    const fourth = (await patchChore(admin, third.id, { status: 'done' })).nextOccurrence!;
    expect(fourth).toMatchObject({ recurrence: 'monthly', dueDate: '2026-04-27T18:00:00.000Z' });
  });

  it('fixed rotation keeps the assignee, whoever completes it', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const chore = await createChore(ann, {
      recurrence: 'weekly',
      rotation: 'fixed',
      assignedTo: ben.user.id,
    });
    const first = await patchChore(ann, chore.id, { status: 'done' });
    expect(first.nextOccurrence).toMatchObject({ assignedTo: ben.user.id, rotation: 'fixed' });
    const second = await patchChore(ben, first.nextOccurrence!.id, { status: 'done' });
    expect(second.nextOccurrence).toMatchObject({ assignedTo: ben.user.id });
  });

  it('least done: the member with the fewest completions of the series, ties in join order', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const chore = await createChore(ann, {
      recurrence: 'weekly',
      rotation: 'least_done',
      assignedTo: ann.user.id,
    });
    // Ben does Ann's turn: Ben 1, Cat 0, Ann 0 → Cat (round robin would pick Ben).
    const first = await patchChore(ben, chore.id, { status: 'done' });
    expect(first.nextOccurrence).toMatchObject({ assignedTo: cat.user.id });
    // Cat does hers: Ben 1, Cat 1, Ann 0 → Ann.
    const second = await patchChore(cat, first.nextOccurrence!.id, { status: 'done' });
    expect(second.nextOccurrence).toMatchObject({ assignedTo: ann.user.id });
    // Ann does hers: all at 1 → the next after Ann in join order, Ben.
    const third = await patchChore(ann, second.nextOccurrence!.id, { status: 'done' });
    expect(third.nextOccurrence).toMatchObject({ assignedTo: ben.user.id });
  });

  it('skips a member who is away on the next due date (the last away day included)', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    const away = await ben.client.patch('/api/households/current/members/me', {
      awayFrom: '2026-03-16',
      awayUntil: '2026-03-19',
    });
    expect(away.statusCode).toBe(200);
    const chore = await createChore(ann, { recurrence: 'weekly', dueDate: '2026-03-12T18:00:00.000Z' });
    const first = await patchChore(ann, chore.id, { status: 'done' });
    expect(first.nextOccurrence).toMatchObject({
      dueDate: '2026-03-19T18:00:00.000Z',
      assignedTo: cat.user.id,
    });
    // The rota goes on from Cat; Ben, back by then, gets his turn after Ann.
    const second = await patchChore(cat, first.nextOccurrence!.id, { status: 'done' });
    expect(second.nextOccurrence).toMatchObject({
      dueDate: '2026-03-26T18:00:00.000Z',
      assignedTo: ann.user.id,
    });
    const third = await patchChore(ann, second.nextOccurrence!.id, { status: 'done' });
    expect(third.nextOccurrence).toMatchObject({ assignedTo: ben.user.id });
  });

  it("counts away days in the chore's time zone, not in UTC", async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const away = { awayFrom: '2026-03-16', awayUntil: '2026-03-19' };
    expect((await ben.client.patch('/api/households/current/members/me', away)).statusCode).toBe(200);
    // Weekly at 22:00 in Los Angeles (05:00 UTC the next day). The next one falls on the
    // evening of 19 March there, Ben's last away day, so it stays with Ann.
    const evening = await createChore(ann, {
      recurrence: 'weekly',
      dueDate: '2026-03-13T05:00:00.000Z',
      timeZone: 'America/Los_Angeles',
    });
    const afterEvening = await patchChore(ann, evening.id, { status: 'done' });
    expect(afterEvening.nextOccurrence).toMatchObject({
      dueDate: '2026-03-20T05:00:00.000Z',
      assignedTo: ann.user.id,
    });
    // Weekly at 08:00 in Tokyo (23:00 UTC the day before). The next one is on the morning of
    // 16 March there, Ben's first away day.
    const morning = await createChore(ann, {
      recurrence: 'weekly',
      dueDate: '2026-03-08T23:00:00.000Z',
      timeZone: 'Asia/Tokyo',
    });
    const afterMorning = await patchChore(ann, morning.id, { status: 'done' });
    expect(afterMorning.nextOccurrence).toMatchObject({
      dueDate: '2026-03-15T23:00:00.000Z',
      assignedTo: ann.user.id,
    });
    // Back on the 20th in Tokyo: his turn again.
    const later = await patchChore(ann, afterMorning.nextOccurrence!.id, { status: 'done' });
    expect(later.nextOccurrence).toMatchObject({
      dueDate: '2026-03-22T23:00:00.000Z',
      assignedTo: ben.user.id,
    });
  });

  it('a late completion earns no on-time bonus and resets the series streak', async () => {
    const { admin: ann } = await householdWith(['Ann Archer']);
    // 60 minutes, high: effort 4 × weight 2 = 8; 12 on time.
    const chore = await createChore(ann, {
      recurrence: 'weekly',
      estimatedDuration: 60,
      priority: 'high',
      dueDate: '2026-03-12T18:00:00.000Z',
    });
    const first = await completeAt(ann, chore.id, '2026-03-12T17:00:00.000Z');
    expect(first).toMatchObject({ onTime: true, points: 12, streak: 1 });
    expect(first.nextOccurrence).toMatchObject({ streak: 1 });
    const second = await completeAt(ann, first.nextOccurrence!.id, '2026-03-19T18:00:00.000Z');
    expect(second).toMatchObject({ onTime: true, points: 12, streak: 2 });
    const late = await completeAt(ann, second.nextOccurrence!.id, '2026-03-26T18:00:00.001Z');
    expect(late).toMatchObject({ onTime: false, points: 8, streak: 0 });
    expect(late.nextOccurrence).toMatchObject({ streak: 0, dueDate: '2026-04-02T18:00:00.000Z' });
    expect(rowOf(await board(ann, 'all'), ann)).toMatchObject({ points: 32, completions: 3 });
    expect(rowOf(await board(ann, 'all'), ann)?.onTimeRate).toBeCloseTo(2 / 3);
  });

  it('an occurrence that fell on an away member keeps the series streak even when done late', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const chore = await createChore(ann, { recurrence: 'weekly', dueDate: '2026-03-12T18:00:00.000Z' });
    const first = await completeAt(ann, chore.id, '2026-03-12T10:00:00.000Z');
    expect(first.nextOccurrence).toMatchObject({ assignedTo: ben.user.id, streak: 1 });
    // Ben goes away after it was given to him; Ann covers it a day late.
    const away = { awayFrom: '2026-03-18', awayUntil: '2026-03-20' };
    expect((await ben.client.patch('/api/households/current/members/me', away)).statusCode).toBe(200);
    const covered = await completeAt(ann, first.nextOccurrence!.id, '2026-03-20T10:00:00.000Z');
    expect(covered).toMatchObject({ onTime: false, points: 3, streak: 1 });
    expect(covered.nextOccurrence).toMatchObject({ streak: 1 });
  });

  it('two members completing the same chore at once: one completion, points once, one next occurrence', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    for (let round = 0; round < 5; round++) {
      const chore = await createChore(ann, { title: `Race ${round}`, recurrence: 'weekly' });
      const [a, b] = await Promise.all([
        ann.client.patch(`/api/chores/${chore.id}`, { status: 'done' }),
        ben.client.patch(`/api/chores/${chore.id}`, { status: 'done' }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const answers: ChoreView[] = [a.json(), b.json()];
      expect(answers.filter((r) => r.nextOccurrence).length, `round ${round}`).toBe(1);
      // The completion that counted is the one that made the next occurrence; the other one
      // did not overwrite it, and both answers say so.
      const winner = answers[0]!.nextOccurrence ? ann : ben;
      expect(answers.map((r) => r.completedBy)).toEqual([winner.user.id, winner.user.id]);
      const series = inSeries(await listChores(ann), chore.id);
      expect(series.map((c) => c.status).sort()).toEqual(['done', 'todo']);
      const done = series.find((c) => c.status === 'done')!;
      expect(done).toMatchObject({ completedBy: winner.user.id, points: 5, streak: 1 });
    }
    const rows = await board(ann);
    expect(totalPoints(rows)).toBe(25);
    expect(rows.reduce((sum, r) => sum + r.completions, 0)).toBe(5);
  });
});

describe('DELETE /api/chores/:id', () => {
  it('deletes only this occurrence (204)', async () => {
    const { admin } = await householdWith(['Ann Archer']);
    const chore = await createChore(admin, { recurrence: 'weekly' });
    const next = (await patchChore(admin, chore.id, { status: 'done' })).nextOccurrence!;
    const response = await admin.client.delete(`/api/chores/${next.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await listChores(admin)).map((c) => c.id)).toEqual([chore.id]);
    expect((await admin.client.delete(`/api/chores/${next.id}`)).statusCode).toBe(404);
    expect((await admin.client.patch(`/api/chores/${next.id}`, { title: 'X' })).statusCode).toBe(404);
  });

  it('deletes the whole series with ?series=true, history included', async () => {
    const { admin } = await householdWith(['Ann Archer']);
    const other = await createChore(admin, { title: 'Other' });
    const chore = await createChore(admin, { title: 'Series', recurrence: 'daily' });
    const second = (await patchChore(admin, chore.id, { status: 'done' })).nextOccurrence!;
    const third = (await patchChore(admin, second.id, { status: 'done' })).nextOccurrence!;
    expect(inSeries(await listChores(admin), chore.id)).toHaveLength(3);
    expect((await admin.client.delete(`/api/chores/${second.id}?series=true`)).statusCode).toBe(204);
    expect((await listChores(admin)).map((c) => c.id)).toEqual([other.id]);
    expect(await listChores(admin, '?status=done')).toEqual([]);
    expect((await admin.client.patch(`/api/chores/${third.id}`, { title: 'X' })).statusCode).toBe(404);
    // ?series=false is "this one only".
    expect((await admin.client.delete(`/api/chores/${other.id}?series=false`)).statusCode).toBe(204);
    expect(await listChores(admin)).toEqual([]);
  });

  it('answers 400 for a bad series flag, 404 for an unknown chore, 401 and 404 outside a household', async () => {
    const { admin } = await householdWith(['Ann Archer']);
    const chore = await createChore(admin);
    expect((await admin.client.delete(`/api/chores/${chore.id}?series=maybe`)).statusCode).toBe(400);
    expect((await admin.client.delete('/api/chores/no-such-chore')).statusCode).toBe(404);
    expect((await new Client(t.app).delete(`/api/chores/${chore.id}`)).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.delete(`/api/chores/${chore.id}`)).statusCode).toBe(404);
    expect(await listChores(admin)).toEqual([chore]);
  });
});

describe('GET /api/chores/leaderboard', () => {
  it('counts points, completions, on-time rate and weekly streak per member over week, month and all', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    setClock('2026-01-01T12:00:00.000Z');
    const chore = (by: Person, title: string, dueDate: string, extra: Record<string, unknown> = {}) =>
      createChore(by, { title, dueDate, ...extra });
    // 30 minutes, medium: 3 points late, 4.5 → 5 on time. 60 minutes, urgent: 15 on time.
    const a1 = await chore(ann, 'a1', '2026-02-24T18:00:00.000Z');
    const a2 = await chore(ann, 'a2', '2026-03-03T18:00:00.000Z');
    const a3 = await chore(ann, 'a3', '2026-03-10T18:00:00.000Z');
    const b1 = await chore(ben, 'b1', '2026-01-20T18:00:00.000Z', {
      estimatedDuration: 60,
      priority: 'urgent',
    });
    const b2 = await chore(ben, 'b2', '2026-03-05T18:00:00.000Z');
    await chore(ben, 'b3 (never done)', '2026-03-04T18:00:00.000Z');
    await completeAt(ann, a1.id, '2026-02-24T10:00:00.000Z'); // 15 days ago
    await completeAt(ann, a2.id, '2026-03-03T10:00:00.000Z'); // 8 days ago
    await completeAt(ann, a3.id, '2026-03-10T10:00:00.000Z'); // yesterday
    await completeAt(ben, b1.id, '2026-01-20T10:00:00.000Z'); // 50 days ago
    await completeAt(ben, b2.id, '2026-03-09T10:00:00.000Z'); // 2 days ago, 4 days late
    setClock(new Date(NOW).toISOString());

    // Ann did everything assigned to her in each of the last three weeks; Ben left one undone.
    const streaks = { ann: 3, ben: 0, cat: 0 };
    const week = await board(cat, 'week');
    expect(week).toEqual([
      { userId: ann.user.id, points: 5, completions: 1, onTimeRate: 1, streakWeeks: streaks.ann },
      { userId: ben.user.id, points: 3, completions: 1, onTimeRate: 0, streakWeeks: streaks.ben },
      { userId: cat.user.id, points: 0, completions: 0, onTimeRate: null, streakWeeks: streaks.cat },
    ]);
    expect(await board(cat, 'week')).toEqual((await cat.client.get('/api/chores/leaderboard')).json());
    expect(await board(ben, 'month')).toEqual([
      { userId: ann.user.id, points: 15, completions: 3, onTimeRate: 1, streakWeeks: streaks.ann },
      { userId: ben.user.id, points: 3, completions: 1, onTimeRate: 0, streakWeeks: streaks.ben },
      { userId: cat.user.id, points: 0, completions: 0, onTimeRate: null, streakWeeks: streaks.cat },
    ]);
    expect(await board(ann, 'all')).toEqual([
      { userId: ben.user.id, points: 18, completions: 2, onTimeRate: 0.5, streakWeeks: streaks.ben },
      { userId: ann.user.id, points: 15, completions: 3, onTimeRate: 1, streakWeeks: streaks.ann },
      { userId: cat.user.id, points: 0, completions: 0, onTimeRate: null, streakWeeks: streaks.cat },
    ]);
  });

  it('refuses an unknown period (400); 401 without a session, 404 without a household', async () => {
    const { admin } = await householdWith(['Ann Archer']);
    for (const period of ['year', 'WEEK', '']) {
      const response = await admin.client.get(`/api/chores/leaderboard?period=${period}`);
      expect(response.statusCode, period).toBe(400);
      expect(response.json()).toEqual({ message: 'period must be week, month or all' });
    }
    expect((await new Client(t.app).get('/api/chores/leaderboard')).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.get('/api/chores/leaderboard')).statusCode).toBe(404);
  });
});

describe('PATCH /api/households/current/members/me (away)', () => {
  const awayOf = async (viewer: Person, person: Person) => {
    const household = (await viewer.client.get('/api/households/current')).json();
    const member = household.members.find((m: { userId: string }) => m.userId === person.user.id);
    return { awayFrom: member.awayFrom, awayUntil: member.awayUntil };
  };

  it('sets and clears an away range that every member sees', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    expect(await awayOf(ann, ben)).toEqual({ awayFrom: null, awayUntil: null });
    const set = await ben.client.patch('/api/households/current/members/me', {
      awayFrom: '2026-03-16',
      awayUntil: '2026-03-22',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ awayFrom: '2026-03-16', awayUntil: '2026-03-22' });
    expect(await awayOf(ann, ben)).toEqual({ awayFrom: '2026-03-16', awayUntil: '2026-03-22' });
    expect(await awayOf(ben, ann)).toEqual({ awayFrom: null, awayUntil: null });
    // A single day is a range too.
    const oneDay = { awayFrom: '2026-03-18', awayUntil: '2026-03-18' };
    expect((await ben.client.patch('/api/households/current/members/me', oneDay)).statusCode).toBe(200);
    expect(await awayOf(ann, ben)).toEqual(oneDay);
    const cleared = await ben.client.patch('/api/households/current/members/me', {
      awayFrom: null,
      awayUntil: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await awayOf(ann, ben)).toEqual({ awayFrom: null, awayUntil: null });
  });

  it.each([
    [{ awayFrom: '2026-03-16', awayUntil: null }, 'Send both awayFrom and awayUntil, or neither'],
    [{ awayFrom: null, awayUntil: '2026-03-16' }, 'Send both awayFrom and awayUntil, or neither'],
    [{ awayFrom: '2026-03-16' }, 'awayUntil must be a date (YYYY-MM-DD) or null'],
    [{}, 'awayFrom must be a date (YYYY-MM-DD) or null'],
    [{ awayFrom: '2026-03-20', awayUntil: '2026-03-16' }, 'awayUntil must not be before awayFrom'],
    [{ awayFrom: '2026-02-30', awayUntil: '2026-03-02' }, 'awayFrom must be a date (YYYY-MM-DD) or null'],
    [{ awayFrom: '16/03/2026', awayUntil: '2026-03-20' }, 'awayFrom must be a date (YYYY-MM-DD) or null'],
    [{ awayFrom: '2026-03-16', awayUntil: 'soon' }, 'awayUntil must be a date (YYYY-MM-DD) or null'],
    [
      { awayFrom: '2026-03-16T00:00:00Z', awayUntil: '2026-03-20' },
      'awayFrom must be a date (YYYY-MM-DD) or null',
    ],
    [{ awayFrom: 20260316, awayUntil: 20260320 }, 'awayFrom must be a date (YYYY-MM-DD) or null'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { admin } = await householdWith(['Ann Archer']);
    const setUp = { awayFrom: '2026-04-01', awayUntil: '2026-04-03' };
    expect((await admin.client.patch('/api/households/current/members/me', setUp)).statusCode).toBe(200);
    const response = await admin.client.patch('/api/households/current/members/me', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await awayOf(admin, admin)).toEqual(setUp);
  });

  it('answers 401 without a session and 404 without a household', async () => {
    const body = { awayFrom: null, awayUntil: null };
    expect((await new Client(t.app).patch('/api/households/current/members/me', body)).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.client.patch('/api/households/current/members/me', body)).statusCode).toBe(404);
  });
});

describe('members leaving or removed', () => {
  const systemMessages = async (viewer: Person): Promise<string[]> => {
    const response = await viewer.client.get('/api/messages');
    expect(response.statusCode).toBe(200);
    return (response.json() as { type: string; content: string }[])
      .filter((m) => m.type === 'system')
      .map((m) => m.content);
  };

  it("hands the leaver's open chores on by each chore's rotation and says so in chat", async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole', 'Dan Drake']);
    const [ben, cat, dan] = [others[0]!, others[1]!, others[2]!];
    const dishes = await createChore(ann, { title: 'Dishes', assignedTo: ben.user.id, recurrence: 'weekly' });
    const plants = await createChore(ann, { title: 'Plants', assignedTo: ben.user.id, rotation: 'fixed' });
    const started = await createChore(ann, { title: 'Hoover', assignedTo: ben.user.id });
    await patchChore(ben, started.id, { status: 'doing' });
    // Least done: Cat has done this series once, Dan and Ann never → Dan, the next after Ben with fewest.
    const mop = await createChore(ann, {
      title: 'Mop',
      assignedTo: ann.user.id,
      rotation: 'least_done',
      recurrence: 'weekly',
    });
    const mopNext = (await patchChore(cat, mop.id, { status: 'done' })).nextOccurrence!;
    expect(mopNext.assignedTo).toBe(ben.user.id);
    const finished = await createChore(ann, { title: 'Laundry', assignedTo: ben.user.id });
    await patchChore(ben, finished.id, { status: 'done' });

    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);

    const byId = new Map((await listChores(ann)).map((c) => [c.id, c]));
    expect(byId.get(dishes.id)).toMatchObject({
      assignedTo: cat.user.id,
      assignedUser: { firstName: 'Cat' },
    });
    expect(byId.get(plants.id)?.assignedTo).toBe(cat.user.id);
    expect(byId.get(started.id)).toMatchObject({ assignedTo: cat.user.id, status: 'doing' });
    expect(byId.get(mopNext.id)?.assignedTo).toBe(dan.user.id);
    // Done chores keep who did them.
    expect(byId.get(finished.id)).toMatchObject({ assignedTo: ben.user.id, completedBy: ben.user.id });

    const notice = (await systemMessages(dan)).find((m) => m.startsWith("Ben B.'s open chores"));
    expect(notice).toBeDefined();
    const [head, list] = notice!.split(': ');
    expect(head).toBe("Ben B.'s open chores were reassigned");
    expect(list!.split(', ').sort()).toEqual(
      ['Dishes → Cat C.', 'Plants → Cat C.', 'Hoover → Cat C.', 'Mop → Dan D.'].sort(),
    );
  });

  it('skips a member who is away on the chore due date', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const [ben, cat] = [others[0]!, others[1]!];
    await cat.client.patch('/api/households/current/members/me', {
      awayFrom: '2026-03-10',
      awayUntil: '2026-03-14',
    });
    const chore = await createChore(ann, { title: 'Dishes', assignedTo: ben.user.id, dueDate: DUE });
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await listChores(ann)).find((c) => c.id === chore.id)?.assignedTo).toBe(ann.user.id);
    expect(await systemMessages(ann)).toContain("Ben B.'s open chores were reassigned: Dishes → Ann A.");
  });

  it("a removed member's open chores go to the next member, wrapping round to the first", async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker', 'Cat Cole']);
    const cat = others[1]!;
    const chore = await createChore(ann, { title: 'Laundry', assignedTo: cat.user.id, recurrence: 'weekly' });
    expect((await ann.client.delete(`/api/households/members/${cat.user.id}`)).statusCode).toBe(200);
    expect((await listChores(ann)).find((c) => c.id === chore.id)).toMatchObject({
      assignedTo: ann.user.id,
      assignedUser: { firstName: 'Ann', lastName: 'Archer' },
    });
    expect(await systemMessages(others[0]!)).toContain(
      "Cat C.'s open chores were reassigned: Laundry → Ann A.",
    );
  });

  it('says nothing about chores when the leaver had none open', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    await createChore(ann, { assignedTo: ann.user.id });
    expect((await others[0]!.client.post('/api/households/leave')).statusCode).toBe(204);
    expect((await systemMessages(ann)).some((m) => m.includes('open chores'))).toBe(false);
  });
});

describe('another household', () => {
  async function twoHouseholds() {
    const home = await householdWith(['Ann Archer', 'Ben Baker']);
    const away = await householdWith(['Zed Zimmer']);
    const chore = await createChore(home.admin, {
      title: 'Secret scrubbing',
      description: 'Behind the fridge',
      recurrence: 'weekly',
      assignedTo: home.others[0]!.user.id,
    });
    const ownerView = async () => ({
      chores: await listChores(home.admin),
      history: await listChores(home.admin, '?status=done'),
      board: await board(home.admin, 'all'),
    });
    const secrets = [chore.title, chore.description!, home.admin.user.id, home.others[0]!.user.id];
    return { home, outsider: away.admin, chore, ownerView, secrets };
  }

  it('cannot change, complete or delete a chore it does not own (404, nothing changes)', async () => {
    const { outsider, chore, ownerView, secrets } = await twoHouseholds();
    const calls = [
      (c: Client) => c.patch(`/api/chores/${chore.id}`, { title: 'Mine now' }),
      (c: Client) => c.patch(`/api/chores/${chore.id}`, { status: 'done' }),
      (c: Client) => c.patch(`/api/chores/${chore.id}`, { assignedTo: outsider.user.id }),
      (c: Client) => c.delete(`/api/chores/${chore.id}`),
      (c: Client) => c.delete(`/api/chores/${chore.id}?series=true`),
    ];
    for (const call of calls) {
      await expectIsolated({ outsider: outsider.client, call, ownerView, secrets });
    }
    expect(await board(outsider, 'all')).toEqual([
      { userId: outsider.user.id, points: 0, completions: 0, onTimeRate: null, streakWeeks: 0 },
    ]);
  });

  it('never sees it in its lists, history or leaderboard', async () => {
    const { home, outsider, chore, secrets } = await twoHouseholds();
    const next = (await patchChore(home.admin, chore.id, { status: 'done' })).nextOccurrence!;
    await createChore(outsider, { title: 'Own chore' });
    for (const url of [
      '/api/chores',
      '/api/chores?status=done',
      '/api/chores/leaderboard?period=all',
      '/api/chores/leaderboard?period=week',
    ]) {
      const response = await outsider.client.get(url);
      expect(response.statusCode).toBe(200);
      for (const secret of [...secrets, next.id, chore.id]) expect(response.body).not.toContain(secret);
    }
    expect(titles(await listChores(outsider))).toEqual(['Own chore']);
  });

  it('cannot assign a chore to a member of another household (400)', async () => {
    const { home, outsider, chore, ownerView } = await twoHouseholds();
    const stranger = home.others[0]!.user.id;
    const created = await outsider.client.post('/api/chores', {
      title: 'Spy',
      assignedTo: stranger,
      dueDate: DUE,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ message: 'assignedTo must be a member of your household' });
    expect(await listChores(outsider)).toEqual([]);

    const own = await createChore(outsider);
    const moved = await outsider.client.patch(`/api/chores/${own.id}`, { assignedTo: stranger });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ message: 'assignedTo must be a member of your household' });
    expect(await listChores(outsider)).toEqual([own]);

    const before = await ownerView();
    const inward = await home.admin.client.patch(`/api/chores/${chore.id}`, { assignedTo: outsider.user.id });
    expect(inward.statusCode).toBe(400);
    expect(inward.json()).toEqual({ message: 'assignedTo must be a member of your household' });
    expect(await ownerView()).toEqual(before);
  });

  it("a former member's account cannot reach the household's chores after leaving", async () => {
    const { home, chore, ownerView } = await twoHouseholds();
    const ben = home.others[0]!;
    expect((await ben.client.post('/api/households/leave')).statusCode).toBe(204);
    const before = await ownerView();
    expect((await ben.client.get('/api/chores')).statusCode).toBe(404);
    expect((await ben.client.patch(`/api/chores/${chore.id}`, { status: 'done' })).statusCode).toBe(404);
    expect((await ben.client.delete(`/api/chores/${chore.id}`)).statusCode).toBe(404);
    expect(await ownerView()).toEqual(before);
  });
});
