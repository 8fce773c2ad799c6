import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, signUp, type TestApp } from './helpers.ts';

const TOO_WIDE = {
  message: 'to must be at most 366 days after from',
  code: 'calendar.window_too_wide',
  params: { field: 'to', days: 366, other: 'from' },
};

// Recurring events that started long ago: a read costs what it returns, not the series' history,
// and no read may ask for an unbounded window (issue 24).

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Occurrence {
  id: string;
  startDate: string;
  endDate: string;
  seriesStart: string;
}

async function householdMember(): Promise<Client> {
  const { client } = await signUp(t.app);
  const created = await client.post('/api/households', { name: 'Old habits' });
  expect(created.statusCode, created.body).toBe(201);
  return client;
}

async function list(client: Client, from: number, to: number): Promise<Occurrence[]> {
  const response = await client.get(`/api/calendar?from=${iso(from)}&to=${iso(to)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Today at 00:00 UTC, and the Monday that starts this week. */
function thisWeek() {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
  return { today, monday, nextMonday: monday + 7 * DAY };
}

describe('GET /api/calendar with a daily event that started on 2000-01-01', () => {
  it("lists today's occurrence and the rest of this week's", async () => {
    const client = await householdMember();
    const created = await client.post('/api/calendar', {
      title: 'Vitamins',
      startDate: '2000-01-01T00:00:00.000Z',
      endDate: '2000-01-01T00:15:00.000Z',
      recurrence: 'daily',
      timeZone: 'UTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { today, monday, nextMonday } = thisWeek();

    const week = await list(client, monday, nextMonday);
    expect(week.map((o) => o.startDate)).toEqual([0, 1, 2, 3, 4, 5, 6].map((d) => iso(monday + d * DAY)));
    const todays = week.find((o) => o.startDate === iso(today));
    expect(todays).toMatchObject({
      id: created.json().id,
      endDate: iso(today + 15 * 60_000),
      seriesStart: '2000-01-01T00:00:00.000Z',
    });
  });

  it('lists every day of the widest window allowed, a year of it', async () => {
    const client = await householdMember();
    const created = await client.post('/api/calendar', {
      title: 'Walk the dog',
      startDate: '2000-01-01T07:00:00.000Z',
      recurrence: 'daily',
      timeZone: 'UTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { monday } = thisWeek();
    const year = await list(client, monday, monday + 366 * DAY);
    expect(year).toHaveLength(366);
    expect(year[0]!.startDate).toBe(iso(monday + 7 * 3_600_000));
    expect(year.at(-1)!.startDate).toBe(iso(monday + 365 * DAY + 7 * 3_600_000));
  });

  it('keeps a deleted occurrence deleted when the old series moves, and moves it along', async () => {
    const client = await householdMember();
    const created = await client.post('/api/calendar', {
      title: 'Stretch',
      startDate: '2000-01-01T06:00:00.000Z',
      endDate: '2000-01-01T06:30:00.000Z',
      recurrence: 'daily',
      timeZone: 'UTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as Occurrence;
    const { today, monday, nextMonday } = thisWeek();
    const deleted = await client.delete(
      `/api/calendar-events/${id}?occurrence=${iso(today + 6 * 3_600_000)}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list(client, monday, nextMonday)).map((o) => o.startDate)).not.toContain(
      iso(today + 6 * 3_600_000),
    );

    // An hour later every day: today's occurrence stays deleted, at its new time.
    const moved = await client.patch(`/api/calendar-events/${id}`, {
      startDate: '2000-01-01T07:00:00.000Z',
      endDate: '2000-01-01T07:30:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const week = (await list(client, monday, nextMonday)).map((o) => o.startDate);
    expect(week).toEqual(
      [0, 1, 2, 3, 4, 5, 6]
        .map((d) => monday + d * DAY + 7 * 3_600_000)
        .filter((start) => start !== today + 7 * 3_600_000)
        .map(iso),
    );
  });
});

describe('GET /api/calendar window cap', () => {
  it('answers 400 naming `to` for a window over 366 days, with or without an explicit from', async () => {
    const client = await householdMember();
    const { monday } = thisWeek();
    const tooWide = await client.get(
      `/api/calendar?from=${iso(monday)}&to=${iso(monday + 366 * DAY + 1000)}`,
    );
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json()).toEqual(TOO_WIDE);

    // Only `from` (or only `to`): the default other end must not open a wider window either.
    const loneFrom = await client.get('/api/calendar?from=2000-01-01T00:00:00.000Z');
    expect(loneFrom.statusCode).toBe(400);
    expect(loneFrom.json()).toEqual(TOO_WIDE);
    const loneTo = await client.get(`/api/calendar?to=${iso(monday + 2 * 366 * DAY)}`);
    expect(loneTo.statusCode).toBe(400);
    expect(loneTo.json()).toEqual(TOO_WIDE);

    const widest = await client.get(`/api/calendar?from=${iso(monday)}&to=${iso(monday + 366 * DAY)}`);
    expect(widest.statusCode, widest.body).toBe(200);
  });
});
