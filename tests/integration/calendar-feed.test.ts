// The household calendar through the API: each member's secret iCalendar feed.

import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  createEvent,
  type EventView,
  feedPath,
  iso,
  listEvents,
  type Person,
  setUpCalendarApp,
  uidOf,
} from './calendar-setup.ts';
import { Client, signUp } from './helpers.ts';

const t = setUpCalendarApp();
const { householdWith, fetchFeed, parsedFeed } = t;

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
