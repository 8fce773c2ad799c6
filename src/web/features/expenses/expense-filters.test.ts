import { describe, expect, it } from 'vitest';
import { moneyFormat } from '#shared/money.ts';
import { listUrl } from '../../lib/list-position.ts';
import {
  filterQuery,
  listQuery,
  NO_FILTERS,
  narrowed,
  readExpenseFilters,
  writeExpenseFilters,
} from './expense-filters.ts';
import { yourShare } from './ledger-words.ts';

const read = (search: string) => readExpenseFilters(new URLSearchParams(search));

describe('expense filters in the URL', () => {
  it('reads nothing as no filter, and every filter it knows', () => {
    expect(read('')).toEqual(NO_FILTERS);
    expect(read('status=unsettled&q=pizza&member=u1&category=dining&from=2026-01-01&to=2026-01-31')).toEqual({
      tab: 'unsettled',
      q: 'pizza',
      member: 'u1',
      category: 'dining',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });

  it('ignores an unknown tab and malformed days, and puts reversed days in order', () => {
    expect(read('status=maybe&from=yesterday&to=2026-13').tab).toBe('all');
    expect(read('from=yesterday').from).toBe('');
    expect(read('from=2026-02-01&to=2026-01-01')).toMatchObject({ from: '2026-01-01', to: '2026-02-01' });
  });

  it('writes changes, leaves defaults out and keeps other parameters', () => {
    const params = new URLSearchParams('open=e1&q=old');
    expect(writeExpenseFilters(params, { q: 'new', tab: 'settled' }).toString()).toBe(
      'open=e1&q=new&status=settled',
    );
    expect(writeExpenseFilters(params, { q: '', tab: 'all' }).toString()).toBe('open=e1');
    // The round trip gives back the filters.
    const filters = { ...NO_FILTERS, member: 'u2', from: '2026-03-01' };
    expect(readExpenseFilters(writeExpenseFilters(new URLSearchParams(), filters))).toEqual(filters);
  });

  it('knows when the list is narrowed beyond its tab', () => {
    expect(narrowed(NO_FILTERS)).toBe(false);
    expect(narrowed({ ...NO_FILTERS, tab: 'settled' })).toBe(false);
    expect(narrowed({ ...NO_FILTERS, q: '   ' })).toBe(false);
    expect(narrowed({ ...NO_FILTERS, category: 'rent' })).toBe(true);
  });

  it("builds the API's queries: the counts without the tab, the list with it and the page", () => {
    const filters = { ...NO_FILTERS, tab: 'unsettled' as const, q: ' rent & co ', to: '2026-05-01' };
    expect(filterQuery(filters).toString()).toBe('q=rent+%26+co&to=2026-05-01');
    expect(listQuery(filters, 'e9')).toBe('?q=rent+%26+co&to=2026-05-01&status=unsettled&before=e9');
    expect(listQuery(NO_FILTERS)).toBe('');
  });

  it("keeps the list's place by its URL without the open expense", () => {
    expect(listUrl('/expenses', '?q=a&open=e1', 'open')).toBe('/expenses?q=a');
    expect(listUrl('/expenses', '?open=e1', 'open')).toBe('/expenses');
  });
});

describe('yourShare', () => {
  const money = moneyFormat('USD', 'en-US');
  const split = (userId: string, amount: string) => ({ userId, amount }) as never;
  const expense = {
    paidBy: 'ada',
    splits: [split('ada', '10.00'), split('ben', '10.00'), split('cy', '10.01')],
  };

  it('is what the others owe when you paid, and your own share when someone else did', () => {
    expect(yourShare(expense, 'ada', money.parse)).toEqual({ kind: 'lent', cents: 2001 });
    expect(yourShare(expense, 'cy', money.parse)).toEqual({ kind: 'borrowed', cents: 1001 });
  });

  it('is nothing when you have no share, or paid only for yourself', () => {
    expect(yourShare(expense, 'dot', money.parse)).toEqual({ kind: 'none' });
    expect(yourShare({ paidBy: 'ada', splits: [split('ada', '5.00')] }, 'ada', money.parse)).toEqual({
      kind: 'none',
    });
  });
});
