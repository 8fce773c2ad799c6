import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalogs.ts';
import {
  compareChores,
  createChoreSchema,
  dueLabel,
  dueLabelMessage,
  hasSpecificTime,
  isUrgent,
  memberWeekStreak,
  nextAssignee,
  nextSeriesStreak,
  nextStatus,
  occurrenceDue,
  pointsFor,
  sortChores,
  updateChoreSchema,
} from './schemas.ts';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

describe('status cycle', () => {
  it('goes todo → doing → done → todo', () => {
    expect(nextStatus('todo')).toBe('doing');
    expect(nextStatus('doing')).toBe('done');
    expect(nextStatus('done')).toBe('todo');
  });
});

describe('ordering', () => {
  const chore = (
    id: string,
    status: 'todo' | 'doing' | 'done',
    priority: 'urgent' | 'high' | 'medium' | 'low',
    due: number | null,
  ) => ({
    id,
    status,
    priority,
    dueDate: due === null ? null : iso(due),
  });

  it('puts undone first, overdue first, then priority, then due date, undated last', () => {
    const chores = [
      chore('done-urgent', 'done', 'urgent', NOW - DAY),
      chore('low-soon', 'todo', 'low', NOW + HOUR),
      chore('medium-undated', 'todo', 'medium', null),
      chore('medium-later', 'todo', 'medium', NOW + 3 * DAY),
      chore('medium-sooner', 'doing', 'medium', NOW + 2 * DAY),
      chore('overdue-low', 'todo', 'low', NOW - HOUR),
      chore('urgent-late', 'todo', 'urgent', NOW + 5 * DAY),
    ];
    expect(sortChores(chores, NOW).map((c) => c.id)).toEqual([
      'overdue-low',
      'urgent-late',
      'medium-sooner',
      'medium-later',
      'medium-undated',
      'low-soon',
      'done-urgent',
    ]);
  });

  it('is a consistent comparison', () => {
    const a = chore('a', 'todo', 'high', NOW + DAY);
    expect(compareChores(a, a, NOW)).toBe(0);
  });
});

describe('urgency', () => {
  it('is due within a day or overdue, and never for done chores', () => {
    expect(isUrgent({ status: 'todo', priority: 'low', dueDate: iso(NOW + 23 * HOUR) }, NOW)).toBe(true);
    expect(isUrgent({ status: 'todo', priority: 'low', dueDate: iso(NOW - 2 * DAY) }, NOW)).toBe(true);
    expect(isUrgent({ status: 'todo', priority: 'urgent', dueDate: iso(NOW + 25 * HOUR) }, NOW)).toBe(false);
    expect(isUrgent({ status: 'done', priority: 'low', dueDate: iso(NOW) }, NOW)).toBe(false);
    expect(isUrgent({ status: 'todo', priority: 'low', dueDate: null }, NOW)).toBe(false);
  });
});

describe('due labels', () => {
  const now = new Date(2026, 5, 10, 9, 0);
  it.each([
    [new Date(2026, 5, 10, 23, 59), 'Today'],
    [new Date(2026, 5, 11, 8, 0), 'Tomorrow'],
    [new Date(2026, 5, 9, 8, 0), 'Yesterday'],
    [new Date(2026, 5, 7, 8, 0), '3 days overdue'],
    [new Date(2026, 5, 12, 8, 0), 'In 2 days'],
    [new Date(2026, 5, 17, 8, 0), 'In 7 days'],
    [new Date(2026, 5, 18, 8, 0), 'Jun 18'],
  ])('%s → %s', (due, label) => {
    expect(dueLabel(due, now)).toBe(label);
  });

  it.each([
    [new Date(2026, 5, 10, 23, 59), 'Heute', 'Today'],
    [new Date(2026, 5, 11, 8, 0), 'Morgen', 'Tomorrow'],
    [new Date(2026, 5, 8, 8, 0), '2 Tage überfällig', '2 days overdue'],
    [new Date(2026, 5, 11, 8, 0).getTime() + 86_400_000, 'In 2 Tagen', 'In 2 days'],
    [new Date(2026, 5, 18, 8, 0), '18. Juni', 'Jun 18'],
  ])('%s in German → %s, the same message in English', (due, german, english) => {
    const de = dueLabelMessage(new Date(due), now, 'de-DE');
    expect(translate('de', de.id, de.values)).toBe(german);
    const en = dueLabelMessage(new Date(due), now);
    expect(translate('en', en.id, en.values)).toBe(english);
  });

  it('treats 23:59 as no specific time', () => {
    expect(hasSpecificTime(new Date(2026, 5, 10, 23, 59))).toBe(false);
    expect(hasSpecificTime(new Date(2026, 5, 10, 18, 30))).toBe(true);
  });
});

