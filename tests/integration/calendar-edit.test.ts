// The household calendar through the API: editing and deleting events and occurrences.
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
import { Client, createTestApp, signUp } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

const t = setUpCalendarApp();
const { householdWith } = t;

const HOUR = 3_600_000;

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
    t.clock = NOW + HOUR;
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
      if (typeof message === 'string') expectRefusal(response.json(), message);
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
    t.clock = NOW + HOUR;
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
