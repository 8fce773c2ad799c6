import { describe, expect, it } from 'vitest';
import {
  createEventSchema,
  defaultColor,
  endTimeAfter,
  eventTimes,
  expandOccurrences,
  occurrenceStart,
  PALETTE,
  updateEventSchema,
} from './calendar.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('defaults (SPEC §3, §9)', () => {
  it('gives each type its colour from the 10-colour palette', () => {
    expect(defaultColor('meeting')).toBe('#3B82F6');
    expect(PALETTE).toHaveLength(10);
    for (const type of [
      'meeting',
      'appointment',
      'social',
      'deadline',
      'birthday',
      'holiday',
      'travel',
      'workout',
      'study',
      'other',
    ] as const) {
      expect(PALETTE).toContain(defaultColor(type));
    }
    expect(
      new Set(
        ['appointment', 'social', 'deadline', 'birthday', 'holiday', 'travel', 'workout', 'study'].map((t) =>
          defaultColor(t as 'study'),
        ),
      ).size,
    ).toBe(8);
  });

  it('fills the reminder, type and attendees defaults', () => {
    expect(createEventSchema.parse({ title: ' Dinner ', startDate: '2026-06-01T18:00:00Z' })).toMatchObject({
      title: 'Dinner',
      eventType: 'meeting',
      reminder: '15min',
      allDay: false,
      attendees: [],
    });
  });

  it('refuses a blank title, an end before the start and colours off the palette', () => {
    expect(createEventSchema.safeParse({ title: ' ', startDate: '2026-06-01T18:00:00Z' }).success).toBe(
      false,
    );
    expect(
      createEventSchema.safeParse({
        title: 'x',
        startDate: '2026-06-01T18:00:00Z',
        endDate: '2026-06-01T17:00:00Z',
      }).success,
    ).toBe(false);
    expect(
      createEventSchema.safeParse({ title: 'x', startDate: '2026-06-01T18:00:00Z', color: '#123456' })
        .success,
    ).toBe(false);
    expect(updateEventSchema.safeParse({}).success).toBe(false);
    expect(updateEventSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
  });
});

describe('times (SPEC §4, §5)', () => {
  it('fills the end time an hour after the start, wrapping at 24 h', () => {
    expect(endTimeAfter('09:15')).toBe('10:15');
    expect(endTimeAfter('23:30')).toBe('00:30');
  });

  it('makes all-day events run 00:00:00 to 23:59:59 of the end date', () => {
    const { start, end } = eventTimes(
      { startDate: '2026-06-01', endDate: '2026-06-02', allDay: true },
      'UTC',
    );
    expect(iso(start)).toBe('2026-06-01T00:00:00.000Z');
    expect(iso(end)).toBe('2026-06-02T23:59:59.000Z');
  });

  it('ends an hour after the start when no end time is given, in the event time zone', () => {
    const { start, end } = eventTimes(
      { startDate: '2026-06-01', startTime: '18:00', allDay: false },
      'Europe/Berlin',
    );
    expect(iso(start)).toBe('2026-06-01T16:00:00.000Z');
    expect(end - start).toBe(HOUR);
    const withEnd = eventTimes(
      { startDate: '2026-06-01', startTime: '18:00', endDate: '2026-06-01', endTime: '20:30', allDay: false },
      'UTC',
    );
    expect(iso(withEnd.end)).toBe('2026-06-01T20:30:00.000Z');
  });
});

describe('recurrence expansion', () => {
  it('expands weekly events inside a range only', () => {
    const event = {
      start: Date.parse('2026-06-01T18:00:00Z'),
      end: Date.parse('2026-06-01T19:00:00Z'),
      recurrence: 'weekly' as const,
      timeZone: 'UTC',
    };
    const got = expandOccurrences(
      event,
      Date.parse('2026-06-10T00:00:00Z'),
      Date.parse('2026-06-30T00:00:00Z'),
    );
    expect(got.map((o) => iso(o.start))).toEqual([
      '2026-06-15T18:00:00.000Z',
      '2026-06-22T18:00:00.000Z',
      '2026-06-29T18:00:00.000Z',
    ]);
    expect(got.every((o) => o.end - o.start === HOUR)).toBe(true);
  });

  it('skips deleted occurrences', () => {
    const start = Date.parse('2026-06-01T00:00:00Z');
    const event = {
      start,
      end: start + DAY - 1000,
      recurrence: 'daily' as const,
      timeZone: 'UTC',
      exceptions: [start + DAY],
    };
    expect(expandOccurrences(event, start, start + 3 * DAY).map((o) => iso(o.start))).toEqual([
      '2026-06-01T00:00:00.000Z',
      '2026-06-03T00:00:00.000Z',
    ]);
  });

  it('clamps month ends and leap days without drifting', () => {
    const jan31 = Date.parse('2026-01-31T12:00:00Z');
    expect(iso(occurrenceStart(jan31, 'monthly', 1, 'UTC'))).toBe('2026-02-28T12:00:00.000Z');
    expect(iso(occurrenceStart(jan31, 'monthly', 2, 'UTC'))).toBe('2026-03-31T12:00:00.000Z');
    const leap = Date.parse('2028-02-29T12:00:00Z');
    expect(iso(occurrenceStart(leap, 'yearly', 1, 'UTC'))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(occurrenceStart(leap, 'yearly', 4, 'UTC'))).toBe('2032-02-29T12:00:00.000Z');
  });

  it('keeps local time across daylight-saving changes', () => {
    // Weekly at 19:00 in New York; clocks go forward on 8 March 2026.
    const first = Date.parse('2026-03-02T00:00:00Z'); // 1 March 19:00 EST
    expect(iso(occurrenceStart(first, 'weekly', 1, 'America/New_York'))).toBe('2026-03-08T23:00:00.000Z');
  });

  it('lists a one-off event when it overlaps the range', () => {
    const event = {
      start: Date.parse('2026-06-01T23:00:00Z'),
      end: Date.parse('2026-06-02T01:00:00Z'),
      recurrence: null,
      timeZone: 'UTC',
    };
    expect(
      expandOccurrences(event, Date.parse('2026-06-02T00:00:00Z'), Date.parse('2026-06-03T00:00:00Z')),
    ).toHaveLength(1);
    expect(
      expandOccurrences(event, Date.parse('2026-06-03T00:00:00Z'), Date.parse('2026-06-04T00:00:00Z')),
    ).toHaveLength(0);
  });
});
