import { describe, expect, it } from 'vitest';
import type { ChoreView } from '#shared/chores/api.ts';
import { choreFormValues, choreUpdateChanges } from './chore-edit.ts';
import { localDueDate } from './chore-view.ts';

// The test's own clock: the form reads and writes due dates on the browser's clock.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function chore(overrides: Partial<ChoreView> = {}): ChoreView {
  return {
    id: 'c1',
    seriesId: 'c1',
    title: 'Water the plants',
    description: null,
    status: 'todo',
    priority: 'medium',
    category: 'outdoor',
    dueDate: localDueDate('2026-06-10', '18:30', zone)!,
    timeZone: zone,
    completedAt: null,
    completedBy: null,
    assignedTo: 'ann',
    assignedUser: null,
    recurrence: 'weekly',
    rotation: 'round_robin',
    reminder: '1hour',
    estimatedDuration: 15,
    subtasks: [
      { text: 'Herbs', done: true },
      { text: 'Balcony', done: false },
    ],
    notes: 'Not the cactus',
    streak: 0,
    points: 0,
    onTime: null,
    createdAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('choreFormValues', () => {
  it('fills every field, the due date and time on the browser clock', () => {
    expect(choreFormValues(chore())).toEqual({
      title: 'Water the plants',
      description: '',
      assignedTo: 'ann',
      dueDate: '2026-06-10',
      dueTime: '18:30',
      priority: 'medium',
      category: 'outdoor',
      recurrence: 'weekly',
      rotation: 'round_robin',
      estimatedDuration: 15,
      reminder: '1hour',
      notes: 'Not the cactus',
      subtasks: ['Herbs', 'Balcony'],
    });
  });

  it('leaves the time empty for a chore due at 23:59 (no specific time)', () => {
    const values = choreFormValues(
      chore({ dueDate: localDueDate('2026-06-10', '', zone)!, recurrence: null }),
    );
    expect(values.dueTime).toBe('');
    expect(values.recurrence).toBe('none');
  });
});

describe('choreUpdateChanges', () => {
  const before = chore();
  const initial = choreFormValues(before);

  it('is empty when nothing changed', () => {
    expect(choreUpdateChanges(before, initial, { ...initial, title: ' Water the plants ' }, zone)).toEqual(
      {},
    );
  });

  it('sends every changed field and only those', () => {
    const values = {
      ...initial,
      title: 'Water all plants',
      description: 'Twice',
      assignedTo: 'ben',
      dueTime: '',
      priority: 'high' as const,
      recurrence: 'none' as const,
      rotation: 'fixed' as const,
      category: 'living' as const,
      estimatedDuration: 30,
      reminder: 'none' as const,
      notes: ' ',
    };
    expect(choreUpdateChanges(before, initial, values, zone)).toEqual({
      title: 'Water all plants',
      description: 'Twice',
      assignedTo: 'ben',
      dueDate: localDueDate('2026-06-10', '', zone),
      priority: 'high',
      recurrence: null,
      rotation: 'fixed',
      category: 'living',
      estimatedDuration: 30,
      reminder: 'none',
      notes: null,
    });
  });

  it('keeps the ticks of subtasks that stay', () => {
    const values = { ...initial, subtasks: ['Balcony', 'Herbs', 'Kitchen'] };
    expect(choreUpdateChanges(before, initial, values, zone).subtasks).toEqual([
      { text: 'Balcony', done: false },
      { text: 'Herbs', done: true },
      { text: 'Kitchen', done: false },
    ]);
  });
});
