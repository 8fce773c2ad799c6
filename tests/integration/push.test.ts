import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { runPushSweep } from '#server/features/push/worker.ts';
import { MAX_PUSH_DEVICES_PER_USER, type PushPayload } from '#shared/push/notifications.ts';
import {
  Client,
  createTestApp,
  freshDatabase,
  signUp,
  type TestApp,
  testConfig,
  testEngine,
} from './helpers.ts';
import { expectIsolated } from './isolation.ts';
import {
  type Device,
  decryptPush,
  type PushEndpoint,
  startPushEndpoint,
  verifyVapid,
} from './push-endpoint.ts';

const MINUTE = 60_000;
const START = Date.parse('2026-06-01T12:00:00.000Z');
let clock = START;
let t: TestApp;
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await startPushEndpoint();
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => {
  await t?.close();
  await endpoint?.close();
});
beforeEach(() => {
  clock = START;
});

const sweep = (at = clock, db = t.database.db) =>
  runPushSweep({ db, config: testConfig(), now: at, agent: endpoint.agent });

type Person = Awaited<ReturnType<typeof signUp>> & { device: Device };

/** A household of Ada (admin), Bea and Cy, each with one subscribed browser. */
async function household(app = t.app) {
  const people: Person[] = [];
  for (const [firstName, lastName] of [
    ['Ada', 'Lovelace'],
    ['Bea', 'Brown'],
    ['Cy', 'Cole'],
  ] as const) {
    const person = await signUp(app, { firstName, lastName });
    people.push({ ...person, device: await subscribe(person.client, firstName) });
  }
  const [ada, bea, cy] = people as [Person, Person, Person];
  const home = (await ada.client.post('/api/households', { name: 'Oak House' })).json();
  for (const member of [bea, cy]) {
    expect(
      (await member.client.post('/api/households/join', { inviteCode: home.inviteCode })).statusCode,
    ).toBe(200);
  }
  return { ada, bea, cy, home: home as { id: string; inviteCode: string } };
}

async function subscribe(client: Client, name: string): Promise<Device> {
  const device = endpoint.device(name);
  const response = await client.post('/api/push/subscribe', device.subscription);
  expect(response.statusCode, response.body).toBe(201);
  return device;
}

/** The payloads (of one type) delivered to a device, decrypted, after checking VAPID and headers. */
function delivered(device: Device, type?: PushPayload['type']): PushPayload[] {
  const path = new URL(device.endpoint).pathname;
  const all = endpoint.received
    .filter((r) => r.path === path && r.status === 201)
    .map((r) => {
      verifyVapid(r.headers.authorization, endpoint.origin);
      expect(r.headers['content-encoding']).toBe('aes128gcm');
      expect(r.headers.ttl).toBe('86400');
      return JSON.parse(decryptPush(device, r.body)) as PushPayload;
    });
  return type ? all.filter((p) => p.type === type) : all;
}

