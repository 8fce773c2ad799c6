import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

// The app's clock: it stamps createdAt/updatedAt and places the default window of GET /api/calendar.
const NOW = Date.parse('2026-03-11T12:00:00.000Z'); // a Wednesday
let clock = NOW;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock = NOW;
});

interface EventView {
  id: string;
  title: string;
  description: string | null;
  notes: string | null;
  location: string | null;
  startDate: string;
  endDate: string;
  allDay: boolean;
  eventType: string;
  color: string;
  recurrence: string | null;
  reminder: string;
  attendees: string[];
  timeZone: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  seriesStart: string;
}
interface Person {
  client: Client;
  user: { id: string; email: string };
  firstName: string;
}

/** Signs up people by first name; the first creates the household and the others join in order. */
async function householdWith(names: string[], app: FastifyInstance = t.app) {
  const people: Person[] = [];
  for (const firstName of names) people.push({ ...(await signUp(app, { firstName })), firstName });
  const [admin, ...others] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json() as { id: string; name: string; inviteCode: string };
  for (const other of others) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
  }
  return { household, admin: admin!, others, people };
}

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

async function createEvent(by: Person, fields: Record<string, unknown>): Promise<EventView> {
  const response = await by.client.post('/api/calendar', {
    title: 'Standup',
    startDate: '2026-03-12T09:00:00.000Z',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listEvents(by: Person, from?: string, to?: string): Promise<EventView[]> {
  const query = from && to ? `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}` : '';
  const response = await by.client.get(`/api/calendar${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

// A wide window (at most 366 days) that holds every date these tests use.
const WIDE_FROM = '2025-12-01T00:00:00.000Z';
const WIDE_TO = '2026-12-01T00:00:00.000Z';
const everything = (by: Person) => listEvents(by, WIDE_FROM, WIDE_TO);

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

/** The feed's path (as the app serves it) from the URL the API hands out. */
async function feedPath(by: Person): Promise<string> {
  const response = await by.client.get('/api/calendar/feed');
  expect(response.statusCode, response.body).toBe(200);
  const { url, ...rest } = response.json() as { url: string };
  expect(rest).toEqual({});
  expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/feed\/[A-Za-z0-9_-]{16,64}\.ics$/);
  return new URL(url).pathname;
}

/** Fetches a feed as a calendar app would: no cookie, just the secret URL. */
function fetchFeed(path: string) {
  return new Client(t.app).get(path);
}

async function parsedFeed(path: string) {
  const response = await fetchFeed(path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  expect(calendar.name).toBe('vcalendar');
  return { body: response.body, calendar, vevents: calendar.getAllSubcomponents('vevent') };
}

const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid'));
const byUid = (vevents: ICAL.Component[], uid: string) => {
  const found = vevents.filter((v) => uidOf(v) === uid);
  expect(found, uid).toHaveLength(1);
  return found[0]!;
};
const timeOf = (vevent: ICAL.Component, name: 'dtstart' | 'dtend') =>
  vevent.getFirstPropertyValue(name) as ICAL.Time;

/**
 * Occurrence starts of a VEVENT before `until`, as a calendar app expands them (RRULE, EXDATE):
 * 'YYYY-MM-DD' for all-day events, ISO instants otherwise.
 */
function feedOccurrences(vevent: ICAL.Component, until: string): string[] {
  const event = new ICAL.Event(vevent);
  const expansion = event.iterator();
  const out: string[] = [];
  for (let next = expansion.next(); next; next = expansion.next()) {
    if (next.isDate) {
      if (next.toString() >= until.slice(0, 10)) break;
      out.push(next.toString());
    } else {
      const ms = next.toUnixTime() * 1000;
      if (ms >= Date.parse(until)) break;
      out.push(iso(ms));
    }
    if (out.length > 500) throw new Error('runaway expansion');
  }
  return out;
}

/** The same occurrences as the API lists them (local dates for all-day events). */
function apiOccurrences(events: EventView[], id: string): string[] {
  return events
    .filter((e) => e.id === id)
    .map((e) =>
      e.allDay
        ? new Intl.DateTimeFormat('en-CA', { timeZone: e.timeZone }).format(new Date(e.startDate))
        : e.startDate,
    );
}

describe('POST /api/calendar', () => {
  it('creates an event with every field (201) that every member then lists', async () => {
    const { admin, others } = await householdWith(['Ann', 'Ben']);
    const ben = others[0]!;
    const response = await admin.client.post('/api/calendar', {
      title: '  Team dinner  ',
      description: ' Bring wine ',
      notes: ' Booked under Ann ',
      location: ' Luigi’s, Main St ',
      startDate: '2026-03-14T19:00:00+01:00',
      endDate: '2026-03-14T22:30:00+01:00',
      allDay: false,
      eventType: 'social',
      recurrence: 'weekly',
      reminder: '1hour',
      color: '#8b5cf6',
      attendees: [ben.user.id, admin.user.id, ben.user.id],
      timeZone: 'Europe/Berlin',
    });
    expect(response.statusCode, response.body).toBe(201);
    const event = response.json() as EventView;
    expect(event).toEqual({
      id: expect.any(String),
      title: 'Team dinner',
      description: 'Bring wine',
      notes: 'Booked under Ann',
      location: 'Luigi’s, Main St',
      startDate: '2026-03-14T18:00:00.000Z',
      endDate: '2026-03-14T21:30:00.000Z',
      allDay: false,
      eventType: 'social',
      color: '#8B5CF6',
      recurrence: 'weekly',
      reminder: '1hour',
      attendees: [ben.user.id, admin.user.id],
      timeZone: 'Europe/Berlin',
      createdBy: admin.user.id,
      createdAt: iso(NOW),
      updatedAt: iso(NOW),
      seriesStart: '2026-03-14T18:00:00.000Z',
    });
    expect(JSON.stringify(event)).not.toContain('password');
    // The other member lists it as created: one occurrence in a week's window.
    expect(await listEvents(ben, '2026-03-14T00:00:00Z', '2026-03-20T00:00:00Z')).toEqual([event]);
  });

  it('ends an all-day event given no end at the end of its day, in its time zone', async () => {
    const { admin } = await householdWith(['Dee']);
    const day = await createEvent(admin, {
      title: 'Spring clean',
      allDay: true,
      startDate: '2026-03-27T00:00:00+01:00',
      timeZone: 'Europe/Berlin',
    });
    expect(day).toMatchObject({ startDate: '2026-03-26T23:00:00.000Z', endDate: '2026-03-27T22:59:59.000Z' });
    // The day the clocks go forward is 23 hours long there.
    const short = await createEvent(admin, {
      title: 'Clocks forward',
      allDay: true,
      startDate: '2026-03-29T00:00:00+01:00',
      timeZone: 'Europe/Berlin',
    });
    expect(short.endDate).toBe('2026-03-29T21:59:59.000Z');
  });

  it("fills in the SPEC's defaults: meeting, #3B82F6, 15min, no recurrence, end one hour after start", async () => {
    const { admin } = await householdWith(['Cat']);
    const event = await createEvent(admin, { title: 'Standup', startDate: '2026-03-12T09:00:00Z' });
    expect(event).toMatchObject({
      title: 'Standup',
      description: null,
      notes: null,
      location: null,
      startDate: '2026-03-12T09:00:00.000Z',
      endDate: '2026-03-12T10:00:00.000Z',
      allDay: false,
      eventType: 'meeting',
      color: '#3B82F6',
      recurrence: null,
      reminder: '15min',
      attendees: [],
      timeZone: 'UTC',
      createdBy: admin.user.id,
    });
    // Explicit nulls mean the same as leaving the fields out.
    const nulls = await createEvent(admin, {
      startDate: '2026-03-13T09:00:00Z',
      endDate: null,
      recurrence: null,
      color: null,
      description: null,
    });
    expect(nulls).toMatchObject({ endDate: '2026-03-13T10:00:00.000Z', recurrence: null, color: '#3B82F6' });
  });

  it('presets the colour by event type (the 10-colour palette); a chosen palette colour wins', async () => {
    const { admin } = await householdWith(['Dan']);
    const expected: Record<string, string> = {
      meeting: '#3B82F6',
      appointment: '#22C55E',
      social: '#F59E0B',
      deadline: '#EF4444',
      birthday: '#EC4899',
      holiday: '#8B5CF6',
      travel: '#6366F1',
      workout: '#14B8A6',
      study: '#F97316',
      other: '#6B7280',
      task: '#6B7280',
      reminder: '#6B7280',
    };
    for (const [eventType, color] of Object.entries(expected)) {
      const event = await createEvent(admin, { title: eventType, eventType });
      expect(event, eventType).toMatchObject({ eventType, color });
    }
    expect(new Set(Object.values(expected)).size).toBe(10);
    const chosen = await createEvent(admin, { eventType: 'birthday', color: '#14B8A6' });
    expect(chosen).toMatchObject({ eventType: 'birthday', color: '#14B8A6' });
  });

  it('keeps an all-day event from 00:00:00 to 23:59:59 of its end date', async () => {
    const { admin } = await householdWith(['Eve']);
    const event = await createEvent(admin, {
      title: 'Trip',
      allDay: true,
      startDate: '2026-03-20T00:00:00Z',
      endDate: '2026-03-22T23:59:59Z',
      eventType: 'travel',
    });
    expect(event).toMatchObject({
      allDay: true,
      startDate: '2026-03-20T00:00:00.000Z',
      endDate: '2026-03-22T23:59:59.000Z',
      color: '#6366F1',
    });
  });

  it.each([
    ['a missing title', { title: undefined }, 'Title is required'],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a title that is not text', { title: 42 }, 'Title is required'],
    ['a title over 120 characters', { title: 'x'.repeat(121) }, /title/i],
    ['an end before the start', { endDate: '2026-03-12T08:59:59Z' }, 'The end must not be before the start'],
    ['a colour off the palette', { color: '#123456' }, 'Colour must be one of the palette colours'],
    ['a colour name', { color: 'blue' }, 'Colour must be one of the palette colours'],
    ['an unknown event type', { eventType: 'party' }, /eventType/],
    ['an unknown recurrence', { recurrence: 'hourly' }, /recurrence/],
    ['recurrence "none" (null means none)', { recurrence: 'none' }, /recurrence/],
    ['an unknown reminder', { reminder: '10min' }, /reminder/],
    ['a missing start', { startDate: undefined }, /startDate/],
    ['a start that is not a date-time', { startDate: 'tomorrow' }, /startDate/],
    ['a start without a time', { startDate: '2026-03-12' }, /startDate/],
    ['allDay that is not a boolean', { allDay: 'yes' }, /allDay/],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, /timeZone/],
    ['attendees that are not a list', { attendees: 'everyone' }, /attendees/],
  ])('refuses %s (400) and writes nothing', async (_name, fields, message) => {
    const { admin } = await householdWith(['Fay']);
    const response = await admin.client.post('/api/calendar', {
      title: 'Standup',
      startDate: '2026-03-12T09:00:00Z',
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(400);
    if (typeof message === 'string') expect(response.json()).toEqual({ message });
    else expect(response.json().message).toMatch(message);
    expect(await everything(admin)).toEqual([]);
  });

  it('refuses attendees who are not members of the household (400) and writes nothing', async () => {
    const { admin } = await householdWith(['Gil', 'Hal']);
    const stranger = await householdWith(['Ivy']);
    const loner = await signUp(t.app);
    for (const attendee of [stranger.admin.user.id, loner.user.id, 'no-such-user']) {
      const response = await admin.client.post('/api/calendar', {
        title: 'Standup',
        startDate: '2026-03-12T09:00:00Z',
        attendees: [admin.user.id, attendee],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Attendees must be members of your household' });
    }
    expect(await everything(admin)).toEqual([]);
    expect(await everything(stranger.admin)).toEqual([]);
  });

  it('answers 401 without a session and 404 without a household', async () => {
    const body = { title: 'Standup', startDate: '2026-03-12T09:00:00Z' };
    const anonymous = await new Client(t.app).post('/api/calendar', body);
    expect(anonymous.statusCode).toBe(401);
    const loner = await signUp(t.app);
    const response = await loner.client.post('/api/calendar', body);
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().message).toBe('string');
  });
});

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
    clock = Date.parse('2026-07-04T09:00:00Z');
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

describe('PATCH /api/calendar-events/:id', () => {
  it('changes the fields it names and leaves the others alone', async () => {
    const { admin, others } = await householdWith(['Pat', 'Quin']);
    const quin = others[0]!;
    const event = await createEvent(admin, {
      title: 'Standup',
      description: 'Daily sync',
      location: 'Kitchen',
      startDate: '2026-03-12T09:00:00Z',
      recurrence: 'daily',
      attendees: [admin.user.id],
    });
    clock = NOW + HOUR;
    const response = await quin.client.patch(`/api/calendar-events/${event.id}`, {
      title: '  Retro  ',
      location: null,
      startDate: '2026-03-13T16:00:00Z',
      endDate: '2026-03-13T17:30:00Z',
      eventType: 'study',
      color: '#f97316',
      recurrence: null,
      reminder: '1week',
      attendees: [quin.user.id, admin.user.id, quin.user.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = response.json() as EventView;
    expect(changed).toEqual({
      ...event,
      title: 'Retro',
      location: null,
      startDate: '2026-03-13T16:00:00.000Z',
      endDate: '2026-03-13T17:30:00.000Z',
      seriesStart: '2026-03-13T16:00:00.000Z',
      eventType: 'study',
      color: '#F97316',
      recurrence: null,
      reminder: '1week',
      attendees: [quin.user.id, admin.user.id],
      updatedAt: iso(NOW + HOUR),
    });
    expect(await everything(admin)).toEqual([changed]);

    // One field at a time; moving only the end keeps the start.
    const later = await quin.client.patch(`/api/calendar-events/${event.id}`, {
      endDate: '2026-03-13T18:00:00Z',
    });
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({
      title: 'Retro',
      startDate: changed.startDate,
      endDate: '2026-03-13T18:00:00.000Z',
    });
    const allDay = await quin.client.patch(`/api/calendar-events/${event.id}`, {
      allDay: true,
      timeZone: 'America/New_York',
      description: '',
      notes: 'Bring the board',
    });
    expect(allDay.json()).toMatchObject({
      allDay: true,
      timeZone: 'America/New_York',
      description: null,
      notes: 'Bring the board',
    });
  });

  it('an edit keeps the attendees and deleted occurrences it does not name', async () => {
    const { admin, others } = await householdWith(['Pip', 'Ros']);
    const weekly = await createEvent(admin, {
      title: 'Cleaning',
      startDate: '2026-03-02T17:00:00Z',
      recurrence: 'weekly',
      attendees: [admin.user.id, others[0]!.user.id],
    });
    const skip = await admin.client.delete(
      `/api/calendar-events/${weekly.id}?occurrence=2026-03-09T17:00:00Z`,
    );
    expect(skip.statusCode).toBe(204);
    const renamed = await admin.client.patch(`/api/calendar-events/${weekly.id}`, { title: 'Deep clean' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Deep clean', attendees: weekly.attendees });
    const listed = await listEvents(admin, '2026-03-01T00:00:00Z', '2026-03-24T00:00:00Z');
    expect(listed.map((e) => [e.title, e.startDate, e.attendees])).toEqual([
      ['Deep clean', '2026-03-02T17:00:00.000Z', weekly.attendees],
      ['Deep clean', '2026-03-16T17:00:00.000Z', weekly.attendees],
      ['Deep clean', '2026-03-23T17:00:00.000Z', weekly.attendees],
    ]);
    const another = await admin.client.delete(
      `/api/calendar-events/${weekly.id}?occurrence=2026-03-16T17:00:00Z`,
    );
    expect(another.statusCode).toBe(204);
    const left = await listEvents(admin, '2026-03-01T00:00:00Z', '2026-03-24T00:00:00Z');
    expect(left.map((e) => e.startDate)).toEqual(['2026-03-02T17:00:00.000Z', '2026-03-23T17:00:00.000Z']);
  });

  it('refuses an end before the start (400), also against the stored start, and changes nothing', async () => {
    const { admin } = await householdWith(['Rae']);
    const event = await createEvent(admin, {
      startDate: '2026-03-12T09:00:00Z',
      endDate: '2026-03-12T10:00:00Z',
    });
    const bad: [Record<string, unknown>, string | RegExp][] = [
      [{ endDate: '2026-03-12T08:00:00Z' }, 'The end must not be before the start'],
      [{ startDate: '2026-03-12T11:00:00Z' }, 'The end must not be before the start'],
      [
        { startDate: '2026-03-14T11:00:00Z', endDate: '2026-03-14T10:00:00Z' },
        'The end must not be before the start',
      ],
      [{}, /at least one field/],
      [{ title: '  ' }, 'Title is required'],
      [{ color: '#000000' }, 'Colour must be one of the palette colours'],
      [{ eventType: 'party' }, /eventType/],
      [{ recurrence: 'hourly' }, /recurrence/],
      [{ reminder: 'never' }, /reminder/],
      [{ endDate: null }, /endDate/],
      [{ attendees: ['no-such-user'] }, 'Attendees must be members of your household'],
    ];
    for (const [body, message] of bad) {
      const response = await admin.client.patch(`/api/calendar-events/${event.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(response.json()).toEqual({ message });
      else expect(response.json().message).toMatch(message);
    }
    expect(await everything(admin)).toEqual([event]);
  });

  it('answers 404 for an unknown event, 401 without a session and 404 without a household', async () => {
    const { admin } = await householdWith(['Sam']);
    const event = await createEvent(admin, {});
    const unknown = await admin.client.patch('/api/calendar-events/no-such-event', { title: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(typeof unknown.json().message).toBe('string');
    expect(
      (await new Client(t.app).patch(`/api/calendar-events/${event.id}`, { title: 'X' })).statusCode,
    ).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.client.patch(`/api/calendar-events/${event.id}`, { title: 'X' })).statusCode).toBe(
      404,
    );
    expect(await everything(admin)).toEqual([event]);
  });
});

describe('DELETE /api/calendar-events/:id', () => {
  it('with ?occurrence= removes only that occurrence of a recurring event (204)', async () => {
    const { admin, others } = await householdWith(['Tia', 'Uma']);
    const weekly = await createEvent(admin, {
      title: 'Cleaning',
      startDate: '2026-03-02T17:00:00Z',
      recurrence: 'weekly',
    });
    const before = await listEvents(admin, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(before.map((e) => e.startDate)).toEqual([
      '2026-03-02T17:00:00.000Z',
      '2026-03-09T17:00:00.000Z',
      '2026-03-16T17:00:00.000Z',
      '2026-03-23T17:00:00.000Z',
      '2026-03-30T17:00:00.000Z',
    ]);
    clock = NOW + HOUR;
    // Any spelling of the instant names the same occurrence.
    const response = await others[0]!.client.delete(
      `/api/calendar-events/${weekly.id}?occurrence=${encodeURIComponent('2026-03-16T18:00:00+01:00')}`,
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await listEvents(admin, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(after.map((e) => e.startDate)).toEqual([
      '2026-03-02T17:00:00.000Z',
      '2026-03-09T17:00:00.000Z',
      '2026-03-23T17:00:00.000Z',
      '2026-03-30T17:00:00.000Z',
    ]);
    expect(after.every((e) => e.id === weekly.id && e.updatedAt === iso(NOW + HOUR))).toBe(true);

    // A second occurrence, and the same one again, leave the rest alone.
    for (const occurrence of ['2026-03-02T17:00:00.000Z', '2026-03-16T17:00:00.000Z']) {
      const again = await admin.client.delete(`/api/calendar-events/${weekly.id}?occurrence=${occurrence}`);
      expect(again.statusCode).toBe(204);
    }
    const left = await listEvents(admin, '2026-03-01T00:00:00Z', '2026-03-31T00:00:00Z');
    expect(left.map((e) => e.startDate)).toEqual([
      '2026-03-09T17:00:00.000Z',
      '2026-03-23T17:00:00.000Z',
      '2026-03-30T17:00:00.000Z',
    ]);
  });

  it('without ?occurrence= deletes the whole series (204); a second delete answers 404', async () => {
    const { admin } = await householdWith(['Val']);
    const weekly = await createEvent(admin, { title: 'Cleaning', recurrence: 'weekly' });
    const once = await createEvent(admin, { title: 'Party', startDate: '2026-03-20T19:00:00Z' });
    const response = await admin.client.delete(`/api/calendar-events/${weekly.id}`);
    expect(response.statusCode).toBe(204);
    expect(await everything(admin)).toEqual([once]);
    expect((await admin.client.delete(`/api/calendar-events/${weekly.id}`)).statusCode).toBe(404);
    expect((await admin.client.delete(`/api/calendar-events/${once.id}`)).statusCode).toBe(204);
    expect(await everything(admin)).toEqual([]);
  });

  it('refuses a malformed occurrence (400); 404 for an unknown event, 401 and 404 outside a household', async () => {
    const { admin } = await householdWith(['Wes']);
    const weekly = await createEvent(admin, { title: 'Cleaning', recurrence: 'weekly' });
    const bad = await admin.client.delete(`/api/calendar-events/${weekly.id}?occurrence=next-week`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/occurrence/);
    expect((await admin.client.delete('/api/calendar-events/no-such-event')).statusCode).toBe(404);
    expect((await new Client(t.app).delete(`/api/calendar-events/${weekly.id}`)).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.client.delete(`/api/calendar-events/${weekly.id}`)).statusCode).toBe(404);
    const left = await everything(admin);
    expect(left.length).toBeGreaterThan(30);
    expect(left.every((e) => e.id === weekly.id && e.updatedAt === weekly.updatedAt)).toBe(true);
  });
});

describe('the calendar feed', () => {
  it('hands each member a secret feed URL, the same one on every ask', async () => {
    const { admin, others } = await householdWith(['Xan', 'Yui']);
    const first = await feedPath(admin);
    expect(await feedPath(admin)).toBe(first);
    expect(await feedPath(others[0]!)).not.toBe(first);
    expect((await new Client(t.app).get('/api/calendar/feed')).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/calendar/feed/reset')).statusCode).toBe(401);
    const loner = await signUp(t.app);
    expect((await loner.client.get('/api/calendar/feed')).statusCode).toBe(404);
    expect((await loner.client.post('/api/calendar/feed/reset')).statusCode).toBe(404);
  });

  it("is a valid iCalendar file with exactly the household's events, open chores and recurring bills", async () => {
    const { household, admin, others } = await householdWith(['Zoe', 'Abe']);
    const abe = others[0]!;
    const bins = await createEvent(admin, {
      title: 'Bins out',
      allDay: true,
      startDate: '2026-03-02T00:00:00Z',
      endDate: '2026-03-02T23:59:59Z',
      recurrence: 'weekly',
      reminder: '1day',
      eventType: 'reminder',
    });
    const standup = await createEvent(admin, {
      title: 'Standup',
      startDate: '2026-03-23T09:00:00+01:00',
      endDate: '2026-03-23T09:30:00+01:00',
      recurrence: 'weekly',
      reminder: 'none',
      timeZone: 'Europe/Berlin',
    });
    const dentist = await createEvent(admin, {
      title: 'Dentist',
      description: 'Check-up; bring card',
      location: 'Main St 5, 2nd floor',
      startDate: '2026-03-18T08:30:00Z',
      endDate: '2026-03-18T09:15:00Z',
      eventType: 'appointment',
    });
    const trip = await createEvent(admin, {
      title: 'Trip',
      allDay: true,
      startDate: '2026-04-03T00:00:00+02:00',
      endDate: '2026-04-05T23:59:59+02:00',
      timeZone: 'Europe/Berlin',
      reminder: '1week',
    });
    // All-day with no end given: the whole day.
    const holiday = await createEvent(admin, {
      title: 'Holiday',
      allDay: true,
      startDate: '2026-03-27T00:00:00Z',
      eventType: 'holiday',
    });
    const oddTitle =
      'Movie night; popcorn, drinks\nand a very long list of snacks — crème brûlée, ünïcödé, 🍿 popcorn';
    const movie = await createEvent(admin, { title: oddTitle, startDate: '2026-03-21T19:00:00Z' });
    expect(movie.title).toBe(oddTitle);
    const deleted = await admin.client.delete(
      `/api/calendar-events/${bins.id}?occurrence=2026-03-09T00:00:00Z`,
    );
    expect(deleted.statusCode).toBe(204);

    const chore = await admin.client.post('/api/chores', {
      title: 'Descale kettle',
      assignedTo: abe.user.id,
      dueDate: '2026-03-12T18:00:00Z',
      estimatedDuration: 45,
    });
    expect(chore.statusCode, chore.body).toBe(201);
    const untimed = await admin.client.post('/api/chores', {
      title: 'Water plants',
      assignedTo: admin.user.id,
      dueDate: '2026-03-13T23:59:00+01:00', // 23:59 means no specific time
      timeZone: 'Europe/Berlin',
    });
    expect(untimed.statusCode, untimed.body).toBe(201);
    const done = await admin.client.post('/api/chores', {
      title: 'Finished chore',
      assignedTo: admin.user.id,
      dueDate: '2026-03-10T18:00:00Z',
    });
    expect((await admin.client.patch(`/api/chores/${done.json().id}`, { status: 'done' })).statusCode).toBe(
      200,
    );

    const expense = (fields: Record<string, unknown>) =>
      admin.client.post('/api/expenses', {
        expense: {
          title: 'Internet',
          amount: '60.00',
          category: 'internet',
          date: '2026-01-31',
          splitType: 'equal',
          paidBy: admin.user.id,
          isRecurring: true,
          recurringInterval: 'monthly',
          ...fields,
        },
        splits: [
          { userId: admin.user.id, amount: '30.00' },
          { userId: abe.user.id, amount: '30.00' },
        ],
      });
    const bill = await expense({});
    expect(bill.statusCode, bill.body).toBe(201);
    expect(bill.json().nextOccurrenceDate).toBe('2026-02-28');
    const ending = await expense({
      title: 'Gym',
      amount: '20.00',
      date: '2026-03-05',
      recurringInterval: 'weekly',
      recurringEndDate: '2026-03-26',
    });
    expect(ending.statusCode, ending.body).toBe(201);
    const oneOff = await expense({ title: 'Pizza', isRecurring: false });
    expect(oneOff.statusCode).toBe(201);

    // Another household with items of its own.
    const other = await householdWith(['Bea']);
    const secret = await createEvent(other.admin, { title: 'Surprise party', recurrence: 'weekly' });
    const otherChore = await other.admin.client.post('/api/chores', {
      title: 'Hidden chore',
      assignedTo: other.admin.user.id,
      dueDate: '2026-03-12T18:00:00Z',
    });
    expect(otherChore.statusCode).toBe(201);
    const otherBill = await other.admin.client.post('/api/expenses', {
      expense: {
        title: 'Secret subscription',
        amount: '9.99',
        category: 'entertainment',
        date: '2026-03-01',
        paidBy: other.admin.user.id,
        isRecurring: true,
      },
      splits: [{ userId: other.admin.user.id, amount: '9.99' }],
    });
    expect(otherBill.statusCode).toBe(201);

    const path = await feedPath(abe);
    const { body, calendar, vevents } = await parsedFeed(path);

    // Raw form: CRLF line ends, no line over 75 octets, long lines folded, text escaped.
    expect(body.endsWith('\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(body).toContain('\r\n ');
    expect(body.replace(/\r\n /g, '')).toContain(
      'SUMMARY:Movie night\\; popcorn\\, drinks\\nand a very long list of snacks — crème brûlée\\, ünïcödé\\, 🍿 popcorn',
    );
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(household.name);

    // Exactly this household's items: every event once, the open chores and the recurring bills.
    expect(vevents.map(uidOf).sort()).toEqual(
      [
        `event-${bins.id}@hearth`,
        `event-${standup.id}@hearth`,
        `event-${dentist.id}@hearth`,
        `event-${trip.id}@hearth`,
        `event-${holiday.id}@hearth`,
        `event-${movie.id}@hearth`,
        `chore-${chore.json().id}@hearth`,
        `chore-${untimed.json().id}@hearth`,
        `bill-${bill.json().id}@hearth`,
        `bill-${ending.json().id}@hearth`,
      ].sort(),
    );
    for (const leak of [
      secret.id,
      secret.title,
      otherChore.json().id,
      'Hidden chore',
      'Secret subscription',
      'Pizza',
    ])
      expect(body).not.toContain(leak);
    for (const vevent of vevents) {
      expect(vevent.getFirstPropertyValue('dtstamp'), uidOf(vevent)).toBeTruthy();
      expect(vevent.getFirstPropertyValue('summary'), uidOf(vevent)).toBeTruthy();
    }

    // The weekly all-day event: DATE values, RRULE, EXDATE for the deleted occurrence, a VALARM.
    const binsEvent = byUid(vevents, `event-${bins.id}@hearth`);
    expect(binsEvent.getFirstPropertyValue('summary')).toBe('Bins out');
    expect(timeOf(binsEvent, 'dtstart').isDate).toBe(true);
    expect(timeOf(binsEvent, 'dtstart').toString()).toBe('2026-03-02');
    expect(timeOf(binsEvent, 'dtend').isDate).toBe(true);
    expect(timeOf(binsEvent, 'dtend').toString()).toBe('2026-03-03');
    expect(String(binsEvent.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY');
    const exdates = binsEvent.getAllProperties('exdate').flatMap((p) => p.getValues() as ICAL.Time[]);
    expect(exdates.map((x) => [x.isDate, x.toString()])).toEqual([[true, '2026-03-09']]);
    const binsAlarm = binsEvent.getFirstSubcomponent('valarm')!;
    expect(binsAlarm.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect((binsAlarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-86_400);
    expect(feedOccurrences(binsEvent, '2026-03-31')).toEqual([
      '2026-03-02',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);

    // The Berlin weekly event: RRULE, no reminder, and 09:00 local on both sides of the DST change.
    const standupEvent = byUid(vevents, `event-${standup.id}@hearth`);
    expect(String(standupEvent.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY');
    expect(standupEvent.getFirstSubcomponent('valarm')).toBeNull();
    expect(timeOf(standupEvent, 'dtstart').toUnixTime() * 1000).toBe(Date.parse(standup.startDate));
    expect(timeOf(standupEvent, 'dtend').toUnixTime() * 1000).toBe(Date.parse(standup.endDate));
    expect(feedOccurrences(standupEvent, '2026-04-14T00:00:00Z')).toEqual([
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
      '2026-04-13T07:00:00.000Z',
    ]);

    // A one-off timed event: exact instants, text fields unescaped, the default 15-minute reminder.
    const dentistEvent = byUid(vevents, `event-${dentist.id}@hearth`);
    expect(dentistEvent.getFirstProperty('rrule')).toBeNull();
    expect(dentistEvent.getFirstProperty('exdate')).toBeNull();
    expect(timeOf(dentistEvent, 'dtstart').toUnixTime() * 1000).toBe(Date.parse(dentist.startDate));
    expect(timeOf(dentistEvent, 'dtend').toUnixTime() * 1000).toBe(Date.parse(dentist.endDate));
    expect(dentistEvent.getFirstPropertyValue('description')).toBe('Check-up; bring card');
    expect(dentistEvent.getFirstPropertyValue('location')).toBe('Main St 5, 2nd floor');
    const dentistAlarm = dentistEvent.getFirstSubcomponent('valarm')!;
    expect((dentistAlarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-15 * 60);

    // A multi-day all-day event in its own zone: its local dates, DTEND the day after the last.
    const tripEvent = byUid(vevents, `event-${trip.id}@hearth`);
    expect(timeOf(tripEvent, 'dtstart').toString()).toBe('2026-04-03');
    expect(timeOf(tripEvent, 'dtend').toString()).toBe('2026-04-06');
    expect(
      (
        tripEvent.getFirstSubcomponent('valarm')!.getFirstPropertyValue('trigger') as ICAL.Duration
      ).toSeconds(),
    ).toBe(-7 * 86_400);

    const holidayEvent = byUid(vevents, `event-${holiday.id}@hearth`);
    expect(timeOf(holidayEvent, 'dtstart').toString()).toBe('2026-03-27');
    expect(timeOf(holidayEvent, 'dtend').toString()).toBe('2026-03-28');

    // Commas, semicolons and newlines in a long title survive the round trip.
    expect(byUid(vevents, `event-${movie.id}@hearth`).getFirstPropertyValue('summary')).toBe(oddTitle);

    // Chores: the timed one ends at its due time; one due at 23:59 local is an all-day item that day.
    const choreEvent = byUid(vevents, `chore-${chore.json().id}@hearth`);
    expect(choreEvent.getFirstPropertyValue('summary')).toBe('Chore: Descale kettle');
    expect(timeOf(choreEvent, 'dtend').toUnixTime() * 1000).toBe(Date.parse('2026-03-12T18:00:00Z'));
    expect(timeOf(choreEvent, 'dtstart').toUnixTime() * 1000).toBe(Date.parse('2026-03-12T17:15:00Z'));
    const untimedEvent = byUid(vevents, `chore-${untimed.json().id}@hearth`);
    expect(untimedEvent.getFirstPropertyValue('summary')).toBe('Chore: Water plants');
    expect(timeOf(untimedEvent, 'dtstart').isDate).toBe(true);
    expect(timeOf(untimedEvent, 'dtstart').toString()).toBe('2026-03-13');

    // Bills: all-day on their next dates, repeating like the app repeats them (Jan 31 → month ends),
    // and stopping at their end date.
    const billEvent = byUid(vevents, `bill-${bill.json().id}@hearth`);
    expect(billEvent.getFirstPropertyValue('summary')).toBe('Bill: Internet ($60.00)');
    expect(timeOf(billEvent, 'dtstart').isDate).toBe(true);
    expect(feedOccurrences(billEvent, '2026-07-01')).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    const gymEvent = byUid(vevents, `bill-${ending.json().id}@hearth`);
    expect(gymEvent.getFirstPropertyValue('summary')).toBe('Bill: Gym ($20.00)');
    expect(feedOccurrences(gymEvent, '2026-12-31')).toEqual(['2026-03-12', '2026-03-19', '2026-03-26']);
  });

  it('repeats events as the app does: expanding the feed gives the occurrences GET /api/calendar lists', async () => {
    const { admin } = await householdWith(['Cal']);
    const specs: Record<string, unknown>[] = [
      { title: 'Month end', startDate: '2026-01-31T10:00:00Z', recurrence: 'monthly' },
      {
        title: 'Last of the month',
        startDate: '2026-01-31T00:00:00+01:00',
        endDate: '2026-01-31T23:59:59+01:00',
        recurrence: 'monthly',
        allDay: true,
        timeZone: 'Europe/Berlin',
      },
      { title: 'Leap day', startDate: '2024-02-29T12:00:00Z', recurrence: 'yearly' },
      { title: 'Fortnightly', startDate: '2026-03-01T20:00:00Z', recurrence: 'biweekly' },
      {
        title: 'Daily NY',
        startDate: '2026-03-05T08:00:00-05:00',
        recurrence: 'daily',
        timeZone: 'America/New_York',
      },
      {
        title: 'Autumn Berlin',
        startDate: '2026-10-20T23:30:00+02:00',
        endDate: '2026-10-21T00:30:00+02:00',
        recurrence: 'weekly',
        timeZone: 'Europe/Berlin',
      },
      {
        title: 'Sydney monthly',
        startDate: '2026-01-31T09:00:00+11:00',
        recurrence: 'monthly',
        timeZone: 'Australia/Sydney',
      },
    ];
    const created: EventView[] = [];
    for (const spec of specs) created.push(await createEvent(admin, spec));
    const dropped = created[3]!;
    expect(
      (await admin.client.delete(`/api/calendar-events/${dropped.id}?occurrence=2026-03-15T20:00:00Z`))
        .statusCode,
    ).toBe(204);

    // 2026 up to mid-December (no occurrence near either edge): both sides list the same starts.
    const listed = await listEvents(admin, '2026-01-01T00:00:00Z', '2026-12-15T00:00:00Z');
    const { vevents } = await parsedFeed(await feedPath(admin));
    for (const event of created) {
      const vevent = byUid(vevents, `event-${event.id}@hearth`);
      const fromFeed = feedOccurrences(vevent, '2026-12-15T00:00:00Z').filter((start) => start >= '2026');
      expect(fromFeed, event.title).toEqual(apiOccurrences(listed, event.id));
      expect(fromFeed.length, event.title).toBeGreaterThan(0);
    }
    expect(String(byUid(vevents, `event-${created[0]!.id}@hearth`).getFirstPropertyValue('rrule'))).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=-1',
    );
    expect(String(byUid(vevents, `event-${created[2]!.id}@hearth`).getFirstPropertyValue('rrule'))).toBe(
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1',
    );
  });

  it('a monthly series from the 29th or 30th says "that day, else the last day" (BYSETPOS)', async () => {
    // ical.js ignores BYSETPOS next to BYMONTHDAY alone, so this checks the rule as written
    // (RFC 5545 §3.3.10: the first of {30th, last day} in each month) rather than its expansion.
    const { admin } = await householdWith(['Cy']);
    const thirtieth = await createEvent(admin, {
      title: 'The 30th',
      startDate: '2026-01-30T10:00:00Z',
      recurrence: 'monthly',
    });
    const listed = await listEvents(admin, '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z');
    expect(listed.map((e) => e.startDate)).toEqual([
      '2026-01-30T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-03-30T10:00:00.000Z',
    ]);
    const { vevents } = await parsedFeed(await feedPath(admin));
    const vevent = byUid(vevents, `event-${thirtieth.id}@hearth`);
    expect(String(vevent.getFirstPropertyValue('rrule'))).toBe('FREQ=MONTHLY;BYMONTHDAY=30,-1;BYSETPOS=1');
    expect(timeOf(vevent, 'dtstart').toUnixTime() * 1000).toBe(Date.parse(thirtieth.startDate));
  });

  it('resetting gives a new URL and the old one stops working (404)', async () => {
    const { admin } = await householdWith(['Dee']);
    await createEvent(admin, { title: 'Standup' });
    const old = await feedPath(admin);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const reset = await admin.client.post('/api/calendar/feed/reset');
    expect(reset.statusCode).toBe(200);
    const fresh = new URL((reset.json() as { url: string }).url).pathname;
    expect(fresh).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(typeof gone.json().message).toBe('string');
    expect(gone.body).not.toContain('Standup');
    expect((await parsedFeed(fresh)).vevents).toHaveLength(1);
    expect(await feedPath(admin)).toBe(fresh);
  });

  it('answers 404 for an unknown or malformed token', async () => {
    const { admin } = await householdWith(['Eli']);
    await createEvent(admin, { title: 'Standup' });
    const real = await feedPath(admin);
    const token = real
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/api/calendar/feed/${flipped}.ics`,
      `/api/calendar/feed/${'A'.repeat(32)}.ics`,
      `/api/calendar/feed/${token}`,
      `/api/calendar/feed/${token}.json`,
      `/api/calendar/feed/${token}.ics.ics`,
      '/api/calendar/feed/short.ics',
      `/api/calendar/feed/${'x'.repeat(65)}.ics`,
      `/api/calendar/feed/${encodeURIComponent(`${token}'; --`)}.ics`,
      '/api/calendar/feed/.ics',
    ]) {
      const response = await fetchFeed(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body, path).not.toContain('BEGIN:VCALENDAR');
    }
  });

  it('stops working for a member who left or was removed', async () => {
    const { admin, others } = await householdWith(['Fin', 'Gus', 'Hap']);
    const [gus, hap] = others as [Person, Person];
    await createEvent(admin, { title: 'House meeting' });
    const gusFeed = await feedPath(gus);
    const hapFeed = await feedPath(hap);
    expect((await fetchFeed(gusFeed)).statusCode).toBe(200);
    expect((await gus.client.post('/api/households/leave')).statusCode).toBe(204);
    const left = await fetchFeed(gusFeed);
    expect(left.statusCode).toBe(404);
    expect(left.body).not.toContain('House meeting');
    expect((await gus.client.get('/api/calendar/feed')).statusCode).toBe(404);

    expect((await admin.client.delete(`/api/households/members/${hap.user.id}`)).statusCode).toBe(200);
    const removed = await fetchFeed(hapFeed);
    expect(removed.statusCode).toBe(404);
    expect(removed.body).not.toContain('House meeting');
    expect((await fetchFeed(await feedPath(admin))).statusCode).toBe(200);
  });
});

describe('another household', () => {
  async function twoHouseholds() {
    const home = await householdWith(['Ida', 'Jay']);
    const away = await householdWith(['Kai']);
    const jay = home.others[0]!;
    const event = await createEvent(home.admin, {
      title: 'Secret gathering',
      description: 'Behind the shed',
      location: 'Garden',
      startDate: '2026-03-12T18:00:00Z',
      recurrence: 'weekly',
      attendees: [home.admin.user.id, jay.user.id],
    });
    const ownerView = async () => ({
      events: await everything(home.admin),
      feed: (await fetchFeed(await feedPath(home.admin))).body,
    });
    const secrets = [
      event.id,
      event.title,
      event.description!,
      event.location!,
      home.admin.user.id,
      jay.user.id,
    ];
    return { home, outsider: away.admin, event, ownerView, secrets };
  }

  it('cannot change or delete an event it does not own (404, nothing changes, nothing leaks)', async () => {
    const { outsider, event, ownerView, secrets } = await twoHouseholds();
    const occurrence = encodeURIComponent('2026-03-19T18:00:00.000Z');
    const calls = [
      (c: Client) => c.patch(`/api/calendar-events/${event.id}`, { title: 'Mine now' }),
      (c: Client) => c.patch(`/api/calendar-events/${event.id}`, { endDate: '2026-03-12T17:00:00Z' }),
      (c: Client) => c.patch(`/api/calendar-events/${event.id}`, { attendees: ['x'] }),
      (c: Client) => c.delete(`/api/calendar-events/${event.id}?occurrence=${occurrence}`),
      (c: Client) => c.delete(`/api/calendar-events/${event.id}`),
    ];
    for (const call of calls) await expectIsolated({ outsider: outsider.client, call, ownerView, secrets });
  });

  it('never sees its events in its own lists or feed', async () => {
    const { home, outsider, secrets } = await twoHouseholds();
    const own = await createEvent(outsider, { title: 'Own event' });
    for (const url of [
      '/api/calendar',
      `/api/calendar?from=${WIDE_FROM}&to=${WIDE_TO}`,
      '/api/calendar?from=2026-03-12T00:00:00Z&to=2026-03-13T00:00:00Z',
    ]) {
      const response = await outsider.client.get(url);
      expect(response.statusCode).toBe(200);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
    }
    expect(await everything(outsider)).toEqual([own]);
    const { body, vevents } = await parsedFeed(await feedPath(outsider));
    expect(vevents.map(uidOf)).toEqual([`event-${own.id}@hearth`]);
    for (const secret of secrets) expect(body).not.toContain(secret);
    // And the owner's feed holds nothing of the outsider's.
    const ownerFeed = await fetchFeed(await feedPath(home.admin));
    expect(ownerFeed.body).not.toContain(own.id);
    expect(ownerFeed.body).not.toContain('Own event');
  });

  it('cannot invite members of another household, nor be invited by one (400)', async () => {
    const { home, outsider, event, ownerView } = await twoHouseholds();
    const inward = await outsider.client.post('/api/calendar', {
      title: 'Spy',
      startDate: '2026-03-12T09:00:00Z',
      attendees: [home.admin.user.id],
    });
    expect(inward.statusCode).toBe(400);
    expect(await everything(outsider)).toEqual([]);
    const before = await ownerView();
    const outward = await home.admin.client.patch(`/api/calendar-events/${event.id}`, {
      attendees: [outsider.user.id],
    });
    expect(outward.statusCode).toBe(400);
    expect(await ownerView()).toEqual(before);
  });

  it("a former member's account cannot reach the household's events after leaving", async () => {
    const { home, event, ownerView } = await twoHouseholds();
    const jay = home.others[0]!;
    expect((await jay.client.post('/api/households/leave')).statusCode).toBe(204);
    const before = await ownerView();
    expect((await jay.client.get('/api/calendar')).statusCode).toBe(404);
    expect((await jay.client.patch(`/api/calendar-events/${event.id}`, { title: 'X' })).statusCode).toBe(404);
    expect((await jay.client.delete(`/api/calendar-events/${event.id}`)).statusCode).toBe(404);
    expect(await ownerView()).toEqual(before);
  });
});

describe('moving a series keeps its deleted occurrences deleted', () => {
  it('follows each deleted occurrence to its new time', async () => {
    const app = await createTestApp();
    try {
      const { client } = await signUp(app.app);
      await client.post('/api/households', { name: 'Movers' });
      const created = (
        await client.post('/api/calendar', {
          title: 'Standup',
          startDate: '2026-06-01T09:00:00.000Z',
          endDate: '2026-06-01T09:30:00.000Z',
          recurrence: 'weekly',
        })
      ).json();
      expect(
        (await client.delete(`/api/calendar-events/${created.id}?occurrence=2026-06-08T09:00:00.000Z`))
          .statusCode,
      ).toBe(204);
      const moved = await client.patch(`/api/calendar-events/${created.id}`, {
        startDate: '2026-06-01T10:00:00.000Z',
        endDate: '2026-06-01T10:30:00.000Z',
      });
      expect(moved.statusCode).toBe(200);
      const starts = (
        await client.get('/api/calendar?from=2026-06-01T00:00:00.000Z&to=2026-06-20T00:00:00.000Z')
      )
        .json()
        .map((e: { startDate: string }) => e.startDate);
      expect(starts).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-15T10:00:00.000Z']);
    } finally {
      await app.close();
    }
  });
});
