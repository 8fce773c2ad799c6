// Chores through the API: changing, completing, reopening and deleting chores.
import { describe, expect, it } from 'vitest';
import {
  board,
  createChore,
  inSeries,
  listChores,
  patchChore,
  rowOf,
  setUpChoresApp,
} from './chores-setup.ts';
import { Client, signUp } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpChoresApp();
const { householdWith, completeAt, setClock } = t;

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

  it('undoing a one-tap completion (done → its status before) restores the chore, its points and its streak', async () => {
    const { admin: ann, others } = await householdWith(['Ann Archer', 'Ben Baker']);
    const ben = others[0]!;
    const chore = await createChore(ann, { recurrence: 'weekly' });
    const started = await patchChore(ann, chore.id, { status: 'doing' });
    const done = await completeAt(ann, chore.id, '2026-03-11T15:00:00.000Z');
    expect(done).toMatchObject({ status: 'done', streak: 1 });
    expect(rowOf(await board(ann), ann)).toMatchObject({ completions: 1 });

    // The Undo of the chores screen sends the status the chore had before.
    const undone = await patchChore(ann, chore.id, { status: 'doing' });
    const { updatedAt: _a, ...before } = started;
    const { updatedAt: _b, ...after } = undone;
    expect(after).toEqual(before);
    expect(rowOf(await board(ann), ann)).toMatchObject({ points: 0, completions: 0 });
    expect(inSeries(await listChores(ben), chore.id).map((c) => c.id)).toEqual([chore.id]);
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
    if (typeof message === 'string') expectRefusal(response.json(), message);
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
