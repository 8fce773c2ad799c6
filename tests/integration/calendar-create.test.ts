// The household calendar through the API: creating an event, and its defaults.
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  type EventView,
  everything,
  iso,
  listEvents,
  NOW,
  setUpCalendarApp,
} from './calendar-setup.ts';
import { Client, signUp } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpCalendarApp();
const { householdWith } = t;

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

  it('fills in the defaults: meeting, #3B82F6, 15min, no recurrence, end one hour after start', async () => {
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
    if (typeof message === 'string') expectRefusal(response.json(), message);
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
      expect(response.json()).toEqual({
        message: 'Attendees must be members of your household',
        code: 'calendar.attendees_not_members',
      });
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
