import { describe, expect, it } from 'vitest';
import { nthOccurrence } from './recurrence.ts';

const iso = (ms: number) => new Date(ms).toISOString();

describe('nthOccurrence', () => {
  it('counts days, weeks, fortnights, months and years from the anchor', () => {
    const anchor = Date.parse('2026-06-01T18:00:00Z');
    expect(iso(nthOccurrence(anchor, 'daily', 3, 'UTC'))).toBe('2026-06-04T18:00:00.000Z');
    expect(iso(nthOccurrence(anchor, 'weekly', 2, 'UTC'))).toBe('2026-06-15T18:00:00.000Z');
    expect(iso(nthOccurrence(anchor, 'biweekly', 2, 'UTC'))).toBe('2026-06-29T18:00:00.000Z');
    expect(iso(nthOccurrence(anchor, 'monthly', 7, 'UTC'))).toBe('2027-01-01T18:00:00.000Z');
    expect(iso(nthOccurrence(anchor, 'yearly', 2, 'UTC'))).toBe('2028-06-01T18:00:00.000Z');
    expect(nthOccurrence(anchor, 'monthly', 0, 'UTC')).toBe(anchor);
  });

  it('clamps to the last day of short months and years, and counts back', () => {
    const jan31 = Date.parse('2026-01-31T09:30:00Z');
    expect([1, 2, 3].map((k) => iso(nthOccurrence(jan31, 'monthly', k, 'UTC')))).toEqual([
      '2026-02-28T09:30:00.000Z',
      '2026-03-31T09:30:00.000Z',
      '2026-04-30T09:30:00.000Z',
    ]);
    expect(iso(nthOccurrence(jan31, 'monthly', -2, 'UTC'))).toBe('2025-11-30T09:30:00.000Z');
    const leap = Date.parse('2028-02-29T09:30:00Z');
    expect(iso(nthOccurrence(leap, 'yearly', -1, 'UTC'))).toBe('2027-02-28T09:30:00.000Z');
  });

  it('keeps the wall-clock time of its time zone across daylight-saving changes', () => {
    // Daily at 08:00 in Sydney; clocks go back on 5 April 2026 (UTC+11 → UTC+10).
    const sydney = Date.parse('2026-04-03T21:00:00Z');
    expect(iso(nthOccurrence(sydney, 'daily', 2, 'Australia/Sydney'))).toBe('2026-04-05T22:00:00.000Z');
  });
});
