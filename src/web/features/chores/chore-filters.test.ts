import { describe, expect, it } from 'vitest';
import { filterChores, readChoreFilters, writeChoreFilters } from './chore-filters.ts';

const chores = [
  { id: '1', title: 'Take out the bins', status: 'todo' as const, assignedTo: 'ann' },
  { id: '2', title: 'Water the plants', status: 'doing' as const, assignedTo: 'ben' },
  { id: '3', title: 'Wash the dishes', status: 'done' as const, assignedTo: 'ann' },
  { id: '4', title: 'Café run', status: 'todo' as const, assignedTo: 'ben' },
];
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('chore filters', () => {
  it('hides done chores from Mine and All, and shows only them in Done', () => {
    expect(ids(filterChores(chores, { view: 'all', assignee: '', q: '' }, 'ann'))).toEqual(['1', '2', '4']);
    expect(ids(filterChores(chores, { view: 'mine', assignee: '', q: '' }, 'ann'))).toEqual(['1']);
    expect(ids(filterChores(chores, { view: 'done', assignee: '', q: '' }, 'ann'))).toEqual(['3']);
  });

  it('narrows by assignee; Mine is always the viewer', () => {
    expect(ids(filterChores(chores, { view: 'all', assignee: 'ben', q: '' }, 'ann'))).toEqual(['2', '4']);
    expect(ids(filterChores(chores, { view: 'mine', assignee: 'ben', q: '' }, 'ann'))).toEqual(['1']);
    expect(ids(filterChores(chores, { view: 'done', assignee: 'ben', q: '' }, 'ann'))).toEqual([]);
  });

  it('searches titles for the text as typed, ignoring case, as the server does', () => {
    expect(ids(filterChores(chores, { view: 'all', assignee: '', q: '  THE plants ' }, 'ann'))).toEqual([
      '2',
    ]);
    expect(ids(filterChores(chores, { view: 'all', assignee: '', q: 'CAFÉ' }, 'ann'))).toEqual(['4']);
    expect(ids(filterChores(chores, { view: 'all', assignee: '', q: 'the bins plants' }, 'ann'))).toEqual([]);
    expect(ids(filterChores(chores, { view: 'all', assignee: '', q: 'dishes' }, 'ann'))).toEqual([]);
  });

  it('reads and writes the URL, leaving defaults and other parameters alone', () => {
    expect(readChoreFilters(new URLSearchParams(''))).toEqual({ view: 'all', assignee: '', q: '' });
    expect(readChoreFilters(new URLSearchParams('view=nonsense&q=bins'))).toEqual({
      view: 'all',
      assignee: '',
      q: 'bins',
    });
    const written = writeChoreFilters(new URLSearchParams('chore=7&q=old'), { view: 'mine', q: '' });
    expect(written.toString()).toBe('chore=7&view=mine');
    expect(writeChoreFilters(written, { view: 'all', assignee: 'ben' }).toString()).toBe(
      'chore=7&assignee=ben',
    );
  });
});
