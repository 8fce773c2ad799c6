import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '../expenses/ledger-view.ts';
import {
  ACTIVITY_FILTER_KINDS,
  ACTIVITY_FILTERS,
  ACTIVITY_VERBS,
  activityArea,
  activityTimeLabel,
  activityVerb,
  changeValue,
} from './view.ts';

describe('activity words', () => {
  it('has words and an area for every kind, and a fallback for unknown ones', () => {
    for (const kind of ACTIVITY_KINDS) {
      expect(ACTIVITY_VERBS[kind]).toBeTruthy();
      expect(activityArea(kind)).not.toBe(kind === 'setting_changed' ? 'expense' : 'other');
    }
    expect(activityVerb('expense_edited')).toBe('edited an expense');
    expect(activityVerb('listing_posted')).toBe('made a change');
    expect(activityArea('setting_changed')).toBe('other');
  });

  it('shows an empty value as a dash', () => {
    expect(changeValue(null)).toBe('—');
    expect(changeValue('')).toBe('—');
    expect(changeValue('30.00')).toBe('30.00');
  });
});

describe('activityTimeLabel', () => {
  const now = new Date(2026, 5, 10, 15, 0);
  const at = (d: Date) => d.toISOString();

  it('is relative for the last hour, then the day and time', () => {
    expect(activityTimeLabel(at(new Date(2026, 5, 10, 14, 59, 30)), now)).toBe('Just now');
    expect(activityTimeLabel(at(new Date(2026, 5, 10, 14, 55)), now)).toBe('5 min ago');
    expect(activityTimeLabel(at(new Date(2026, 5, 10, 9, 5)), now)).toBe('Today, 9:05 AM');
    expect(activityTimeLabel(at(new Date(2026, 5, 9, 21, 0)), now)).toBe('Yesterday, 9:00 PM');
    expect(activityTimeLabel(at(new Date(2026, 2, 7, 14, 5)), now)).toBe('Mar 7, 2:05 PM');
    expect(activityTimeLabel(at(new Date(2025, 2, 7, 14, 5)), now)).toBe('Mar 7, 2025');
  });
});

describe('activity filters', () => {
  it('put every kind under exactly one filter', () => {
    const covered = ACTIVITY_FILTERS.flatMap((filter) => [...ACTIVITY_FILTER_KINDS[filter]]);
    expect(covered.sort()).toEqual([...ACTIVITY_KINDS].sort());
    expect(ACTIVITY_FILTER_KINDS.money).toContain('setting_changed');
    expect(ACTIVITY_FILTER_KINDS.events).toEqual(['event_created', 'event_edited', 'event_deleted']);
  });
});