describe('recurrence', () => {
  it('counts from the series start, not from the completion', () => {
    const anchor = Date.parse('2026-06-01T18:00:00Z');
    expect(iso(occurrenceDue(anchor, 1, 'daily', 'UTC'))).toBe('2026-06-02T18:00:00.000Z');
    expect(iso(occurrenceDue(anchor, 1, 'weekly', 'UTC'))).toBe('2026-06-08T18:00:00.000Z');
    expect(iso(occurrenceDue(anchor, 1, 'biweekly', 'UTC'))).toBe('2026-06-15T18:00:00.000Z');
    expect(iso(occurrenceDue(anchor, 3, 'weekly', 'UTC'))).toBe('2026-06-22T18:00:00.000Z');
  });

  it('clamps month ends without drifting (Jan 31 → Feb 28 → Mar 31), leap years included', () => {
    const jan31 = Date.parse('2026-01-31T10:00:00Z');
    expect(iso(occurrenceDue(jan31, 1, 'monthly', 'UTC'))).toBe('2026-02-28T10:00:00.000Z');
    expect(iso(occurrenceDue(jan31, 2, 'monthly', 'UTC'))).toBe('2026-03-31T10:00:00.000Z');
    expect(iso(occurrenceDue(Date.parse('2028-01-31T10:00:00Z'), 1, 'monthly', 'UTC'))).toBe(
      '2028-02-29T10:00:00.000Z',
    );
  });

  it('keeps the local time across daylight-saving changes', () => {
    // 09:00 in Berlin on Monday 23 March 2026 (UTC+1); clocks go forward on 29 March (UTC+2).
    const before = Date.parse('2026-03-23T08:00:00Z');
    expect(iso(occurrenceDue(before, 1, 'weekly', 'Europe/Berlin'))).toBe('2026-03-30T07:00:00.000Z');
    // And back in autumn: 25 October 2026.
    const autumn = Date.parse('2026-10-24T07:00:00Z');
    expect(iso(occurrenceDue(autumn, 1, 'daily', 'Europe/Berlin'))).toBe('2026-10-25T08:00:00.000Z');
    // New York's spring change (8 March 2026), monthly.
    expect(iso(occurrenceDue(Date.parse('2026-02-15T14:00:00Z'), 1, 'monthly', 'America/New_York'))).toBe(
      '2026-03-15T13:00:00.000Z',
    );
  });
});

describe('rotation', () => {
  const members = (away: string[] = []) =>
    ['ann', 'ben', 'cat'].map((userId) => ({ userId, away: away.includes(userId) }));

  it('fixed keeps the same person while they are a member', () => {
    expect(nextAssignee({ mode: 'fixed', members: members(), current: 'ben' })).toBe('ben');
    expect(nextAssignee({ mode: 'fixed', members: members(), current: 'gone' })).toBe('ann');
  });

  it('round-robin takes the next member in order, wrapping, skipping the away', () => {
    expect(nextAssignee({ mode: 'round_robin', members: members(), current: 'ann' })).toBe('ben');
    expect(nextAssignee({ mode: 'round_robin', members: members(), current: 'cat' })).toBe('ann');
    expect(nextAssignee({ mode: 'round_robin', members: members(['ben']), current: 'ann' })).toBe('cat');
    expect(
      nextAssignee({ mode: 'round_robin', members: members(['ann', 'ben', 'cat']), current: 'ann' }),
    ).toBe('ben');
  });

  it("round-robin passes a leaver's turn to whoever came after them", () => {
    const withLeaver = [
      { userId: 'ann', away: false },
      { userId: 'ben', away: false, left: true },
      { userId: 'cat', away: false },
    ];
    expect(nextAssignee({ mode: 'round_robin', members: withLeaver, current: 'ben' })).toBe('cat');
    expect(nextAssignee({ mode: 'fixed', members: withLeaver, current: 'ben' })).toBe('cat');
    expect(nextAssignee({ mode: 'round_robin', members: withLeaver, current: 'ann' })).toBe('cat');
    expect(
      nextAssignee({
        mode: 'round_robin',
        members: [{ userId: 'ben', away: false, left: true }],
        current: 'ben',
      }),
    ).toBeNull();
  });

  it('least-done picks the fewest completions, ties in round-robin order', () => {
    const completions = new Map([
      ['ann', 3],
      ['ben', 1],
      ['cat', 1],
    ]);
    expect(nextAssignee({ mode: 'least_done', members: members(), current: 'ben', completions })).toBe('cat');
    expect(nextAssignee({ mode: 'least_done', members: members(['cat']), current: 'ben', completions })).toBe(
      'ben',
    );
  });

  it('has nobody to give it to in an empty household', () => {
    expect(nextAssignee({ mode: 'round_robin', members: [], current: 'ann' })).toBeNull();
  });
});

