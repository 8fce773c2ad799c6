// Chores through the API: the leaderboard.
import { describe, expect, it } from 'vitest';
import { board, createChore, NOW, type Person, setUpChoresApp } from './chores-setup.ts';
import { Client, signUp } from './helpers.ts';

const t = setUpChoresApp();
const { householdWith, completeAt, setClock } = t;

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
      expect(response.json()).toEqual({
        message: 'period must be week, month or all',
        code: 'field.period_invalid',
        params: { field: 'period', options: 'week, month, all' },
      });
    }
    expect((await new Client(t.app).get('/api/chores/leaderboard')).statusCode).toBe(401);
    expect((await (await signUp(t.app)).client.get('/api/chores/leaderboard')).statusCode).toBe(404);
  });
});
