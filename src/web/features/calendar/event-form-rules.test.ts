import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '#shared/calendar/api.ts';
import {
  defaultEventForm,
  editValuesOf,
  eventCreatePayload,
  eventEditPayload,
  withEventType,
  withStartDate,
  withStartTime,
} from './event-form-rules.ts';

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

describe('the create form', () => {
  it('starts with the defaults on the chosen day, the creator attending', () => {
    expect(defaultEventForm('2026-06-01', 'u1')).toMatchObject({
      startDate: '2026-06-01',
      endDate: '2026-06-01',
      eventType: 'meeting',
      color: '#3B82F6',
      reminder: '15min',
      recurrence: 'none',
      allDay: false,
      attendees: ['u1'],
    });
  });

  it('fills the end one hour after the first start time, wrapping at 24 h onto the next day', () => {
    const form = defaultEventForm('2026-06-01', null);
    expect(withStartTime(form, '18:30')).toMatchObject({ startTime: '18:30', endTime: '19:30' });
    expect(withStartTime(form, '23:30')).toMatchObject({ endTime: '00:30', endDate: '2026-06-02' });
    // An end already there stays.
    const set = { ...form, endTime: '21:00' };
    expect(withStartTime(set, '18:30')).toMatchObject({ startTime: '18:30', endTime: '21:00' });
  });

  it('takes the end date along with the start date unless it was set later', () => {
    const form = defaultEventForm('2026-06-01', null);
    expect(withStartDate(form, '2026-06-05').endDate).toBe('2026-06-05');
    expect(withStartDate({ ...form, endDate: '2026-06-10' }, '2026-06-05').endDate).toBe('2026-06-10');
    expect(withStartDate({ ...form, endDate: '2026-06-03' }, '2026-06-05').endDate).toBe('2026-06-05');
  });

  it('sets the colour of the chosen type', () => {
    const form = defaultEventForm('2026-06-01', null);
    expect(withEventType(form, 'birthday').color).toBe('#EC4899');
    expect(withEventType(form, 'workout').color).toBe('#14B8A6');
  });

  it('builds an all-day payload from midnight to 23:59:59 of the end date in the given zone', () => {
    const result = eventCreatePayload(
      {
        ...defaultEventForm('2026-06-01', 'u1'),
        title: '  Bins out ',
        allDay: true,
        recurrence: 'weekly',
        description: '  ',
      },
      BERLIN,
    );
    expect(result).toEqual({
      ok: true,
      payload: expect.objectContaining({
        title: 'Bins out',
        startDate: '2026-05-31T22:00:00.000Z',
        endDate: '2026-06-01T21:59:59.000Z',
        allDay: true,
        recurrence: 'weekly',
        description: null,
        attendees: ['u1'],
        timeZone: BERLIN,
        reminder: '15min',
        color: '#3B82F6',
      }),
    });
  });

  it('ends a timed event one hour after its start when no end time is given', () => {
    const result = eventCreatePayload(
      { ...defaultEventForm('2026-06-01', null), title: 'Dinner', startTime: '18:00', endTime: '' },
      BERLIN,
    );
    expect(result.ok && [result.payload.startDate, result.payload.endDate]).toEqual([
      '2026-06-01T16:00:00.000Z',
      '2026-06-01T17:00:00.000Z',
    ]);
  });

  it('names the title, a missing start date and an end before the start', () => {
    const form = defaultEventForm('2026-06-01', null);
    expect(eventCreatePayload({ ...form, title: '   ' }, BERLIN)).toEqual({
      ok: false,
      errors: { title: 'Title is required' },
    });
    expect(eventCreatePayload({ ...form, title: 'x', startDate: '' }, BERLIN)).toMatchObject({
      ok: false,
      errors: { startDate: 'Start date is required' },
    });
    expect(eventCreatePayload({ ...form, title: 'x', startTime: '18:00', endTime: '17:00' }, BERLIN)).toEqual(
      { ok: false, errors: { endDate: 'The end must not be before the start' } },
    );
  });
});

describe('the edit form', () => {
  it('shows a timed event on the viewer’s clock and an all-day one on its own calendar', () => {
    expect(editValuesOf(occurrence({ location: 'Kitchen' }), BERLIN)).toEqual({
      title: 'House meeting',
      startDate: '2026-06-01',
      startTime: '18:30',
      endDate: '2026-06-01',
      endTime: '19:30',
      location: 'Kitchen',
      description: '',
    });
    const allDay = occurrence({
      allDay: true,
      startDate: '2026-05-31T22:00:00.000Z',
      endDate: '2026-06-01T21:59:59.000Z',
    });
    expect(editValuesOf(allDay, NEW_YORK)).toMatchObject({ startDate: '2026-06-01', endDate: '2026-06-01' });
  });

  it('sends only what changed', () => {
    const o = occurrence({ location: 'Kitchen' });
    const values = editValuesOf(o, BERLIN);
    expect(eventEditPayload(o, values, BERLIN)).toEqual({ ok: true, changes: {} });
    expect(
      eventEditPayload(
        o,
        { ...values, title: ' Flat meeting ', location: ' ', description: 'Agenda' },
        BERLIN,
      ),
    ).toEqual({ ok: true, changes: { title: 'Flat meeting', location: null, description: 'Agenda' } });
    expect(eventEditPayload(o, { ...values, startTime: '19:00', endTime: '20:30' }, BERLIN)).toEqual({
      ok: true,
      changes: { startDate: '2026-06-01T17:00:00.000Z', endDate: '2026-06-01T18:30:00.000Z' },
    });
  });

  it('moves a recurring series by as much as its occurrence moved', () => {
    const o = occurrence({
      recurrence: 'weekly',
      seriesStart: '2026-05-18T16:30:00.000Z',
    });
    const values = editValuesOf(o, BERLIN);
    expect(eventEditPayload(o, { ...values, startTime: '19:30', endTime: '20:30' }, BERLIN)).toEqual({
      ok: true,
      changes: { startDate: '2026-05-18T17:30:00.000Z', endDate: '2026-05-18T18:30:00.000Z' },
    });
  });

  it('refuses a blank title and an end before the start', () => {
    const o = occurrence();
    const values = editValuesOf(o, BERLIN);
    expect(eventEditPayload(o, { ...values, title: ' ' }, BERLIN)).toEqual({
      ok: false,
      errors: { title: 'Title is required' },
    });
    expect(eventEditPayload(o, { ...values, endDate: '2026-05-31' }, BERLIN)).toEqual({
      ok: false,
      errors: { endDate: 'The end must not be before the start' },
    });
  });
});
