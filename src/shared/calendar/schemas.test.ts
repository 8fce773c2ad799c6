import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultColor, EVENT_RECURRENCES, type EventRecurrence, PALETTE } from './rules.ts';
import {
  calendarWindowSchema,
  createEventSchema,
  earliestOccurrences,
  endTimeAfter,
  eventTimes,
  expandOccurrences,
  MAX_WINDOW_DAYS,
  occurrenceStart,
  updateEventSchema,
} from './schemas.ts';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('defaults', () => {
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

describe('times', () => {
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

describe('expansion of old series: jumps to the window instead of walking from the first start', () => {
  const berlin = (y: number, m: number, d: number, h = 0, mi = 0) =>
    new TZDate(y, m - 1, d, h, mi, 'Europe/Berlin').getTime();
  const wallClock = (ms: number, timeZone: string) => {
    const t = new TZDate(ms, timeZone);
    return `${t.getFullYear()}-${t.getMonth() + 1}-${t.getDate()} ${t.getHours()}:${String(t.getMinutes()).padStart(2, '0')}`;
  };

  it("lists this week's occurrences of a daily event that started on 2000-01-01", () => {
    const start = Date.parse('2000-01-01T00:00:00Z');
    const event = { start, end: start + HOUR, recurrence: 'daily' as const, timeZone: 'UTC' };
    const week = expandOccurrences(
      event,
      Date.parse('2026-03-09T00:00:00Z'),
      Date.parse('2026-03-16T00:00:00Z'),
    );
    expect(week.map((o) => iso(o.start))).toEqual(
      [9, 10, 11, 12, 13, 14, 15].map((d) => `2026-03-${String(d).padStart(2, '0')}T00:00:00.000Z`),
    );
    expect(week.every((o) => o.end - o.start === HOUR)).toBe(true);
  });

  it('reaches occurrences centuries after the first start', () => {
    const event = {
      start: berlin(2000, 1, 1, 7),
      end: berlin(2000, 1, 1, 8),
      recurrence: 'daily' as const,
      timeZone: 'Europe/Berlin',
    };
    const got = expandOccurrences(event, berlin(2290, 7, 1), berlin(2290, 7, 4));
    expect(got.map((o) => wallClock(o.start, 'Europe/Berlin'))).toEqual([
      '2290-7-1 7:00',
      '2290-7-2 7:00',
      '2290-7-3 7:00',
    ]);
  });

  it('keeps the wall-clock time of an old series across daylight-saving changes', () => {
    const event = {
      start: berlin(2001, 1, 1, 2, 30),
      end: berlin(2001, 1, 1, 3, 30),
      recurrence: 'daily' as const,
      timeZone: 'Europe/Berlin',
    };
    // Clocks go back on 25 October 2026 and forward on 29 March 2026 (02:30 does not exist then).
    const autumn = expandOccurrences(event, berlin(2026, 10, 24), berlin(2026, 10, 27));
    expect(autumn.map((o) => wallClock(o.start, 'Europe/Berlin'))).toEqual([
      '2026-10-24 2:30',
      '2026-10-25 2:30',
      '2026-10-26 2:30',
    ]);
    const spring = expandOccurrences(event, berlin(2026, 3, 28), berlin(2026, 3, 31));
    expect(spring).toHaveLength(3);
    expect(wallClock(spring[2]!.start, 'Europe/Berlin')).toBe('2026-3-30 2:30');
  });

  it('clamps month ends and leap days in old monthly and yearly series', () => {
    const jan31 = Date.parse('2001-01-31T12:00:00Z');
    const monthly = { start: jan31, end: jan31 + HOUR, recurrence: 'monthly' as const, timeZone: 'UTC' };
    const spring = expandOccurrences(
      monthly,
      Date.parse('2026-02-01T00:00:00Z'),
      Date.parse('2026-05-01T00:00:00Z'),
    );
    expect(spring.map((o) => iso(o.start))).toEqual([
      '2026-02-28T12:00:00.000Z',
      '2026-03-31T12:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
    ]);
    const leap = Date.parse('2000-02-29T12:00:00Z');
    const yearly = { start: leap, end: leap + HOUR, recurrence: 'yearly' as const, timeZone: 'UTC' };
    const years = expandOccurrences(
      yearly,
      Date.parse('2027-01-01T00:00:00Z'),
      Date.parse('2029-01-01T00:00:00Z'),
    );
    expect(years.map((o) => iso(o.start))).toEqual(['2027-02-28T12:00:00.000Z', '2028-02-29T12:00:00.000Z']);
  });

  it('lists occurrences that started before the window and still run, however long they last', () => {
    // Weekly, ten days long: two occurrences are still running on any day.
    const start = Date.parse('2000-01-03T09:00:00Z');
    const event = { start, end: start + 10 * DAY, recurrence: 'weekly' as const, timeZone: 'UTC' };
    const got = expandOccurrences(
      event,
      Date.parse('2026-03-11T00:00:00Z'),
      Date.parse('2026-03-11T01:00:00Z'),
    );
    expect(got.map((o) => iso(o.start))).toEqual(['2026-03-02T09:00:00.000Z', '2026-03-09T09:00:00.000Z']);
    // An occurrence that ends exactly at `from` still counts, as before.
    const touching = expandOccurrences(
      event,
      Date.parse('2026-03-12T09:00:00Z'),
      Date.parse('2026-03-12T10:00:00Z'),
    );
    expect(touching.map((o) => iso(o.start))).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-09T09:00:00.000Z',
    ]);
  });

  it('skips deleted occurrences of an old series', () => {
    const start = Date.parse('2000-01-01T00:00:00Z');
    const deleted = Date.parse('2026-03-10T00:00:00Z');
    const event = {
      start,
      end: start + HOUR,
      recurrence: 'daily' as const,
      timeZone: 'UTC',
      exceptions: [deleted, start],
    };
    const got = expandOccurrences(
      event,
      Date.parse('2026-03-09T00:00:00Z'),
      Date.parse('2026-03-12T00:00:00Z'),
    );
    expect(got.map((o) => iso(o.start))).toEqual(['2026-03-09T00:00:00.000Z', '2026-03-11T00:00:00.000Z']);
  });

  it('stops at 1000 occurrences of one event, the earliest first', () => {
    // Daily and 2000 days long: about 2000 occurrences overlap any hour.
    const start = Date.parse('2000-01-01T00:00:00Z');
    const event = { start, end: start + 2000 * DAY, recurrence: 'daily' as const, timeZone: 'UTC' };
    const from = Date.parse('2026-03-11T00:00:00Z');
    const got = expandOccurrences(event, from, from + HOUR);
    expect(got).toHaveLength(1000);
    expect(got[0]!.start).toBe(from - 2000 * DAY);
    expect(got[999]!.start).toBe(from - 1001 * DAY);
  });

  it('gives what the walk from the first occurrence gives (property)', () => {
    fc.assert(
      fc.property(
        fc.record({
          timeZone: fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'),
          year: fc.integer({ min: 2000, max: 2028 }),
          month: fc.integer({ min: 0, max: 11 }),
          day: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(29, 30, 31)),
          hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(1, 2, 3)),
          minute: fc.constantFrom(0, 15, 30, 45),
        }),
        fc.constantFrom(...EVENT_RECURRENCES),
        // The duration: usually short, sometimes longer than the repeat itself.
        fc.oneof(fc.integer({ min: 0, max: 6 * HOUR }), fc.integer({ min: 0, max: 400 * DAY })),
        // The window: where it starts relative to the first occurrence, and how long it is.
        fc.integer({ min: -100 * DAY, max: 2 * 365 * DAY }),
        fc.integer({ min: 1, max: 60 * DAY }),
        fc.array(fc.nat(900), { maxLength: 6 }),
        (wall, recurrence, duration, offset, span, deletedIndexes) => {
          const { timeZone } = wall;
          const start = new TZDate(
            wall.year,
            wall.month,
            wall.day,
            wall.hour,
            wall.minute,
            timeZone,
          ).getTime();
          // For yearly and monthly series, reach further so that windows cover many occurrences.
          const reach = recurrence === 'yearly' ? 12 : recurrence === 'monthly' ? 4 : 1;
          const from = start + offset * reach;
          const to = from + span * reach;
          const exceptions = deletedIndexes.map((k) => occurrenceStart(start, recurrence, k, timeZone));
          const event = { start, end: start + duration, recurrence, timeZone, exceptions };
          expect(expandOccurrences(event, from, to)).toEqual(walkFromFirst(event, from, to));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the earliest occurrences of many events', () => {
  it('lists the earliest ones by start, ties by event id', () => {
    const at = (iso: string) => Date.parse(iso);
    const events = [
      {
        id: 'b',
        start: at('2026-03-01T09:00:00Z'),
        end: at('2026-03-01T10:00:00Z'),
        recurrence: 'daily' as const,
        timeZone: 'UTC',
      },
      {
        id: 'a',
        start: at('2026-03-02T09:00:00Z'),
        end: at('2026-03-02T09:30:00Z'),
        recurrence: null,
        timeZone: 'UTC',
      },
      {
        id: 'c',
        start: at('2026-02-01T08:00:00Z'),
        end: at('2026-02-01T08:15:00Z'),
        recurrence: 'weekly' as const,
        timeZone: 'UTC',
      },
    ];
    const got = earliestOccurrences(events, at('2026-03-02T00:00:00Z'), at('2026-04-01T00:00:00Z'), 4);
    expect(got.map((o) => [events[o.event]!.id, iso(o.start)])).toEqual([
      ['a', '2026-03-02T09:00:00.000Z'],
      ['b', '2026-03-02T09:00:00.000Z'],
      ['b', '2026-03-03T09:00:00.000Z'],
      ['b', '2026-03-04T09:00:00.000Z'],
    ]);
  });

  it('gives the first of all the occurrences each event expands to, sorted (property)', () => {
    const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const eventArb = fc
      .record({
        timeZone: fc.constantFrom(
          'UTC',
          'America/New_York',
          'Europe/Berlin',
          'Australia/Lord_Howe',
          'Asia/Kolkata',
        ),
        day: fc.integer({ min: 0, max: 400 }),
        hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(1, 2, 3)),
        minute: fc.constantFrom(0, 30),
        recurrence: fc.constantFrom(null, ...EVENT_RECURRENCES),
        duration: fc.oneof(fc.constantFrom(0, HOUR), fc.integer({ min: 0, max: 20 * DAY })),
        deleted: fc.array(fc.nat(60), { maxLength: 4 }),
        id: fc.string({ minLength: 1, maxLength: 2 }),
      })
      .map(({ timeZone, day, hour, minute, recurrence, duration, deleted, id }) => {
        const start = new TZDate(2025, 0, 1 + day, hour, minute, timeZone).getTime();
        const exceptions = recurrence
          ? deleted.map((k) => occurrenceStart(start, recurrence, k, timeZone))
          : [];
        return { id, start, end: start + duration, recurrence, timeZone, exceptions };
      });
    fc.assert(
      fc.property(
        fc.uniqueArray(eventArb, { maxLength: 8, selector: (event) => event.id }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 400 }),
        (events, fromDay, days, limit) => {
          const from = Date.UTC(2025, 0, 1) + fromDay * DAY;
          const to = from + days * DAY;
          const all = events
            .flatMap((event, i) => expandOccurrences(event, from, to).map((o) => ({ event: i, ...o })))
            .sort((x, y) => x.start - y.start || compareIds(events[x.event]!.id, events[y.event]!.id));
          expect(earliestOccurrences(events, from, to, limit)).toEqual(all.slice(0, limit));
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** The expansion as it was: every occurrence from the first, up to the same 1000 outputs. */
function walkFromFirst(
  event: { start: number; end: number; recurrence: EventRecurrence; timeZone: string; exceptions: number[] },
  from: number,
  to: number,
) {
  const duration = event.end - event.start;
  const out: { start: number; end: number }[] = [];
  for (let k = 0; out.length < 1000; k++) {
    const start = occurrenceStart(event.start, event.recurrence, k, event.timeZone);
    if (start >= to) break;
    if (start + duration >= from && !event.exceptions.includes(start))
      out.push({ start, end: start + duration });
  }
  return out;
}

describe('the window of a calendar read', () => {
  const from = Date.parse('2026-01-01T00:00:00Z');
  const message = (window: { from: number; to: number }) => {
    const result = calendarWindowSchema.safeParse(window);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it(`spans at most ${MAX_WINDOW_DAYS} days, with from before to`, () => {
    expect(MAX_WINDOW_DAYS).toBe(366);
    expect(message({ from, to: from + 366 * DAY })).toBeNull();
    expect(message({ from, to: from + 1 })).toBeNull();
    expect(message({ from, to: from + 366 * DAY + 1 })).toBe('to must be at most 366 days after from');
    expect(message({ from, to: from })).toBe('from must be before to');
    expect(message({ from, to: from - DAY })).toBe('from must be before to');
  });
});