describe('streaks', () => {
  it('grow on time, reset when late, and forgive lateness while away', () => {
    expect(nextSeriesStreak(2, { onTime: true, assigneeWasAway: false })).toBe(3);
    expect(nextSeriesStreak(2, { onTime: false, assigneeWasAway: false })).toBe(0);
    expect(nextSeriesStreak(2, { onTime: false, assigneeWasAway: true })).toBe(2);
  });

  const weekStart = (ms: number) => {
    const d = new Date(ms);
    const day = (d.getUTCDay() + 6) % 7;
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
  };
  const mon = (week: number) => Date.parse('2026-06-01T10:00:00Z') + week * 7 * DAY;

  it('count weeks in which everything assigned was done', () => {
    const now = mon(3) + DAY;
    const assignments = [
      { dueAt: mon(0), completedAt: mon(0) },
      { dueAt: mon(1), completedAt: mon(1) + HOUR },
      { dueAt: mon(2), completedAt: mon(2) },
      { dueAt: mon(2) + DAY, completedAt: mon(2) + 2 * DAY },
    ];
    expect(memberWeekStreak(assignments, now, weekStart)).toBe(3);
    // An undone chore in week 1 breaks the run there.
    const broken = [
      ...assignments.slice(0, 1),
      { dueAt: mon(1), completedAt: null },
      ...assignments.slice(2),
    ];
    expect(memberWeekStreak(broken, now, weekStart)).toBe(1);
    // The current week counts once done and never breaks the run.
    expect(
      memberWeekStreak([...assignments, { dueAt: mon(3) + 2 * DAY, completedAt: null }], now, weekStart),
    ).toBe(3);
    expect(memberWeekStreak([...assignments, { dueAt: mon(3), completedAt: mon(3) }], now, weekStart)).toBe(
      4,
    );
    // An empty week neither counts nor breaks.
    expect(
      memberWeekStreak(
        [
          { dueAt: mon(0), completedAt: mon(0) },
          { dueAt: mon(2), completedAt: mon(2) },
        ],
        now,
        weekStart,
      ),
    ).toBe(2);
  });
});

describe('points', () => {
  it('are effort × priority weight, +50 % on time, rounded', () => {
    expect(pointsFor({ estimatedDuration: 30, priority: 'medium' }, true)).toBe(5); // 2 × 1.5 × 1.5 = 4.5
    expect(pointsFor({ estimatedDuration: 30, priority: 'medium' }, false)).toBe(3);
    expect(pointsFor({ estimatedDuration: 15, priority: 'low' }, false)).toBe(1);
    expect(pointsFor({ estimatedDuration: 240, priority: 'urgent' }, true)).toBe(60);
  });
});

describe('create payload', () => {
  const base = { title: ' Dishes ', assignedTo: 'u1', dueDate: '2026-06-10T23:59:00.000Z' };
  it('applies the defaults and drops blank subtasks', () => {
    expect(createChoreSchema.parse({ ...base, subtasks: [' a ', '  ', 'b'] })).toMatchObject({
      title: 'Dishes',
      priority: 'medium',
      estimatedDuration: 30,
      reminder: 'none',
      status: 'todo',
      recurrence: null,
      category: 'general',
      subtasks: ['a', 'b'],
      timeZone: 'UTC',
    });
  });

  it('refuses missing title, assignee, due date, odd durations, too many subtasks', () => {
    expect(createChoreSchema.safeParse({ ...base, title: '  ' }).success).toBe(false);
    expect(createChoreSchema.safeParse({ ...base, assignedTo: '' }).success).toBe(false);
    expect(createChoreSchema.safeParse({ ...base, dueDate: 'tomorrow' }).success).toBe(false);
    expect(createChoreSchema.safeParse({ ...base, estimatedDuration: 20 }).success).toBe(false);
    expect(createChoreSchema.safeParse({ ...base, subtasks: Array(31).fill('x') }).success).toBe(false);
    expect(createChoreSchema.safeParse({ ...base, status: 'done' }).success).toBe(false);
    expect(createChoreSchema.safeParse({ ...base, timeZone: 'Mars/Olympus' }).success).toBe(false);
  });

  it('update needs at least one field', () => {
    expect(updateChoreSchema.safeParse({}).success).toBe(false);
    // A PATCH changes only what it names: absent fields stay absent.
    expect(updateChoreSchema.parse({ status: 'done' })).toEqual({ status: 'done' });
    expect(updateChoreSchema.parse({ notes: null })).toEqual({ notes: null });
  });
});
