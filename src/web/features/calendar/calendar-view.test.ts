import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import { EVENT_TYPES, PALETTE } from '#shared/calendar/rules.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import { firstDayOfWeek } from '#shared/i18n/locale-format.ts';
import {
  AGENDA_DAYS,
  billDays,
  COLOR_OPTIONS,
  calendarSearch,
  cellOverflow,
  choreDue,
  colorName,
  daySlot,
  EVENT_TYPE_LABELS,
  eventTimeLabel,
  eventWhen,
  groupByDay,
  hourLabel,
  inAllDayRow,
  layoutSlots,
  MIN_SLOT_MINUTES,
  occurrenceDays,
  rangeTitle,
  readRange,
  selectedDayOf,
  stepPeriod,
  viewDays,
  viewOf,
  weekOf,
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

describe('the views', () => {
  it('selects today for an address day that is missing, malformed or out of the window', () => {
    const today = '2026-11-27';
    expect(selectedDayOf('2026-12-03', today)).toBe('2026-12-03');
    for (const bad of [null, '', 'tomorrow', '2026-02-30', '9999-12-31', '0100-01-01', '1999-12-31'])
      expect(selectedDayOf(bad, today)).toBe(today);
  });

  it('starts the week on the locale’s first day', () => {
    // Thursday 26 November 2026: Sunday-first in the US, Monday-first in Germany.
    expect(weekOf('2026-11-26', firstDayOfWeek('en-US'))).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(weekOf('2026-11-26', firstDayOfWeek('de-DE'))[0]).toBe('2026-11-23');
    expect(weekOf('2026-11-29', firstDayOfWeek('de-DE'))).toHaveLength(7);
    expect(weekOf('2026-11-29', firstDayOfWeek('de-DE'))[6]).toBe('2026-11-29');
    expect(viewDays('week', '2026-11-26', 1)[0]).toBe('2026-11-23');
    expect(viewDays('month', '2026-11-26', 1)[0]).toBe('2026-10-26');
    expect(viewDays('agenda', '2026-11-26')).toHaveLength(AGENDA_DAYS);
  });

  it('reads the view from the address and steps periods', () => {
    expect(viewOf('week')).toBe('week');
    expect(viewOf('year')).toBe('month');
    expect(viewOf(null)).toBe('month');
    expect(calendarSearch('month', '2026-11-23')).toBe('date=2026-11-23');
    expect(calendarSearch('week', '2026-11-23')).toBe('view=week&date=2026-11-23');
    expect(stepPeriod('week', '2026-11-26', 1, '2026-11-26')).toBe('2026-12-03');
    expect(stepPeriod('month', '2026-11-26', 1, '2026-11-26')).toBe('2026-12-01');
    expect(stepPeriod('month', '2026-12-01', -1, '2026-11-26')).toBe('2026-11-26');
    expect(stepPeriod('agenda', '2026-11-26', -1, '2026-11-26')).toBe('2026-10-29');
  });

  it('spans a week in one range across the change to winter time', () => {
    // Berlin leaves summer time on 25 October 2026: that week is an hour longer.
    const week = viewDays('week', '2026-10-21', 1);
    expect(readRange('week', '2026-10-21', week, BERLIN)).toEqual({
      from: '2026-10-18T22:00:00.000Z',
      to: '2026-10-25T23:00:00.000Z',
    });
  });

  it('reads a month the same whichever day its weeks start on, covering every grid of it', () => {
    const sunday = readRange('month', '2026-06-10', viewDays('month', '2026-06-10', 7), BERLIN);
    const monday = readRange('month', '2026-06-10', viewDays('month', '2026-06-10', 1), BERLIN);
    expect(monday).toEqual(sunday);
    for (const firstDay of [1, 6, 7]) {
      const grid = viewDays('month', '2026-06-10', firstDay);
      expect(sunday.from <= readRange('week', grid[0]!, [grid[0]!, grid[0]!], BERLIN).from).toBe(true);
      expect(sunday.to >= readRange('week', grid.at(-1)!, [grid.at(-1)!, grid.at(-1)!], BERLIN).to).toBe(
        true,
      );
    }
  });

  it('titles the week and labels the hours in the locale’s clock', () => {
    expect(rangeTitle('2026-11-23', '2026-11-29')).toBe('Nov 23 – 29, 2026');
    expect(hourLabel(0)).toBe('12 AM');
    expect(hourLabel(18)).toBe('6 PM');
    expect(hourLabel(7, 'de-DE')).toBe('07:00');
    expect(hourLabel(18, 'es-ES')).toBe('18:00');
  });

  it('fits a month cell’s lines, with the rest as a count', () => {
    expect(cellOverflow(['a', 'b', 'c'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(cellOverflow(['a', 'b', 'c', 'd', 'e'], 3)).toEqual({ shown: ['a', 'b'], more: 3 });
  });
});

describe('the week’s time slots', () => {
  it('places an event at its wall-clock hour, on daylight-saving days too', () => {
    expect(daySlot(occurrence(), '2026-06-01', BERLIN)).toEqual({ start: 18 * 60 + 30, end: 19 * 60 + 30 });
    expect(daySlot(occurrence(), '2026-06-02', BERLIN)).toBeNull();
    // 29 March 2026 in Berlin has no 02:00–03:00; 10:00 is still 10:00.
    const spring = occurrence({ startDate: '2026-03-29T08:00:00.000Z', endDate: '2026-03-29T09:00:00.000Z' });
    expect(daySlot(spring, '2026-03-29', BERLIN)).toEqual({ start: 600, end: 660 });
    // 25 October 2026 repeats 02:00–03:00: the second 02:30 to 02:15 still gets a box.
    const autumn = occurrence({ startDate: '2026-10-25T01:30:00.000Z', endDate: '2026-10-25T01:15:00.000Z' });
    expect(daySlot(autumn, '2026-10-25', BERLIN)).toEqual({ start: 150, end: 150 + MIN_SLOT_MINUTES });
    const autumnEvening = occurrence({
      startDate: '2026-10-25T17:00:00.000Z',
      endDate: '2026-10-25T18:00:00.000Z',
    });
    expect(daySlot(autumnEvening, '2026-10-25', BERLIN)).toEqual({ start: 18 * 60, end: 19 * 60 });
  });

  it('splits an event over midnight between its two days', () => {
    const party = occurrence({ startDate: '2026-06-01T20:00:00.000Z', endDate: '2026-06-02T01:00:00.000Z' });
    expect(inAllDayRow(party)).toBe(false);
    expect(daySlot(party, '2026-06-01', BERLIN)).toEqual({ start: 22 * 60, end: 24 * 60 });
    expect(daySlot(party, '2026-06-02', BERLIN)).toEqual({ start: 0, end: 3 * 60 });
    // Ending exactly at midnight: the first day only, to its end.
    const late = occurrence({ startDate: '2026-06-01T20:00:00.000Z', endDate: '2026-06-01T22:00:00.000Z' });
    expect(daySlot(late, '2026-06-01', BERLIN)).toEqual({ start: 22 * 60, end: 24 * 60 });
    expect(daySlot(late, '2026-06-02', BERLIN)).toBeNull();
    // A day or longer, or all day: the row above the slots.
    expect(inAllDayRow(occurrence({ endDate: '2026-06-02T16:30:00.000Z' }))).toBe(true);
    expect(inAllDayRow(occurrence({ allDay: true }))).toBe(true);
  });

  it('puts overlapping events side by side and the rest full width', () => {
    const placed = layoutSlots([
      { item: 'a', start: 540, end: 600 },
      { item: 'b', start: 570, end: 630 },
      { item: 'c', start: 600, end: 660 },
      { item: 'd', start: 700, end: 760 },
    ]);
    const at = (item: string) => placed.find((p) => p.item === item);
    expect(at('a')).toMatchObject({ column: 0, columns: 2 });
    expect(at('b')).toMatchObject({ column: 1, columns: 2 });
    // c starts when a ends: a's column is free again.
    expect(at('c')).toMatchObject({ column: 0, columns: 2 });
    expect(at('d')).toMatchObject({ column: 0, columns: 1 });
    const three = layoutSlots([
      { item: 'x', start: 0, end: 120 },
      { item: 'y', start: 30, end: 60 },
      { item: 'z', start: 45, end: 90 },
    ]);
    expect(three.map((p) => [p.item, p.column, p.columns])).toEqual([
      ['x', 0, 3],
      ['y', 1, 3],
      ['z', 2, 3],
    ]);
  });
});
