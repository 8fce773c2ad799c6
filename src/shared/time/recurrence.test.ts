import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOccurrenceIndexFrom, nthOccurrence, type Repeat, wallClockOccurrence } from './recurrence.ts';

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

describe('nthOccurrence of days and weeks, by arithmetic away from clock changes', () => {
  it('leaves the days clocks change to the date arithmetic: 02:30 skipped, 01:30 twice', () => {
    const zone = 'America/New_York';
    const skipped = new TZDate(2026, 2, 1, 2, 30, zone).getTime();
    const twice = new TZDate(2026, 9, 25, 1, 30, zone).getTime();
    for (let k = 0; k < 14; k++) {
      expect(nthOccurrence(skipped, 'daily', k, zone)).toBe(wallClockOccurrence(skipped, 'daily', k, zone));
      expect(nthOccurrence(twice, 'daily', k, zone)).toBe(wallClockOccurrence(twice, 'daily', k, zone));
    }
  });

  it('gives what the date arithmetic in the zone gives, for every occurrence over a year or more (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          // Half-hour offsets and a half-hour change (Kolkata, Lord Howe), a skipped day (Apia,
          // 2011), offsets with seconds until 1972 (Monrovia), a zone whose changes moved often.
          timeZone: fc.constantFrom(
            'UTC',
            'America/New_York',
            'Europe/Berlin',
            'Australia/Lord_Howe',
            'Asia/Kolkata',
            'Pacific/Apia',
            'Africa/Monrovia',
            'America/Sao_Paulo',
          ),
          year: fc.oneof(fc.integer({ min: 1900, max: 2040 }), fc.integer({ min: 2008, max: 2014 })),
          month: fc.integer({ min: 0, max: 11 }),
          day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(29, 30, 31)),
          hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 1, 2, 3)),
          minute: fc.constantFrom(0, 15, 30, 45),
        }),
        fc.constantFrom<Repeat>('daily', 'weekly', 'biweekly'),
        fc.integer({ min: -400, max: 400 }),
        ({ timeZone, year, month, day, hour, minute }, repeat, first) => {
          const anchor = new TZDate(year, month, day, hour, minute, timeZone).getTime();
          const count = repeat === 'daily' ? 400 : 60;
          for (let k = first; k < first + count; k++)
            expect(nthOccurrence(anchor, repeat, k, timeZone)).toBe(
              wallClockOccurrence(anchor, repeat, k, timeZone),
            );
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('firstOccurrenceIndexFrom', () => {
  const DAY = 86_400_000;

  it('is 0 up to the first start, the occurrence itself at a start and the next one just after', () => {
    const anchor = Date.parse('2026-06-01T18:00:00Z');
    expect(firstOccurrenceIndexFrom(anchor, 'daily', anchor - 400 * DAY, 'UTC')).toBe(0);
    expect(firstOccurrenceIndexFrom(anchor, 'weekly', anchor, 'UTC')).toBe(0);
    expect(firstOccurrenceIndexFrom(anchor, 'weekly', anchor + 1, 'UTC')).toBe(1);
    expect(firstOccurrenceIndexFrom(anchor, 'daily', anchor + 3 * DAY, 'UTC')).toBe(3);
    expect(firstOccurrenceIndexFrom(anchor, 'daily', anchor + 3 * DAY + 1, 'UTC')).toBe(4);
    expect(firstOccurrenceIndexFrom(anchor, 'biweekly', anchor + 15 * DAY, 'UTC')).toBe(2);
  });

  it('jumps straight to today in a daily series that started in 2000', () => {
    const anchor = Date.parse('2000-01-01T00:00:00Z');
    const from = Date.parse('2026-03-11T12:00:00Z');
    const k = firstOccurrenceIndexFrom(anchor, 'daily', from, 'UTC');
    expect(k).toBe(9567);
    expect(iso(nthOccurrence(anchor, 'daily', k, 'UTC'))).toBe('2026-03-12T00:00:00.000Z');
  });

  it('finds clamped month ends: Jan 31 monthly is on Feb 28 or 29, Feb 29 yearly on Feb 28', () => {
    const jan31 = Date.parse('2001-01-31T09:30:00Z');
    const feb = firstOccurrenceIndexFrom(jan31, 'monthly', Date.parse('2026-02-01T00:00:00Z'), 'UTC');
    expect(iso(nthOccurrence(jan31, 'monthly', feb, 'UTC'))).toBe('2026-02-28T09:30:00.000Z');
    const leapFeb = firstOccurrenceIndexFrom(jan31, 'monthly', Date.parse('2028-02-29T09:00:00Z'), 'UTC');
    expect(iso(nthOccurrence(jan31, 'monthly', leapFeb, 'UTC'))).toBe('2028-02-29T09:30:00.000Z');
    // Later in the month than the clamped start: the next month's 31st.
    const after = firstOccurrenceIndexFrom(jan31, 'monthly', Date.parse('2026-02-28T10:00:00Z'), 'UTC');
    expect(iso(nthOccurrence(jan31, 'monthly', after, 'UTC'))).toBe('2026-03-31T09:30:00.000Z');
    const leap = Date.parse('2000-02-29T12:00:00Z');
    const y = firstOccurrenceIndexFrom(leap, 'yearly', Date.parse('2025-01-01T00:00:00Z'), 'UTC');
    expect([y, iso(nthOccurrence(leap, 'yearly', y, 'UTC'))]).toEqual([25, '2025-02-28T12:00:00.000Z']);
    const y2 = firstOccurrenceIndexFrom(leap, 'yearly', Date.parse('2028-02-29T11:00:00Z'), 'UTC');
    expect(iso(nthOccurrence(leap, 'yearly', y2, 'UTC'))).toBe('2028-02-29T12:00:00.000Z');
  });

  it("counts months in the series' time zone, not in UTC", () => {
    // 1 January 00:30 in Berlin is still 31 December in UTC.
    const anchor = new TZDate(2001, 0, 1, 0, 30, 'Europe/Berlin').getTime();
    const from = new TZDate(2026, 0, 1, 0, 0, 'Europe/Berlin').getTime();
    const k = firstOccurrenceIndexFrom(anchor, 'monthly', from, 'Europe/Berlin');
    expect(k).toBe(300);
    expect(iso(nthOccurrence(anchor, 'monthly', k, 'Europe/Berlin'))).toBe('2025-12-31T23:30:00.000Z');
  });

  it('steps over daylight-saving changes: the occurrence keeps its wall-clock time', () => {
    // Daily at 01:30 in New York since 2000; clocks go forward on 8 March 2026 at 02:00.
    const anchor = new TZDate(2000, 0, 1, 1, 30, 'America/New_York').getTime();
    const justAfterEst = Date.parse('2026-03-08T06:30:00.001Z'); // 01:30:00.001 EST that day
    const k = firstOccurrenceIndexFrom(anchor, 'daily', justAfterEst, 'America/New_York');
    expect(iso(nthOccurrence(anchor, 'daily', k, 'America/New_York'))).toBe('2026-03-09T05:30:00.000Z');
    // Half an hour of daylight saving on Lord Howe Island (UTC+10:30 → +11 on 5 October 2025).
    const howe = new TZDate(2000, 0, 1, 2, 15, 'Australia/Lord_Howe').getTime();
    const on = firstOccurrenceIndexFrom(
      howe,
      'weekly',
      Date.parse('2025-10-01T00:00:00Z'),
      'Australia/Lord_Howe',
    );
    const start = new TZDate(nthOccurrence(howe, 'weekly', on, 'Australia/Lord_Howe'), 'Australia/Lord_Howe');
    expect([start.getHours(), start.getMinutes()]).toEqual([2, 15]);
  });

  it('always gives the first occurrence at or after the instant (property)', () => {
    fc.assert(
      fc.property(
        anchorArb,
        fc.constantFrom(...REPEATS),
        fc.integer({ min: -400, max: 14_000 }),
        fc.nat(DAY - 1),
        (a, repeat, days, ms) => {
          const from = a.anchor + days * DAY + ms;
          const k = firstOccurrenceIndexFrom(a.anchor, repeat, from, a.timeZone);
          expect(k).toBeGreaterThanOrEqual(0);
          expect(nthOccurrence(a.anchor, repeat, k, a.timeZone)).toBeGreaterThanOrEqual(from);
          if (k > 0) expect(nthOccurrence(a.anchor, repeat, k - 1, a.timeZone)).toBeLessThan(from);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lands on an occurrence itself when asked from its start (property)', () => {
    fc.assert(
      fc.property(anchorArb, fc.constantFrom(...REPEATS), fc.nat(500), (a, repeat, k) => {
        const start = nthOccurrence(a.anchor, repeat, k, a.timeZone);
        expect(firstOccurrenceIndexFrom(a.anchor, repeat, start, a.timeZone)).toBe(k);
        expect(firstOccurrenceIndexFrom(a.anchor, repeat, start + 1, a.timeZone)).toBe(k + 1);
      }),
      { numRuns: 300 },
    );
  });
});

const REPEATS: Repeat[] = ['daily', 'weekly', 'biweekly', 'monthly', 'yearly'];

/**
 * A series start as people set one: a wall-clock time in a time zone with daylight saving (Lord
 * Howe shifts by half an hour), month ends and leap days over-represented, times in the small
 * hours when clocks change.
 */
const anchorArb = fc
  .record({
    timeZone: fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'),
    year: fc.integer({ min: 2000, max: 2030 }),
    month: fc.integer({ min: 0, max: 11 }),
    day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(29, 30, 31)),
    hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(1, 2, 3)),
    minute: fc.constantFrom(0, 15, 30, 45),
  })
  .map(({ timeZone, year, month, day, hour, minute }) => ({
    timeZone,
    anchor: new TZDate(year, month, day, hour, minute, timeZone).getTime(),
  }));
