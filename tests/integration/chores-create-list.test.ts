// Chores through the API: creating chores, and the list with its history.
import { describe, expect, it } from 'vitest';
import {
  type ChoreView,
  createChore,
  DUE,
  listChores,
  NOW,
  patchChore,
  setUpChoresApp,
  titles,
} from './chores-setup.ts';
import { Client, signUp } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpChoresApp();
const { householdWith, completeAt, setClock } = t;

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

  it('fills in the defaults: medium, general, 30 minutes, no reminder, no recurrence, todo', async () => {
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
    // null is "no recurrence" too, as the web app sends it.
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
    if (typeof message === 'string') expectRefusal(response.json(), message);
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
      code: 'chore.before_invalid',
      params: { field: 'before', format: 'datetime' },
    });
  });

  it('answers 401 without a session and 404 without a household', async () => {
    expect((await new Client(t.app).get('/api/chores')).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.get('/api/chores')).statusCode).toBe(404);
  });
});
