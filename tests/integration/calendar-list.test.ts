// The household calendar through the API: listing events, recurring ones expanded into occurrences.
import { describe, expect, it } from 'vitest';
import { createEvent, listEvents, setUpCalendarApp } from './calendar-setup.ts';
import { Client, signUp } from './helpers.ts';

const t = setUpCalendarApp();
const { householdWith } = t;

/** The wall-clock time (HH:MM) and weekday of an instant in a time zone. */
function wallClock(isoString: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(isoString));
}

describe('GET /api/calendar', () => {
  it('expands weekly all-day and timed events into the occurrences inside ?from&to, in time order', async () => {
    const { admin, others } = await householdWith(['Jo', 'Kim']);
    const bins = await createEvent(admin, {
      title: 'Bins out',
      allDay: true,
      startDate: '2026-03-02T00:00:00Z', // a Monday
      endDate: '2026-03-02T23:59:59Z',
      recurrence: 'weekly',
      eventType: 'reminder',
    });
    const yoga = await createEvent(admin, {
      title: 'Yoga',
      startDate: '2026-03-03T18:00:00Z', // a Tuesday
      endDate: '2026-03-03T19:15:00Z',
      recurrence: 'weekly',
      eventType: 'workout',
    });
    const dentist = await createEvent(admin, {
      title: 'Dentist',
      startDate: '2026-03-11T08:30:00Z',
      eventType: 'appointment',
    });
    await createEvent(admin, { title: 'Long ago', startDate: '2026-02-01T10:00:00Z' });
    await createEvent(admin, { title: 'Later', startDate: '2026-03-22T10:00:00Z' });

    const listed = await listEvents(others[0]!, '2026-03-01T00:00:00Z', '2026-03-22T00:00:00Z');
    expect(listed.map((e) => [e.title, e.startDate, e.endDate])).toEqual([
      ['Bins out', '2026-03-02T00:00:00.000Z', '2026-03-02T23:59:59.000Z'],
      ['Yoga', '2026-03-03T18:00:00.000Z', '2026-03-03T19:15:00.000Z'],
      ['Bins out', '2026-03-09T00:00:00.000Z', '2026-03-09T23:59:59.000Z'],
      ['Yoga', '2026-03-10T18:00:00.000Z', '2026-03-10T19:15:00.000Z'],
      ['Dentist', '2026-03-11T08:30:00.000Z', '2026-03-11T09:30:00.000Z'],
      ['Bins out', '2026-03-16T00:00:00.000Z', '2026-03-16T23:59:59.000Z'],
      ['Yoga', '2026-03-17T18:00:00.000Z', '2026-03-17T19:15:00.000Z'],
    ]);
    // Each occurrence is the series with its own dates; seriesStart names the first one.
    for (const e of listed.filter((x) => x.id === bins.id))
      expect(e).toEqual({ ...bins, startDate: e.startDate, endDate: e.endDate });
    for (const e of listed.filter((x) => x.id === yoga.id)) expect(e.seriesStart).toBe(yoga.startDate);
    expect(listed.filter((e) => e.id === dentist.id)).toEqual([dentist]);

    // An occurrence that started before the window but is still running is listed too.
    const overlapping = await listEvents(admin, '2026-03-09T12:00:00Z', '2026-03-10T00:00:00Z');
    expect(overlapping.map((e) => [e.title, e.startDate])).toEqual([
      ['Bins out', '2026-03-09T00:00:00.000Z'],
    ]);
  });

  it('monthly events clamp to the end of shorter months without drifting: Jan 31 → Feb 28 → Mar 31 → Apr 30', async () => {
    const { admin } = await householdWith(['Lou']);
    const rent = await createEvent(admin, {
      title: 'Pay rent',
      startDate: '2026-01-31T10:00:00Z',
      endDate: '2026-01-31T10:30:00Z',
      recurrence: 'monthly',
      eventType: 'deadline',
    });
    const listed = await listEvents(admin, '2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z');
    expect(listed.map((e) => [e.id, e.startDate, e.endDate])).toEqual([
      [rent.id, '2026-01-31T10:00:00.000Z', '2026-01-31T10:30:00.000Z'],
      [rent.id, '2026-02-28T10:00:00.000Z', '2026-02-28T10:30:00.000Z'],
      [rent.id, '2026-03-31T10:00:00.000Z', '2026-03-31T10:30:00.000Z'],
      [rent.id, '2026-04-30T10:00:00.000Z', '2026-04-30T10:30:00.000Z'],
      [rent.id, '2026-05-31T10:00:00.000Z', '2026-05-31T10:30:00.000Z'],
    ]);
  });

  it('a weekly 09:00 event in Europe/Berlin stays at 09:00 local across the change to summer time', async () => {
    const { admin } = await householdWith(['Max']);
    const standup = await createEvent(admin, {
      title: 'Standup',
      startDate: '2026-03-23T09:00:00+01:00', // Monday; summer time starts on Sunday 29 March
      endDate: '2026-03-23T09:30:00+01:00',
      recurrence: 'weekly',
      timeZone: 'Europe/Berlin',
    });
    const listed = await listEvents(admin, '2026-03-20T00:00:00Z', '2026-04-14T00:00:00Z');
    expect(listed.map((e) => [e.id, e.startDate, e.endDate])).toEqual([
      [standup.id, '2026-03-23T08:00:00.000Z', '2026-03-23T08:30:00.000Z'],
      [standup.id, '2026-03-30T07:00:00.000Z', '2026-03-30T07:30:00.000Z'],
      [standup.id, '2026-04-06T07:00:00.000Z', '2026-04-06T07:30:00.000Z'],
      [standup.id, '2026-04-13T07:00:00.000Z', '2026-04-13T07:30:00.000Z'],
    ]);
    for (const e of listed) expect(wallClock(e.startDate, 'Europe/Berlin')).toBe('Mon 09:00');
  });

  it('without ?from&to lists the previous, this and the next month around the clock', async () => {
    const { admin } = await householdWith(['Ned']);
    const daily = await createEvent(admin, {
      title: 'Water plants',
      startDate: '2026-01-15T07:00:00Z',
      recurrence: 'daily',
    });
    await createEvent(admin, { title: 'Before the window', startDate: '2026-01-31T12:00:00Z' });
    await createEvent(admin, { title: 'First day', startDate: '2026-02-01T00:00:00Z' });
    await createEvent(admin, { title: 'Last day', startDate: '2026-04-30T23:00:00Z' });
    await createEvent(admin, { title: 'After the window', startDate: '2026-05-01T00:00:00Z' });

    // Clock: 11 March 2026 → 1 February to 1 May.
    const listed = await listEvents(admin);
    const waterings = listed.filter((e) => e.id === daily.id);
    expect(waterings).toHaveLength(28 + 31 + 30);
    expect(waterings[0]!.startDate).toBe('2026-02-01T07:00:00.000Z');
    expect(waterings.at(-1)!.startDate).toBe('2026-04-30T07:00:00.000Z');
    expect(listed.filter((e) => e.id !== daily.id).map((e) => e.title)).toEqual(['First day', 'Last day']);

    // Move the clock: the window follows it (1 June to 1 September).
    t.clock = Date.parse('2026-07-04T09:00:00Z');
    const summer = await listEvents(admin);
    expect(summer.every((e) => e.id === daily.id)).toBe(true);
    expect(summer).toHaveLength(30 + 31 + 31);
    expect(summer[0]!.startDate).toBe('2026-06-01T07:00:00.000Z');
    expect(summer.at(-1)!.startDate).toBe('2026-08-31T07:00:00.000Z');
  });

  it('refuses a bad range (400): from not before to, more than 366 days, not ISO date-times', async () => {
    const { admin } = await householdWith(['Oli']);
    const bad: [string, RegExp][] = [
      ['?from=2026-03-10T00:00:00Z&to=2026-03-10T00:00:00Z', /from must be before to/],
      ['?from=2026-03-10T00:00:00Z&to=2026-03-01T00:00:00Z', /from must be before to/],
      ['?from=2026-01-01T00:00:00Z&to=2027-01-02T00:00:01Z', /^to must be at most 366 days after from$/],
      ['?from=yesterday&to=2026-03-01T00:00:00Z', /from/],
      ['?from=2026-03-01&to=2026-04-01', /from/],
      ['?from=2026-03-01T00:00:00Z&to=soon', /to/],
    ];
    for (const [query, message] of bad) {
      const response = await admin.client.get(`/api/calendar${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(message);
    }
    // Exactly 366 days is allowed.
    const widest = await admin.client.get('/api/calendar?from=2026-01-01T00:00:00Z&to=2027-01-02T00:00:00Z');
    expect(widest.statusCode).toBe(200);
    expect(widest.json()).toEqual([]);
  });

  it('answers 401 without a session and 404 without a household', async () => {
    expect((await new Client(t.app).get('/api/calendar')).statusCode).toBe(401);
    const loner = await signUp(t.app);
    const response = await loner.client.get('/api/calendar');
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});
