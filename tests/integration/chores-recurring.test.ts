// Chores through the API: recurring chores, their next occurrences, rotations and streaks.
import { describe, expect, it } from 'vitest';
import {
  board,
  type ChoreView,
  createChore,
  inSeries,
  type LeaderboardRow,
  listChores,
  patchChore,
  rowOf,
  setUpChoresApp,
} from './chores-setup.ts';

const t = setUpChoresApp();
const { householdWith, completeAt, setClock } = t;

const totalPoints = (rows: LeaderboardRow[]) => rows.reduce((sum, r) => sum + r.points, 0);

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