async function settings(person: Person, changes: Record<string, unknown>) {
  const current = (await person.client.get('/api/notification-settings')).json();
  const response = await person.client.request({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...current, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createChore(by: Person, fields: Record<string, unknown>) {
  const response = await by.client.post('/api/chores', {
    title: 'Dishes',
    assignedTo: by.user.id,
    dueDate: new Date(clock + 3 * 60 * MINUTE).toISOString(),
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** An expense `by` paid, split equally among `among`, each owing `share`. */
async function addExpense(by: Person, among: Person[], title: string, amount: string, share: string) {
  const response = await by.client.post('/api/expenses', {
    expense: {
      title,
      amount,
      category: 'groceries',
      splitType: 'equal',
      paidBy: by.user.id,
      isRecurring: false,
    },
    splits: among.map((p) => ({ userId: p.user.id, amount: share })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; splits: { id: string; userId: string }[] };
}

/**
 * Waits until no send is in flight: the fake clock jumps minutes at once, which real time never
 * does while a send holds its claim.
 */
async function idle(db = t.database.db) {
  for (let i = 0; i < 200; i++) {
    const claimed = await db
      .selectFrom('push_outbox')
      .select('id')
      .where('claimed_until', 'is not', null)
      .execute();
    if (claimed.length === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('a send stayed in flight');
}

async function waitFor(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('authorisation', () => {
  it('answers 401 to every push route when signed out', async () => {
    const anonymous = new Client(t.app);
    const calls = [
      anonymous.get('/api/push/public-key'),
      anonymous.post('/api/push/subscribe', endpoint.device('anon').subscription),
      anonymous.post('/api/push/unsubscribe', { endpoint: `${endpoint.origin}/push/x` }),
      anonymous.post('/api/push/test'),
      anonymous.get('/api/notification-settings'),
      anonymous.request({ method: 'PUT', url: '/api/notification-settings', payload: {} }),
      anonymous.post('/api/chores/some-id/snooze'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('snooze: 404 for a chore of another household, which stays as it was', async () => {
    const { ada, home } = await household();
    const chore = await createChore(ada, { reminder: '15min' });
    const outsider = await signUp(t.app, { firstName: 'Oz' });
    await outsider.client.post('/api/households', { name: 'Elsewhere' });
    await expectIsolated({
      outsider: outsider.client,
      call: (client) => client.post(`/api/chores/${chore.id}/snooze`),
      ownerView: async () =>
        t.database.db
          .selectFrom('chores')
          .select('remind_again_at')
          .where('id', '=', chore.id)
          .executeTakeFirst(),
      secrets: [chore.id, home.id, 'Dishes'],
    });
  });
});

describe('keys, subscriptions and settings', () => {
  it('serves one VAPID public key, kept in the database and used to sign', async () => {
    const person = await signUp(t.app);
    const first = (await person.client.get('/api/push/public-key')).json().publicKey as string;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    expect((await person.client.get('/api/push/public-key')).json().publicKey).toBe(first);
    const device = await subscribe(person.client, 'keycheck');
    expect((await person.client.post('/api/push/test')).json()).toEqual({ sent: 1 });
    await sweep();
    const path = new URL(device.endpoint).pathname;
    const request = endpoint.received.find((r) => r.path === path)!;
    expect(verifyVapid(request.headers.authorization, endpoint.origin)).toMatchObject({
      key: first,
      sub: 'mailto:admin@localhost',
    });
    expect(request.headers.urgency).toBe('normal');
    expect(delivered(device)).toEqual([
      { title: 'Hearth', body: 'Notifications work on this device.', type: 'test', tag: 'test', url: '/' },
    ]);
  });

  it('refuses malformed subscriptions with 400', async () => {
    const { client } = await signUp(t.app);
    const good = endpoint.device('bad').subscription;
    const bad = [
      { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(33).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } },
      { ...good, keys: { ...good.keys, auth: 'not base64url!' } },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const response = await client.post('/api/push/subscribe', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('moves a browser to whoever subscribes it last; unsubscribe removes only one’s own', async () => {
    const ann = await signUp(t.app);
    const ben = await signUp(t.app);
    const device = await subscribe(ann.client, 'shared');
    const again = await ben.client.post('/api/push/subscribe', device.subscription);
    expect(again.statusCode).toBe(201);
    expect((await ann.client.post('/api/push/test')).statusCode).toBe(404);
    expect((await ann.client.post('/api/push/test')).json()).toEqual({
      message: 'No push subscription for this user',
      code: 'push.no_subscription',
    });
    // Ann cannot remove Ben's device.
    expect((await ann.client.post('/api/push/unsubscribe', { endpoint: device.endpoint })).statusCode).toBe(
      204,
    );
    expect((await ben.client.post('/api/push/test')).json()).toEqual({ sent: 1 });
    expect((await ben.client.post('/api/push/unsubscribe', { endpoint: device.endpoint })).statusCode).toBe(
      204,
    );
    expect((await ben.client.post('/api/push/test')).statusCode).toBe(404);
  });

  it('refuses to move a browser to another account that lacks its keys (409), changing nothing', async () => {
    const ann = await signUp(t.app);
    const mallory = await signUp(t.app);
    const device = await subscribe(ann.client, 'taken');
    const impostor = endpoint.device('impostor');
    for (const keys of [
      impostor.subscription.keys,
      { ...device.subscription.keys, auth: impostor.subscription.keys.auth },
      { ...device.subscription.keys, p256dh: impostor.subscription.keys.p256dh },
    ]) {
      const response = await mallory.client.post('/api/push/subscribe', { ...device.subscription, keys });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'This push endpoint belongs to another account',
        code: 'push.endpoint_taken',
      });
    }
    expect((await mallory.client.post('/api/push/test')).statusCode).toBe(404);
    // Still Ann's, with her keys: her test push arrives and decrypts with them.
    expect((await ann.client.post('/api/push/test')).json()).toEqual({ sent: 1 });
    await sweep();
    expect(delivered(device, 'test')).toHaveLength(1);
    // Her own browser may change its keys.
    const renewed = endpoint.device('renewed');
    const again = await ann.client.post('/api/push/subscribe', {
      ...device.subscription,
      keys: renewed.subscription.keys,
    });
    expect(again.statusCode).toBe(201);
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select(['user_id', 'p256dh', 'auth'])
        .where('endpoint', '=', device.endpoint)
        .execute(),
    ).toEqual([{ user_id: ann.user.id, ...renewed.subscription.keys }]);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES_PER_USER} browsers per user, forgetting the oldest`, async () => {
    const { client, user } = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await subscribe(other.client, 'bystander');
    const devices: Device[] = [];
    for (let i = 0; i <= MAX_PUSH_DEVICES_PER_USER; i++) {
      clock += 1000;
      devices.push(await subscribe(client, `many-${i}`));
    }
    const kept = async () =>
      (
        await t.database.db
          .selectFrom('push_subscriptions')
          .select('endpoint')
          .where('user_id', '=', user.id)
          .orderBy('created_at')
          .execute()
      ).map((r) => r.endpoint);
    const newest = devices.slice(1).map((d) => d.endpoint);
    expect(await kept()).toEqual(newest);
    // Saving a kept browser again forgets nothing.
    clock += 1000;
    expect((await client.post('/api/push/subscribe', devices[5]!.subscription)).statusCode).toBe(201);
    expect(await kept()).toEqual(newest);
    expect((await client.post('/api/push/test')).json()).toEqual({ sent: MAX_PUSH_DEVICES_PER_USER });
    expect((await other.client.post('/api/push/test')).json()).toEqual({ sent: 1 });
    await sweep();
    expect(delivered(devices[0]!)).toEqual([]);
    for (const device of [...devices.slice(1), theirs]) expect(delivered(device, 'test')).toHaveLength(1);
  });

  it('keeps settings per user, with defaults, and refuses bad ones', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/notification-settings')).json()).toEqual({
      enabled: true,
      types: { message: true, chore: true, expense: true, calendar: true, household: true },
      quietHours: null,
      timeZone: 'UTC',
      email: { chore: false, rent: false, expense: false, summary: false },
      undeliverable: null,
    });
    const wanted = {
      enabled: true,
      types: { message: false, chore: true, expense: true, calendar: false, household: true },
      quietHours: { start: '22:30', end: '06:45' },
      timeZone: 'Europe/Berlin',
      email: { chore: true, rent: false, expense: true, summary: false },
    };
    const put = (payload: unknown) =>
      client.request({ method: 'PUT', url: '/api/notification-settings', payload: payload as object });
    expect((await put(wanted)).json()).toEqual({ ...wanted, undeliverable: null });
    expect((await client.get('/api/notification-settings')).json()).toEqual({
      ...wanted,
      undeliverable: null,
    });
    // A client that knows nothing of e-mail (an older app) leaves the e-mail switches as they are.
    const { email: _kept, ...pushOnly } = wanted;
    expect((await put(pushOnly)).json()).toEqual({ ...wanted, undeliverable: null });
    for (const bad of [
      { ...wanted, quietHours: { start: '7pm', end: '06:45' } },
      { ...wanted, timeZone: 'Nowhere/Else' },
      { ...wanted, types: { message: true } },
      { ...wanted, email: { chore: 'yes', rent: false, expense: false, summary: false } },
      { ...wanted, email: { chore: true } },
    ]) {
      const response = await put(bad);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await client.get('/api/notification-settings')).json()).toEqual({
      ...wanted,
      undeliverable: null,
    });
  });
});

describe('who gets what', () => {
  it('a chat message: every other member, not the author', async () => {
    const { ada, bea, cy, home } = await household();
    const text = `Pizza tonight? ${'x'.repeat(150)}`;
    expect((await bea.client.post('/api/messages', { content: text })).statusCode).toBe(201);
    await sweep();
    const expected = {
      title: 'Oak House',
      body: `Bea B.: ${text.slice(0, 99)}…`,
      type: 'message',
      tag: `message-${home.id}`,
      url: '/messages',
    };
    expect(delivered(ada.device, 'message')).toEqual([expected]);
    expect(delivered(cy.device, 'message')).toEqual([expected]);
    expect(delivered(bea.device, 'message')).toEqual([]);
  });

  it('a chore assigned or reassigned by someone else; not one’s own assignment', async () => {
    const { ada, bea, cy } = await household();
    await createChore(ada, { title: 'Mine' });
    const chore = await createChore(ada, { title: 'Bins', assignedTo: bea.user.id });
    await sweep();
    expect(delivered(ada.device, 'chore')).toEqual([]);
    expect(delivered(bea.device, 'chore')).toEqual([
      {
        title: 'New chore for you',
        body: 'Ada L. assigned you “Bins”',
        type: 'chore',
        tag: `chore-${chore.id}`,
        url: '/chores',
        data: { choreId: chore.id },
      },
    ]);
    expect((await bea.client.patch(`/api/chores/${chore.id}`, { assignedTo: cy.user.id })).statusCode).toBe(
      200,
    );
    await sweep();
    expect(delivered(cy.device, 'chore').map((p) => p.body)).toEqual(['Bea B. assigned you “Bins”']);
  });

  it('an expense: each member who owes, with a settle action; not the payer', async () => {
    const { ada, bea, cy } = await household();
    const expense = await addExpense(ada, [ada, bea, cy], 'Groceries', '30.00', '10.00');
    await sweep();
    expect(delivered(ada.device, 'expense')).toEqual([]);
    for (const person of [bea, cy]) {
      const split = expense.splits.find((s) => s.userId === person.user.id)!;
      expect(delivered(person.device, 'expense')).toEqual([
        {
          title: 'You owe Ada L. $10.00',
          body: 'Groceries · $30.00 in all',
          type: 'expense',
          tag: `expense-${expense.id}`,
          url: '/expenses',
          actions: [{ action: 'settle', title: 'Settle' }],
          data: { splitId: split.id },
        },
      ]);
    }
  });

  it('an expense: not to a member who switched expense pushes off', async () => {
    const { ada, bea, cy } = await household();
    await settings(cy, {
      types: { message: true, chore: true, expense: false, calendar: true, household: true },
    });
    await addExpense(ada, [ada, bea, cy], 'Milk', '3.00', '1.00');
    await sweep();
    expect(delivered(bea.device, 'expense').map((p) => p.title)).toEqual(['You owe Ada L. $1.00']);
    expect(delivered(cy.device, 'expense')).toEqual([]);
  });

  it('members joining and being removed: the others, not the one who acted', async () => {
    const { ada, bea, cy, home } = await household();
    // Joining: Ada and Bea heard about Cy (and Ada about Bea), nobody about themselves.
    await sweep();
    expect(delivered(ada.device).map((p) => p.body)).toEqual([
      'Bea B. joined the household',
      'Cy C. joined the household',
    ]);
    expect(delivered(bea.device).map((p) => p.body)).toEqual(['Cy C. joined the household']);
    expect(delivered(cy.device)).toEqual([]);
    expect(delivered(bea.device)[0]).toMatchObject({
      type: 'household',
      title: 'Oak House',
      tag: `household-${home.id}`,
      url: '/',
    });
    expect((await ada.client.delete(`/api/households/members/${cy.user.id}`)).statusCode).toBe(200);
    await sweep();
    expect(
      delivered(bea.device)
        .map((p) => p.body)
        .at(-1),
    ).toBe('Cy C. was removed from the household');
    expect(delivered(ada.device)).toHaveLength(2);
    expect(delivered(cy.device)).toEqual([]);
  });
});

describe('reminders', () => {
  it('a chore: at its reminder offset with done/snooze actions, then once overdue; each once', async () => {
    const { ada, bea } = await household();
    const due = START + 60 * MINUTE;
    const chore = await createChore(ada, {
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '15min',
    });
    await sweep();
    const before = delivered(bea.device).length; // the assignment
    await sweep(due - 16 * MINUTE);
    expect(delivered(bea.device)).toHaveLength(before);
    await sweep(due - 15 * MINUTE);
    await sweep(due - 10 * MINUTE);
    const reminders = delivered(bea.device).slice(before);
    expect(reminders).toEqual([
      {
        title: 'Chore reminder',
        body: 'Due in 15 min: Dishes',
        type: 'chore',
        tag: `chore-${chore.id}`,
        url: '/chores',
        actions: [
          { action: 'done', title: 'Mark done' },
          { action: 'snooze', title: 'Snooze 1 h' },
        ],
        data: { choreId: chore.id },
      },
    ]);
    const path = new URL(bea.device.endpoint).pathname;
    expect(endpoint.received.filter((r) => r.path === path).at(-1)!.headers.urgency).toBe('high');
    await sweep(due + MINUTE);
    await sweep(due + 2 * MINUTE);
    expect(delivered(bea.device).slice(before + 1)).toEqual([
      { ...reminders[0], title: 'Chore overdue', body: 'Overdue: Dishes' },
    ]);
    expect(delivered(ada.device).filter((p) => p.type === 'chore')).toEqual([]);
  });

  it('snooze sends the reminder again an hour later', async () => {
    const { ada, bea } = await household();
    const due = START + 3 * 60 * MINUTE;
    const chore = await createChore(ada, {
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: 'none',
    });
    await sweep();
    const before = delivered(bea.device).length;
    const response = await bea.client.post(`/api/chores/${chore.id}/snooze`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ remindAt: new Date(START + 60 * MINUTE).toISOString() });
    await sweep(START + 59 * MINUTE);
    expect(delivered(bea.device)).toHaveLength(before);
    await sweep(START + 60 * MINUTE);
    await sweep(START + 61 * MINUTE);
    expect(
      delivered(bea.device)
        .slice(before)
        .map((p) => [p.title, p.body]),
    ).toEqual([['Chore reminder', 'Due in 2 hours: Dishes']]);
  });

  it('an event: each occurrence, to its attendees (the creator too), not to others', async () => {
    const { ada, bea, cy } = await household();
    await sweep();
    const counts = [ada, bea, cy].map((p) => delivered(p.device).length);
    const start = START + 2 * 60 * MINUTE;
    const response = await ada.client.post('/api/calendar', {
      title: 'Standup',
      startDate: new Date(start).toISOString(),
      recurrence: 'daily',
      reminder: '30min',
      attendees: [ada.user.id, bea.user.id],
    });
    expect(response.statusCode, response.body).toBe(201);
    const event = response.json() as { id: string };
    await sweep(start - 31 * MINUTE);
    await sweep(start - 30 * MINUTE);
    await sweep(start - 20 * MINUTE);
    // The next day's occurrence gets its own reminder.
    await sweep(start + 24 * 60 * MINUTE - 30 * MINUTE);
    const fresh = (p: Person, i: number) => delivered(p.device).slice(counts[i]);
    const expected = (at: number) => ({
      title: 'Event reminder',
      body: 'Standup: starts in 30 min',
      type: 'calendar',
      tag: `event-${event.id}-${at}`,
      url: '/calendar',
    });
    expect(fresh(ada, 0)).toEqual([expected(start), expected(start + 24 * 60 * MINUTE)]);
    expect(fresh(bea, 1)).toEqual([expected(start), expected(start + 24 * 60 * MINUTE)]);
    expect(fresh(cy, 2)).toEqual([]);
  });

  it('rent: the day before the due day at 09:00 in each member’s time zone', async () => {
    const { ada, bea, cy, home } = await household();
    await sweep();
    const counts = [ada, bea, cy].map((p) => delivered(p.device).length);
    expect(
      (await ada.client.patch('/api/households/current', { rentAmount: '1200.00', rentDueDay: 15 }))
        .statusCode,
    ).toBe(200);
    await settings(bea, { timeZone: 'America/New_York' });
    await settings(cy, {
      types: { message: true, chore: true, expense: false, calendar: true, household: true },
    });
    await sweep(Date.parse('2026-06-14T08:59:00Z'));
    await sweep(Date.parse('2026-06-14T09:00:00Z')); // 09:00 UTC: Ada
    expect(delivered(ada.device).slice(counts[0])).toEqual([
      {
        title: 'Rent due tomorrow',
        body: 'Oak House: $1,200.00 rent is due tomorrow',
        type: 'expense',
        tag: `rent-${home.id}-2026-06`,
        url: '/expenses',
      },
    ]);
    expect(delivered(bea.device)).toHaveLength(counts[1]!);
    await sweep(Date.parse('2026-06-14T13:00:00Z')); // 09:00 in New York: Bea
    await sweep(Date.parse('2026-06-14T20:00:00Z'));
    expect(
      delivered(bea.device)
        .slice(counts[1])
        .map((p) => p.title),
    ).toEqual(['Rent due tomorrow']);
    expect(delivered(ada.device)).toHaveLength(counts[0]! + 1);
    expect(delivered(cy.device)).toHaveLength(counts[2]!); // expense pushes off
  });
});

describe('settings and quiet hours', () => {
  it('sends nothing of a type switched off, or anything when disabled', async () => {
    const { ada, bea, cy } = await household();
    await sweep();
    const counts = [bea, cy].map((p) => delivered(p.device).length);
    await settings(bea, {
      types: { message: false, chore: true, expense: true, calendar: true, household: true },
    });
    await settings(cy, { enabled: false });
    await ada.client.post('/api/messages', { content: 'Anyone home?' });
    await createChore(ada, { assignedTo: cy.user.id });
    await sweep();
    expect(delivered(bea.device)).toHaveLength(counts[0]!);
    expect(delivered(cy.device)).toHaveLength(counts[1]!);
  });

  it('holds a push inside quiet hours that cross midnight until they end, in local time', async () => {
    const { ada, bea } = await household();
    await sweep();
    const count = delivered(bea.device).length;
    // 22:00-07:00 in Berlin (CEST, UTC+2): 23:30 local is 21:30 UTC; the window ends at 05:00 UTC.
    await settings(bea, { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Europe/Berlin' });
    clock = Date.parse('2026-06-01T21:30:00Z');
    await ada.client.post('/api/messages', { content: 'Late night thought' });
    await sweep(Date.parse('2026-06-01T21:31:00Z'));
    await sweep(Date.parse('2026-06-02T04:59:00Z'));
    expect(delivered(bea.device)).toHaveLength(count);
    await sweep(Date.parse('2026-06-02T05:00:00Z'));
    expect(
      delivered(bea.device)
        .slice(count)
        .map((p) => p.body),
    ).toEqual(['Ada L.: Late night thought']);
  });
  it('drops a held chore reminder once the chore is done before the quiet hours end', async () => {
    const { ada, bea } = await household();
    await sweep();
    await settings(bea, { quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Europe/Berlin' });
    // Due 23:00 in Berlin (21:00 UTC); the reminder falls due at 22:45, inside the quiet hours.
    const due = Date.parse('2026-06-01T21:00:00Z');
    clock = due - 2 * 60 * MINUTE;
    const chore = await createChore(ada, {
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '15min',
    });
    await sweep(due - 2 * 60 * MINUTE);
    const count = delivered(bea.device).length;
    await sweep(due - 15 * MINUTE);
    expect(delivered(bea.device)).toHaveLength(count);
    clock = due - 10 * MINUTE;
    expect((await bea.client.patch(`/api/chores/${chore.id}`, { status: 'done' })).statusCode).toBe(200);
    await sweep(Date.parse('2026-06-02T05:00:00Z'));
    expect(
      delivered(bea.device)
        .slice(count)
        .filter((p) => p.data?.choreId === chore.id),
    ).toEqual([]);
    expect(
      await t.database.db.selectFrom('push_outbox').select('id').where('user_id', '=', bea.user.id).execute(),
    ).toEqual([]);
  });
});

describe('delivery', () => {
  it('forgets a subscription the push service answers 410 for', async () => {
    const { ada, bea } = await household();
    await sweep();
    endpoint.answer(new URL(bea.device.endpoint).pathname, 410);
    await ada.client.post('/api/messages', { content: 'Still there?' });
    await sweep();
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .where('user_id', '=', bea.user.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(
      await t.database.db.selectFrom('push_outbox').where('user_id', '=', bea.user.id).selectAll().execute(),
    ).toEqual([]);
    expect((await bea.client.post('/api/push/test')).statusCode).toBe(404);
  });

  it('never connects to a private address: a device whose endpoint resolves to one is forgotten', async () => {
    const { ada, bea } = await household();
    await sweep();
    const path = new URL(bea.device.endpoint).pathname;
    const before = endpoint.received.filter((r) => r.path === path).length;
    await ada.client.post('/api/messages', { content: 'Hello from the inside' });
    // The production sender (no test agent): 127.0.0.1 is refused at connect time.
    await runPushSweep({ db: t.database.db, config: testConfig(), now: clock });
    expect(endpoint.received.filter((r) => r.path === path)).toHaveLength(before);
    expect(
      await t.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', bea.user.id)
        .execute(),
    ).toEqual([]);
  });

  it('retries a 500 with backoff and delivers once', async () => {
    const { ada, bea } = await household();
    await sweep();
    const count = delivered(bea.device).length;
    const path = new URL(bea.device.endpoint).pathname;
    endpoint.answer(path, 500, 503);
    await ada.client.post('/api/messages', { content: 'Retry me' });
    await sweep(START);
    const row = await t.database.db
      .selectFrom('push_outbox')
      .selectAll()
      .where('user_id', '=', bea.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, next_attempt_at: START + 30_000, claimed_until: null });
    await sweep(START + 29_000);
    expect(endpoint.received.filter((r) => r.path === path && r.status >= 500)).toHaveLength(1);
    await sweep(START + 30_000); // 503: the next wait doubles
    await sweep(START + 30_000 + 59_000);
    expect(delivered(bea.device)).toHaveLength(count);
    await sweep(START + 30_000 + 60_000);
    await sweep(START + 10 * 60_000);
    expect(
      delivered(bea.device)
        .slice(count)
        .map((p) => p.body),
    ).toEqual(['Ada L.: Retry me']);
    expect(
      await t.database.db.selectFrom('push_outbox').selectAll().where('user_id', '=', bea.user.id).execute(),
    ).toEqual([]);
  });

  it('sends at once when the sender runs, without waiting for a sweep', async () => {
    const database = await freshDatabase();
    const app = await buildApp(testConfig(), {
      database,
      now: () => clock,
      sweepIntervalMs: null,
      push: { intervalMs: 3_600_000, agent: endpoint.agent },
    });
    try {
      const { ada, bea } = await household(app);
      await ada.client.post('/api/messages', { content: 'Right away' });
      await waitFor(() => delivered(bea.device).some((p) => p.body === 'Ada L.: Right away'), 'the push');
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('sends a reminder that fell due while the server was down once, after the restart', async () => {
    const database = await freshDatabase();
    const options = { database, now: () => clock, sweepIntervalMs: null } as const;
    const first = await buildApp(testConfig(), options);
    const { ada, bea } = await household(first);
    const due = START + 60 * MINUTE;
    const chore = await createChore(ada, {
      assignedTo: bea.user.id,
      dueDate: new Date(due).toISOString(),
      reminder: '1hour',
    });
    await first.close();
    // Down over the reminder time; back 10 minutes before the chore is due.
    clock = due - 10 * MINUTE;
    const push = { intervalMs: 3_600_000, agent: endpoint.agent };
    const second = await buildApp(testConfig(), { ...options, push });
    try {
      await waitFor(() => delivered(bea.device).some((p) => p.title === 'Chore reminder'), 'the reminder');
      await idle(database.db);
      await sweep(clock, database.db);
      await sweep(clock + MINUTE, database.db);
      expect(delivered(bea.device).filter((p) => p.title === 'Chore reminder')).toEqual([
        expect.objectContaining({ body: 'Due in 10 min: Dishes', data: { choreId: chore.id } }),
      ]);
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it(`two instances on one ${testEngine === 'postgres' ? 'PostgreSQL' : 'SQLite'} database send each push once`, async () => {
    const database = await freshDatabase();
    const push = { intervalMs: 3_600_000, agent: endpoint.agent };
    const apps = await Promise.all(
      [1, 2].map(() => buildApp(testConfig(), { database, now: () => clock, sweepIntervalMs: null, push })),
    );
    try {
      const { ada, bea } = await household(apps[0]);
      const due = START + 60 * MINUTE;
      await createChore(ada, {
        assignedTo: bea.user.id,
        dueDate: new Date(due).toISOString(),
        reminder: '15min',
      });
      // Each instance's sender wakes on a push queued by either, while sweeps run beside them.
      await Promise.all([
        ...[0, 1, 2, 3, 4].map((i) => ada.client.post('/api/messages', { content: `Message ${i}` })),
        ...[1, 2, 3].map(() => sweep(clock, database.db)),
      ]);
      await waitFor(() => delivered(bea.device, 'message').length >= 5, 'the messages');
      await idle(database.db);
      // Sweeps at the same moment find the due reminder; one of them claims it.
      clock = due - 15 * MINUTE;
      await Promise.all([1, 2, 3, 4].map(() => sweep(clock, database.db)));
      await idle(database.db);
      await Promise.all([1, 2].map(() => sweep(due - 14 * MINUTE, database.db)));
      const got = delivered(bea.device);
      expect(got.filter((p) => p.title === 'Chore reminder')).toHaveLength(1);
      expect(
        got
          .filter((p) => p.type === 'message')
          .map((p) => p.body)
          .sort(),
      ).toEqual([0, 1, 2, 3, 4].map((i) => `Ada L.: Message ${i}`));
      expect(await database.db.selectFrom('push_keys').selectAll().execute()).toHaveLength(1);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await database.drop();
    }
  });
});
