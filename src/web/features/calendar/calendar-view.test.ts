import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { EVENT_TYPES, PALETTE } from '#shared/calendar/schemas.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import {
  billDays,
  COLOR_OPTIONS,
  choreDue,
  colorName,
  EVENT_TYPE_LABELS,
  eventTimeLabel,
  eventWhen,
  groupByDay,
  occurrenceDays,
} from './calendar-view.ts';

const EN = { t: translate.bind(null, 'en'), locale: 'en-US' };
const DE = { t: translate.bind(null, 'de'), locale: 'de-DE' };

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';

function occurrence(overrides: Partial<CalendarOccurrence> = {}): CalendarOccurrence {
  return {
    id: 'e1',
    title: 'House meeting',
    description: null,
    notes: null,
    location: null,
    startDate: '2026-06-01T16:30:00.000Z',
    endDate: '2026-06-01T17:30:00.000Z',
    allDay: false,
    eventType: 'meeting',
    color: '#3B82F6',
    recurrence: null,
    reminder: '15min',
    attendees: [],
    timeZone: BERLIN,
    createdBy: 'u1',
    createdAt: '2026-05-01T00:00:00.000Z',
    updatedAt: '2026-05-01T00:00:00.000Z',
    seriesStart: '2026-06-01T16:30:00.000Z',
    ...overrides,
  };
}

describe('labels', () => {
  it('names every creation type and the ten palette colours', () => {
    expect(EVENT_TYPES.every((t) => EVENT_TYPE_LABELS[t])).toBe(true);
    expect(COLOR_OPTIONS.map((c) => EN.t(c.name))).toEqual([
      'Blue',
      'Green',
      'Amber',
      'Red',
      'Pink',
      'Violet',
      'Indigo',
      'Teal',
      'Orange',
      'Grey',
    ]);
    expect(COLOR_OPTIONS.map((c) => c.value)).toEqual(PALETTE);
    expect(colorName('#3b82f6', EN.t)).toBe('Blue');
    expect(colorName('#3b82f6', DE.t)).toBe('Blau');
  });
});

describe('what falls on which day', () => {
  it('puts an all-day event on its own dates wherever it is read', () => {
    const birthday = occurrence({
      allDay: true,
      startDate: '2026-05-31T22:00:00.000Z',
      endDate: '2026-06-01T21:59:59.000Z',
    });
    expect(occurrenceDays(birthday, NEW_YORK)).toEqual(['2026-06-01']);
    expect(eventTimeLabel(birthday, '2026-06-01', NEW_YORK, EN)).toBe('All day');
    const trip = occurrence({
      allDay: true,
      startDate: '2026-05-31T22:00:00.000Z',
      endDate: '2026-06-03T21:59:59.000Z',
    });
    expect(occurrenceDays(trip, BERLIN)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
    expect(eventWhen(trip, BERLIN, EN)).toBe('Monday, June 1, 2026 – Wednesday, June 3, 2026 · All day');
  });

  it('puts a timed event on the viewer’s days, with its times on each', () => {
    const meeting = occurrence();
    expect(occurrenceDays(meeting, BERLIN)).toEqual(['2026-06-01']);
    expect(eventTimeLabel(meeting, '2026-06-01', BERLIN, EN)).toBe('6:30 PM – 7:30 PM');
    expect(eventTimeLabel(meeting, '2026-06-01', NEW_YORK, EN)).toBe('12:30 PM – 1:30 PM');
    expect(eventWhen(meeting, BERLIN, EN)).toBe('Monday, June 1, 2026 · 6:30 PM – 7:30 PM');

    const party = occurrence({ startDate: '2026-06-01T20:00:00.000Z', endDate: '2026-06-03T01:00:00.000Z' });
    expect(occurrenceDays(party, BERLIN)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
    expect(eventTimeLabel(party, '2026-06-01', BERLIN, EN)).toBe('From 10:00 PM');
    expect(eventTimeLabel(party, '2026-06-02', BERLIN, EN)).toBe('All day');
    expect(eventTimeLabel(party, '2026-06-03', BERLIN, EN)).toBe('Until 3:00 AM');
  });

  it('writes times and dates in German on a 24-hour clock', () => {
    const meeting = occurrence();
    expect(eventTimeLabel(meeting, '2026-06-01', BERLIN, DE)).toBe('18:30 – 19:30');
    expect(eventWhen(meeting, BERLIN, DE)).toBe('Montag, 1. Juni 2026 · 18:30 – 19:30');
    const party = occurrence({ startDate: '2026-06-01T20:00:00.000Z', endDate: '2026-06-03T01:00:00.000Z' });
    expect(eventTimeLabel(party, '2026-06-01', BERLIN, DE)).toBe('Ab 22:00');
    expect(eventTimeLabel(party, '2026-06-02', BERLIN, DE)).toBe('Ganztägig');
    expect(eventWhen(party, BERLIN, DE)).toBe('Montag, 1. Juni 2026, 22:00 – Mittwoch, 3. Juni 2026, 03:00');
  });

  it('does not carry an event that ends at midnight into the next day', () => {
    const late = occurrence({ startDate: '2026-06-01T20:00:00.000Z', endDate: '2026-06-01T22:00:00.000Z' });
    expect(occurrenceDays(late, BERLIN)).toEqual(['2026-06-01']);
    expect(eventTimeLabel(late, '2026-06-01', BERLIN, EN)).toBe('10:00 PM – 12:00 AM');
  });

  it('groups items under every day they fall on', () => {
    const grouped = groupByDay(['a', 'b'], (x) => (x === 'a' ? ['d1', 'd2'] : ['d2']));
    expect(grouped.get('d1')).toEqual(['a']);
    expect(grouped.get('d2')).toEqual(['a', 'b']);
  });

  it('places chores on their due day, with a time only when they have one', () => {
    expect(choreDue({ dueDate: '2026-06-01T21:59:00.000Z', timeZone: BERLIN }, BERLIN)).toEqual({
      day: '2026-06-01',
      time: null,
    });
    expect(choreDue({ dueDate: '2026-06-01T16:30:00.000Z', timeZone: BERLIN }, BERLIN)).toEqual({
      day: '2026-06-01',
      time: '6:30 PM',
    });
  });

  it('lists a recurring bill’s dates in a range, clamped at month ends and stopping at its end', () => {
    const rent = {
      date: '2026-01-31',
      isRecurring: true,
      recurrenceFrequency: 'monthly',
      recurringEndDate: null,
      nextOccurrenceDate: '2026-02-28',
    };
    expect(billDays(rent, '2026-02-01', '2026-04-30')).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(billDays({ ...rent, recurringEndDate: '2026-03-31' }, '2026-02-01', '2026-06-30')).toEqual([
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(billDays({ ...rent, nextOccurrenceDate: null }, '2026-02-01', '2026-04-30')).toEqual([]);
    expect(billDays({ ...rent, isRecurring: false }, '2026-02-01', '2026-04-30')).toEqual([]);
    const weekly = { ...rent, date: '2026-06-01', recurrenceFrequency: 'weekly' };
    expect(billDays(weekly, '2026-06-01', '2026-06-20')).toEqual(['2026-06-01', '2026-06-08', '2026-06-15']);
  });
});
