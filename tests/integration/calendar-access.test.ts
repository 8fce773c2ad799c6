// The household calendar through the API: another household's events.
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  everything,
  feedPath,
  setUpCalendarApp,
  uidOf,
  WIDE_FROM,
  WIDE_TO,
} from './calendar-setup.ts';
import type { Client } from './helpers.ts';
import { expectIsolated } from './isolation.ts';

const t = setUpCalendarApp();
const { householdWith, fetchFeed, parsedFeed } = t;

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
