import { describe, expect, it } from 'vitest';
import type { ChoreMatch, EventMatch, ExpenseMatch } from '#shared/search/api.ts';
import { searchHitPath } from './search.ts';

const expense: ExpenseMatch = {
  id: 'x1',
  title: 'Pizza & wine',
  amount: '12.00',
  category: 'groceries',
  date: '2026-11-20',
  paidBy: null,
};
const chore: ChoreMatch = {
  id: 'c1',
  title: 'Bins',
  status: 'todo',
  dueDate: '2026-11-28T10:00:00.000Z',
  assignedTo: null,
  recurrence: null,
};
const event: EventMatch = {
  id: 'e1',
  title: 'Meeting',
  startDate: '2026-12-01T12:00:00.000Z',
  endDate: '2026-12-01T13:00:00.000Z',
  allDay: false,
  color: '#2563eb',
  eventType: 'other',
  recurrence: null,
  timeZone: 'UTC',
};

describe('searchHitPath', () => {
  it('lists the expenses filtered by the title', () => {
    expect(searchHitPath({ kind: 'expenses', hit: expense }, true)).toBe('/expenses?q=Pizza+%26+wine');
  });

  it('selects a chore beside the list on wide screens, and opens its edit page on phones', () => {
    expect(searchHitPath({ kind: 'chores', hit: chore }, true)).toBe('/chores?chore=c1');
    expect(searchHitPath({ kind: 'chores', hit: { ...chore, status: 'done' } }, true)).toBe(
      '/chores?view=done&chore=c1',
    );
    expect(searchHitPath({ kind: 'chores', hit: chore }, false)).toBe('/chores/c1/edit');
  });

  it('opens the calendar on the event’s day', () => {
    expect(searchHitPath({ kind: 'events', hit: event }, true)).toMatch(/^\/calendar\?date=2026-12-0[12]$/);
  });
});
