import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '#server/db/dialect.ts';
import { MAX_OCCURRENCES_PER_READ } from '#shared/calendar/schemas.ts';
import { CAPS } from '#shared/caps.ts';
import { latestDate } from '#shared/time/window.ts';
import { createTestApp, signUp, type TestApp } from './helpers.ts';

// Every date the API takes lies between 2000-01-01 and ten years from today, and every list a
// household or a person can grow has a cap; past either, a clear 4xx and nothing changes.

let t: TestApp;
type Person = Awaited<ReturnType<typeof signUp>>;
let ada: Person;
let householdId: string;
let photo: string;

beforeAll(async () => {
  t = await createTestApp();
  ada = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
  const created = await ada.client.post('/api/households', { name: 'Bounds' });
  expect(created.statusCode, created.body).toBe(201);
  householdId = created.json().id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  photo = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(async () => {
  await t.close();
});

const tooLate = () => {
  const d = new Date(`${latestDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

const expense = (fields: Record<string, unknown>) => ({
  expense: { title: 'Rent', amount: '30.00', paidBy: ada.user.id, ...fields },
  splits: [{ userId: ada.user.id, amount: '30.00' }],
});

async function counts() {
  const count = async (table: 'expenses' | 'chores' | 'calendar_events' | 'listings') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    expenses: await count('expenses'),
    chores: await count('chores'),
    events: await count('calendar_events'),
    listings: await count('listings'),
  };
}

describe('dates outside the window', () => {
  const between = (field: string) =>
    new RegExp(`^${field} must be between 2000-01-01 and \\d{4}-\\d{2}-\\d{2}$`);

  it('refuses a recurring expense dated in the distant past, a year typo and a far end date, naming the field', async () => {
    const before = await counts();
    for (const [fields, field] of [
      [{ date: '1900-01-01', isRecurring: true, recurringInterval: 'weekly' }, 'date'],
      [{ date: '1800-01-01', isRecurring: true, recurringInterval: 'weekly' }, 'date'],
      [{ date: '0000-01-01' }, 'date'],
      [{ date: '0202-11-26', isRecurring: true }, 'date'],
      [{ date: tooLate() }, 'date'],
      [{ date: '2026-01-01', isRecurring: true, recurringEndDate: '9999-12-31' }, 'recurringEndDate'],
    ] as const) {
      const response = await ada.client.post('/api/expenses', expense(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toMatch(between(field));
    }
    expect(await counts()).toEqual(before);
    const ok = await ada.client.post('/api/expenses', expense({ date: '2000-01-01' }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses chores, events, listings and away dates outside it', async () => {
    const before = await counts();
    const cases: [Promise<{ statusCode: number; json: () => { message: string } }>, string][] = [
      [
        ada.client.post('/api/chores', {
          title: 'Bins',
          assignedTo: ada.user.id,
          dueDate: '0202-01-01T10:00:00Z',
        }),
        'dueDate',
      ],
      [
        ada.client.post('/api/calendar', {
          title: 'Party',
          startDate: '0001-01-01T00:00:00Z',
          recurrence: 'daily',
        }),
        'startDate',
      ],
      [
        ada.client.post('/api/calendar', {
          title: 'Party',
          startDate: '2026-01-01T00:00:00Z',
          endDate: '5000-01-01T00:00:00Z',
        }),
        'endDate',
      ],
      [
        ada.client.post('/api/roommate-listings', {
          title: 'Room',
          rent: 500,
          location: '1 Main St',
          city: 'Leeds',
          country: 'GB',
          postcode: 'LS1 1UR',
          images: [photo],
          availableFrom: '1970-01-01',
        }),
        'availableFrom',
      ],
      [
        ada.client.patch('/api/households/current/members/me', {
          awayFrom: '2026-01-01',
          awayUntil: '9999-01-01',
        }),
        'awayUntil',
      ],
      [ada.client.get('/api/chores?status=done&before=0001-01-01T00:00:00Z'), 'before'],
      [ada.client.get('/api/roommate-listings?availableBy=0001-01-01'), 'availableBy'],
    ];
    for (const [pending, field] of cases) {
      const response = await pending;
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toMatch(between(field));
    }
    expect(await counts()).toEqual(before);
  });
});

describe('caps on what a household or a person can grow', () => {
  it(`answers 409 past ${CAPS.eventsPerHousehold.max} events in a household and adds nothing`, async () => {
    const first = await ada.client.post('/api/calendar', {
      title: 'Dinner',
      startDate: '2026-12-01T18:00:00Z',
    });
    expect(first.statusCode, first.body).toBe(201);
    const row = await t.database.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('id', '=', first.json().id)
      .executeTakeFirstOrThrow();
    // Filling up to the cap through the API would take minutes; the rows are copies of a real one.
    for (let n = 1; n < CAPS.eventsPerHousehold.max; n += 500) {
      const batch = Array.from({ length: Math.min(500, CAPS.eventsPerHousehold.max - n) }, () => ({
        ...row,
        all_day: Boolean(row.all_day),
        id: randomUUID(),
      }));
      await t.database.db.insertInto('calendar_events').values(batch).execute();
    }
    const over = await ada.client.post('/api/calendar', {
      title: 'One more',
      startDate: '2026-12-02T18:00:00Z',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: 'A household can keep at most 5,000 calendar events; delete some past ones first',
      code: CAPS.eventsPerHousehold.code,
      params: { max: 5000 },
    });
    expect((await counts()).events).toBe(CAPS.eventsPerHousehold.max);

    await t.database.db.deleteFrom('calendar_events').where('household_id', '=', householdId).execute();
    const again = await ada.client.post('/api/calendar', {
      title: 'Room again',
      startDate: '2026-12-02T18:00:00Z',
    });
    expect(again.statusCode).toBe(201);
  });

  it(`keeps at most ${CAPS.recurringEventsPerHousehold.max} repeating events, ${CAPS.skippedOccurrencesPerEvent.max} skipped dates each, and answers ${MAX_OCCURRENCES_PER_READ} occurrences a read`, async () => {
    const daily = await ada.client.post('/api/calendar', {
      title: 'Stand-up',
      startDate: '2000-01-01T09:00:00Z',
      endDate: '2000-01-01T09:15:00Z',
      recurrence: 'daily',
    });
    expect(daily.statusCode, daily.body).toBe(201);
    const row = await t.database.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('id', '=', daily.json().id)
      .executeTakeFirstOrThrow();
    // JSON columns come back parsed from PostgreSQL: written as JSON text again, not as pg arrays.
    const copies = Array.from({ length: CAPS.recurringEventsPerHousehold.max - 1 }, () => ({
      ...row,
      all_day: Boolean(row.all_day),
      attendees: JSON.stringify(readJson(row.attendees)),
      exceptions: JSON.stringify(readJson(row.exceptions)),
      id: randomUUID(),
    }));
    await t.database.db.insertInto('calendar_events').values(copies).execute();

    const repeating = await ada.client.post('/api/calendar', {
      title: 'Yoga',
      startDate: '2026-12-01T18:00:00Z',
      recurrence: 'weekly',
    });
    expect(repeating.statusCode).toBe(409);
    expect(repeating.json()).toEqual({
      message: 'A household can keep at most 100 repeating events; delete or end some first',
      code: CAPS.recurringEventsPerHousehold.code,
      params: { max: 100 },
    });
    const once = await ada.client.post('/api/calendar', { title: 'Once', startDate: '2026-12-01T18:00:00Z' });
    expect(once.statusCode).toBe(201);
    const made = await ada.client.patch(`/api/calendar-events/${once.json().id}`, { recurrence: 'weekly' });
    expect(made.statusCode).toBe(409);

    // A year of a hundred daily series: the earliest occurrences, up to the limit, in order.
    const from = '2026-01-01T00:00:00.000Z';
    const read = await ada.client.get(`/api/calendar?from=${from}&to=2026-12-31T00:00:00.000Z`);
    expect(read.statusCode).toBe(200);
    const starts = (read.json() as { startDate: string }[]).map((o) => o.startDate);
    expect(starts).toHaveLength(MAX_OCCURRENCES_PER_READ);
    expect(starts[0]).toBe('2026-01-01T09:00:00.000Z');
    expect([...starts].sort()).toEqual(starts);

    const skipped = Array.from(
      { length: CAPS.skippedOccurrencesPerEvent.max },
      (_, i) => Date.parse('2001-01-01T09:00:00Z') + i * 86_400_000,
    );
    await t.database.db
      .updateTable('calendar_events')
      .set({ exceptions: JSON.stringify(skipped) })
      .where('id', '=', row.id)
      .execute();
    const skip = await ada.client.delete(
      `/api/calendar-events/${row.id}?occurrence=${encodeURIComponent('2026-12-01T09:00:00.000Z')}`,
    );
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({
      message: 'A repeating event can skip at most 1,000 of its dates; change or delete the series instead',
      code: CAPS.skippedOccurrencesPerEvent.code,
      params: { max: 1000 },
    });
    const after = await t.database.db
      .selectFrom('calendar_events')
      .select('exceptions')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(readJson(after.exceptions)).toHaveLength(CAPS.skippedOccurrencesPerEvent.max);
    await t.database.db.deleteFrom('calendar_events').where('household_id', '=', householdId).execute();
  });

  it(`answers 409 past ${CAPS.openChoresPerHousehold.max} open chores, also when reopening a done one`, async () => {
    const chore = async (title: string) =>
      ada.client.post('/api/chores', { title, assignedTo: ada.user.id, dueDate: '2026-12-01T10:00:00Z' });
    const done = await chore('Done already');
    expect(done.statusCode, done.body).toBe(201);
    expect((await ada.client.patch(`/api/chores/${done.json().id}`, { status: 'done' })).statusCode).toBe(
      200,
    );
    const open = await chore('Open');
    const row = await t.database.db
      .selectFrom('chores')
      .selectAll()
      .where('id', '=', open.json().id)
      .executeTakeFirstOrThrow();
    for (let n = 1; n < CAPS.openChoresPerHousehold.max; n += 500) {
      const batch = Array.from({ length: Math.min(500, CAPS.openChoresPerHousehold.max - n) }, () => {
        const id = randomUUID();
        return { ...row, on_time: row.on_time === null ? null : Boolean(row.on_time), id, series_id: id };
      });
      await t.database.db.insertInto('chores').values(batch).execute();
    }
    const before = await counts();
    const over = await chore('One more');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: 'A household can have at most 200 open chores; finish or delete some first',
      code: CAPS.openChoresPerHousehold.code,
      params: { max: 200 },
    });
    const reopen = await ada.client.patch(`/api/chores/${done.json().id}`, { status: 'todo' });
    expect(reopen.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    const still = await t.database.db
      .selectFrom('chores')
      .select('status')
      .where('id', '=', done.json().id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('done');

    // Finishing one makes room again.
    expect((await ada.client.patch(`/api/chores/${open.json().id}`, { status: 'done' })).statusCode).toBe(
      200,
    );
    expect((await chore('Room again')).statusCode).toBe(201);
  });

  it(`answers 409 past ${CAPS.activeListingsPerUser.max} active listings per person; closing one makes room`, async () => {
    const post = () =>
      ada.client.post('/api/roommate-listings', {
        title: 'Room',
        rent: 500,
        location: '1 Main St',
        city: 'Leeds',
        country: 'GB',
        postcode: 'LS1 1UR',
        images: [photo],
      });
    const ids: string[] = [];
    for (let n = 0; n < CAPS.activeListingsPerUser.max; n++) {
      const response = await post();
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
    }
    const before = await counts();
    const over = await post();
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: 'You can have at most 20 active listings; close one first',
      code: CAPS.activeListingsPerUser.code,
      params: { max: 20 },
    });
    expect(await counts()).toEqual(before);

    expect(
      (await ada.client.patch(`/api/roommate-listings/${ids[0]}`, { status: 'closed' })).statusCode,
    ).toBe(200);
    expect((await post()).statusCode).toBe(201);
    const reopen = await ada.client.patch(`/api/roommate-listings/${ids[0]}`, { status: 'active' });
    expect(reopen.statusCode).toBe(409);
  });
});
