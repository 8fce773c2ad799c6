import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { READ_CACHE_TTL_MS } from '#server/cache/read-cache.ts';
import type { Database } from '#server/db/database.ts';
import { expenseJobs } from '#server/features/expenses/jobs.ts';
import { startScheduler } from '#server/jobs/scheduler.ts';
import {
  Client,
  createTestApp,
  freshDatabase,
  HttpClient,
  signUp,
  type TestApp,
  testConfig,
  testEngine,
} from './helpers.ts';
import { addressOf, SocketPool } from './sockets.ts';

// Issue 11: the hot household reads are cached in memory; no write may leave a stale answer.
const sockets = new SocketPool();
const NOW = Date.parse('2026-03-12T10:00:00.000Z');
const TODAY = '2026-03-12';
const READS = ['/api/chores', '/api/expenses', '/api/balance', '/api/home?tz=UTC'];

interface Person {
  name: string;
  user: { id: string; email: string };
  /** The same session, as a client of each instance. */
  on: Map<FastifyInstance, Client>;
}

/** The person's client of an instance: over real HTTP when it listens (fast-reads.ts), else inject. */
function as(person: Person, app: FastifyInstance): Client {
  let client = person.on.get(app);
  if (!client) {
    client = app.server.listening ? new HttpClient(app) : new Client(app);
    client.cookie = [...person.on.values()][0]!.cookie;
    person.on.set(app, client);
  }
  return client;
}

async function person(app: FastifyInstance, firstName: string): Promise<Person> {
  const { client, user } = await signUp(app, { firstName, lastName: 'Tester' });
  const p: Person = { name: firstName, user, on: new Map() };
  p.on.set(app, client);
  if (app.server.listening) {
    p.on.delete(app);
    p.on.set(app, Object.assign(new HttpClient(app), { cookie: client.cookie }));
  }
  return p;
}

async function get(client: Client, url: string): Promise<string> {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.body;
}

/** Every cached read of every person, as one instance answers them. */
async function snapshot(app: FastifyInstance, people: Person[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const p of people) {
    for (const url of READS) bodies.set(`${p.name} ${url}`, await get(as(p, app), url));
  }
  return bodies;
}

/** What an instance with the cache switched off (READ_CACHE=off) answers: the truth in the database. */
async function coldSnapshot(database: Database, people: Person[], now: () => number) {
  const cold = await buildApp(testConfig({ readCache: false }), { database, sweepIntervalMs: null, now });
  await cold.ready();
  try {
    return await snapshot(cold, people);
  } finally {
    await cold.close();
  }
}

const changedKeys = (before: Map<string, string>, after: Map<string, string>) =>
  [...after].filter(([key, body]) => before.get(key) !== body).map(([key]) => key);

/** Polls the reader until it answers the truth (another instance hears of writes through the bus). */
async function expectFresh(
  reader: FastifyInstance,
  people: Person[],
  truth: Map<string, string>,
  deadlineMs: number,
) {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const seen = await snapshot(reader, people);
    if (deadlineMs === 0 || Date.now() > until) {
      expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(truth));
      return;
    }
    if (changedKeys(truth, seen).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface Household {
  id: string;
  inviteCode: string;
  ann: Person;
  ben: Person;
  cat: Person;
}

async function household(app: FastifyInstance): Promise<Household> {
  const ann = await person(app, 'Ann');
  const ben = await person(app, 'Ben');
  const cat = await person(app, 'Cat');
  const created = await as(ann, app).post('/api/households', { name: 'Cache Court' });
  expect(created.statusCode, created.body).toBe(201);
  const { id, inviteCode } = created.json();
  for (const p of [ben, cat]) {
    expect((await as(p, app).post('/api/households/join', { inviteCode })).statusCode).toBe(200);
  }
  return { id, inviteCode, ann, ben, cat };
}

const expenseBody = (payer: Person, members: Person[], fields: Record<string, unknown> = {}) => ({
  expense: {
    title: 'Groceries',
    amount: '30.00',
    category: 'groceries',
    description: '',
    date: TODAY,
    splitType: 'equal',
    paidBy: payer.user.id,
    isRecurring: false,
    recurringInterval: 'monthly',
    ...fields,
  },
  splits: members.map((m) => ({ userId: m.user.id, amount: '10.00' })),
});

/**
 * Every kind of write, in order, each followed by: the reader (warmed before the write) answers
 * exactly what a cold instance answers, and the write is visible in at least one cached read.
 */
function writeCases(
  setup: () => { writer: FastifyInstance; reader: FastifyInstance; database: Database; now: () => number },
) {
  let h: Household;
  let dan: Person;
  const state: Record<string, string> = {};
  const everyone = () => [h.ann, h.ben, h.cat];

  type Write = (writer: FastifyInstance) => Promise<void>;
  /** prepare runs before the reader is warmed; invisible: the write changes none of these reads. */
  type Options = { who?: () => Person[]; prepare?: Write; invisible?: true };
  const cases: [string, Write, Options?][] = [
    [
      'create a chore',
      async (w) => {
        const response = await as(h.ann, w).post('/api/chores', {
          title: 'Dishes',
          assignedTo: h.ben.user.id,
          dueDate: '2026-03-12T18:00:00.000Z',
        });
        expect(response.statusCode, response.body).toBe(201);
        state.chore = response.json().id;
      },
    ],
    [
      'update a chore',
      async (w) => {
        const response = await as(h.ben, w).patch(`/api/chores/${state.chore}`, { title: 'Wash up' });
        expect(response.statusCode, response.body).toBe(200);
      },
    ],
    [
      'complete a chore',
      async (w) => {
        const response = await as(h.ben, w).patch(`/api/chores/${state.chore}`, { status: 'done' });
        expect(response.statusCode, response.body).toBe(200);
      },
    ],
    [
      'delete a chore',
      async (w) => {
        expect((await as(h.ann, w).delete(`/api/chores/${state.chore}`)).statusCode).toBe(204);
      },
    ],
    [
      'create an expense',
      async (w) => {
        const response = await as(h.ann, w).post('/api/expenses', expenseBody(h.ann, everyone()));
        expect(response.statusCode, response.body).toBe(201);
        const expense = response.json();
        state.expense = expense.id;
        state.benSplit = expense.splits.find((s: { userId: string }) => s.userId === h.ben.user.id).id;
      },
    ],
    [
      'settle a split',
      async (w) => {
        const response = await as(h.ann, w).patch(`/api/expense-splits/${state.benSplit}`, { settled: true });
        expect(response.statusCode, response.body).toBe(200);
      },
    ],
    [
      'settle up',
      async (w) => {
        const response = await as(h.cat, w).post('/api/settle-up', { toUserId: h.ann.user.id });
        expect(response.statusCode, response.body).toBeLessThan(300);
      },
    ],
    [
      'delete an expense',
      async (w) => {
        expect((await as(h.ben, w).delete(`/api/expenses/${state.second}`)).statusCode).toBe(204);
      },
      {
        prepare: async (w) => {
          const second = await as(h.ben, w).post('/api/expenses', expenseBody(h.ben, everyone()));
          expect(second.statusCode, second.body).toBe(201);
          state.second = second.json().id;
        },
      },
    ],
    [
      'post a message',
      async (w) => {
        const response = await as(h.ann, w).post('/api/messages', { content: 'Cache me if you can' });
        expect(response.statusCode, response.body).toBe(201);
      },
    ],
    [
      'mark messages read',
      async (w) => {
        expect((await as(h.ben, w).post('/api/messages/read')).statusCode).toBe(200);
      },
      { invisible: true },
    ],
    [
      'set away mode',
      async (w) => {
        const response = await as(h.ben, w).patch('/api/households/current/members/me', {
          awayFrom: TODAY,
          awayUntil: '2026-03-20',
        });
        expect(response.statusCode, response.body).toBe(200);
      },
      { invisible: true },
    ],
    [
      'edit the household',
      async (w) => {
        const response = await as(h.ann, w).patch('/api/households/current', { name: 'Cache Castle' });
        expect(response.statusCode, response.body).toBe(200);
      },
    ],
    [
      'edit a profile (member_updated)',
      async (w) => {
        const response = await as(h.ben, w).patch('/api/auth/user', {
          firstName: 'Benedict',
          lastName: 'Tester',
        });
        expect(response.statusCode, response.body).toBe(200);
      },
      {
        // Ben is assigned a chore, so his name shows in the chores read.
        prepare: async (w) => {
          const chore = await as(h.ann, w).post('/api/chores', {
            title: 'Bins',
            assignedTo: h.ben.user.id,
            dueDate: '2026-03-13T18:00:00.000Z',
          });
          expect(chore.statusCode).toBe(201);
        },
      },
    ],
    [
      'change a profile colour (member_updated)',
      async (w) => {
        const response = await as(h.ben, w).patch('/api/user', { profileColor: 'emerald' });
        expect(response.statusCode, response.body).toBe(200);
      },
    ],
    [
      'add a calendar event for today',
      async (w) => {
        const response = await as(h.cat, w).post('/api/calendar', {
          title: 'House meeting',
          startDate: '2026-03-12T19:00:00.000Z',
        });
        expect(response.statusCode, response.body).toBe(201);
        state.event = response.json().id;
      },
    ],
    [
      'delete the calendar event',
      async (w) => {
        expect((await as(h.cat, w).delete(`/api/calendar-events/${state.event}`)).statusCode).toBe(204);
      },
    ],
    [
      'a member joins',
      async (w) => {
        dan = await person(w, 'Dan');
        expect((await as(dan, w).post('/api/households/join', { inviteCode: h.inviteCode })).statusCode).toBe(
          200,
        );
      },
    ],
    [
      'a member leaves',
      async (w) => {
        expect((await as(dan, w).post('/api/households/leave')).statusCode).toBeLessThan(300);
      },
      { who: () => [...everyone()] },
    ],
    [
      'an admin removes a member',
      async (w) => {
        const current = (await as(h.ann, w).get('/api/households/current')).json();
        dan = await person(w, 'Dan2');
        expect(
          (await as(dan, w).post('/api/households/join', { inviteCode: current.inviteCode })).statusCode,
        ).toBe(200);
        // Dan's arrival shows in a fresh read; then he is removed and it must show again.
        await snapshot(setup().reader, [...everyone()]);
        expect((await as(h.ann, w).delete(`/api/households/members/${dan.user.id}`)).statusCode).toBe(200);
      },
    ],
  ];

  beforeAll(async () => {
    h = await household(setup().writer);
  });

  it.each(cases.map(([name, write, options]) => ({ name, write, ...options })))(
    'after "$name" the next read shows it',
    async ({ write, who, prepare, invisible }) => {
      const { writer, reader, database, now } = setup();
      const people = who?.() ?? everyone();
      if (prepare) {
        await prepare(writer);
        // Another instance hears of the preparation through the bus, a moment later.
        await expectFresh(
          reader,
          people,
          await coldSnapshot(database, people, now),
          writer === reader ? 0 : 5_000,
        );
      }
      const before = await snapshot(reader, people);
      // Warm twice: the second read of each is served from the cache.
      expect(await snapshot(reader, people)).toEqual(before);
      await write(writer);
      const truth = await coldSnapshot(database, people, now);
      if (!invisible) {
        expect(changedKeys(before, truth).length, 'the write shows in some read').toBeGreaterThan(0);
      }
      await expectFresh(reader, people, truth, writer === reader ? 0 : 5_000);
    },
  );

  it('after the recurring-expense sweep the next read shows the new expense', async () => {
    const { writer, reader, database, now } = setup();
    const people = everyone();
    const created = await as(h.ann, writer).post(
      '/api/expenses',
      expenseBody(h.ann, people, { title: 'Rent', isRecurring: true, date: '2026-02-12' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const before = await snapshot(reader, people);
    // The writing instance's scheduler, a month on: it publishes through the writer's bus.
    const later = () => NOW + 60_000;
    const scheduler = startScheduler({
      db: database.db,
      events: writer.hub,
      log: writer.log,
      now: later,
      intervalMs: 3_600_000,
      jobs: expenseJobs,
    });
    await scheduler.stop();
    const truth = await coldSnapshot(database, people, now);
    expect(changedKeys(before, truth).length, 'the sweep created an expense').toBeGreaterThan(0);
    await expectFresh(reader, people, truth, writer === reader ? 0 : 5_000);
  });
}

// inject() reaches Fastify only; over HTTP, repeated reads are answered before it (fast-reads.ts).
describe.each(['inject', 'http'])('one instance, requests by %s', (transport) => {
  let clock = NOW;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    if (transport === 'http') await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  describe('after every kind of write', () => {
    writeCases(() => ({ writer: t.app, reader: t.app, database: t.database, now: () => clock }));
  });

  it('never serves one member the per-user answer of another, nor one household another’s', async () => {
    clock = NOW;
    const h = await household(t.app);
    const other = await household(t.app);
    const paid = await as(h.ann, t.app).post('/api/expenses', expenseBody(h.ann, [h.ann, h.ben, h.cat]));
    expect(paid.statusCode).toBe(201);
    const annBalance = JSON.parse(await get(as(h.ann, t.app), '/api/balance'));
    const benBalance = JSON.parse(await get(as(h.ben, t.app), '/api/balance'));
    expect(annBalance).not.toEqual(benBalance);
    expect(annBalance).toMatchObject({ totalOwed: 20, totalOwing: 0 });
    expect(benBalance).toMatchObject({ totalOwed: 0, totalOwing: 10 });
    // Cached now; each still gets their own.
    expect(JSON.parse(await get(as(h.ben, t.app), '/api/balance'))).toEqual(benBalance);
    expect(JSON.parse(await get(as(h.ann, t.app), '/api/balance'))).toEqual(annBalance);
    const annHome = await get(as(h.ann, t.app), '/api/home?tz=UTC');
    expect(await get(as(h.ben, t.app), '/api/home?tz=UTC')).not.toBe(annHome);
    expect(await get(as(h.ann, t.app), '/api/expenses')).toContain('Groceries');
    expect(await get(as(other.ann, t.app), '/api/expenses')).toBe('[]');
    // Someone outside still learns nothing, and someone signed out gets 401, cache or not.
    const loner = await person(t.app, 'Lou');
    for (const url of READS) {
      expect((await as(loner, t.app).get(url)).statusCode).toBe(404);
      expect((await new Client(t.app).get(url)).statusCode).toBe(401);
    }
    // A member who is removed loses access at once, though their answers were cached.
    expect((await as(h.ann, t.app).delete(`/api/households/members/${h.cat.user.id}`)).statusCode).toBe(200);
    for (const url of READS) expect((await as(h.cat, t.app).get(url)).statusCode).toBe(404);
  });

  it('answers with an ETag (weak when compressed) and private, no-cache; If-None-Match gives 304 with no body', async () => {
    clock = NOW;
    const h = await household(t.app);
    for (const url of READS) {
      const first = await as(h.ann, t.app).get(url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      // Compressed bytes are another representation of the same answer (compression.ts).
      expect(etag).toMatch(first.headers['content-encoding'] ? /^W\/"[^"]+"$/ : /^"[^"]+"$/);
      const again = await as(h.ann, t.app).get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      const tag = etag.replace(/^W\//, '');
      for (const header of [`W/${tag}, "other"`, `"other", ${tag}`])
        expect((await as(h.ann, t.app).get(url, { 'if-none-match': header })).statusCode).toBe(304);
      const wrong = await as(h.ann, t.app).get(url, { 'if-none-match': '"stale"' });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toBe(first.body);
    }
    // After a write the old ETag no longer matches.
    const before = await as(h.ann, t.app).get('/api/chores');
    const created = await as(h.ben, t.app).post('/api/chores', {
      title: 'Windows',
      assignedTo: h.ben.user.id,
      dueDate: '2026-03-15T18:00:00.000Z',
    });
    expect(created.statusCode).toBe(201);
    const after = await as(h.ann, t.app).get('/api/chores', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Windows');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('the invalidation a write announces on the bus never reaches a socket', async () => {
    const h = await household(t.app);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = addressOf(t.app);
    const socket = await sockets.open(url.ws, { cookie: as(h.ann, t.app).cookie, origin: url.origin });
    try {
      await socket.connect(h.ann.user.id, h.id);
      // A write that raises no event (a language is the member's own): only the {invalidate}
      // message crosses the bus.
      expect((await as(h.ben, t.app).patch('/api/user', { language: 'de' })).statusCode).toBe(200);
      await socket.sync();
      expect(socket.unread()).toEqual([]);
      // An event still arrives as before.
      const message = await as(h.ben, t.app).post('/api/messages', { content: 'still here' });
      expect(message.statusCode).toBe(201);
      expect((await socket.next('new_message')).type).toBe('new_message');
    } finally {
      await sockets.closeAll();
    }
  });

  it('serves the second read from the cache (a write behind the API stays unseen until the TTL)', async () => {
    clock = NOW;
    const h = await household(t.app);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = addressOf(t.app);
    const [ann, ben] = await Promise.all(
      [h.ann, h.ben].map((p) => sockets.open(url.ws, { cookie: as(p, t.app).cookie, origin: url.origin })),
    );
    try {
      await ann!.connect(h.ann.user.id, h.id);
      await ben!.connect(h.ben.user.id, h.id);
      const chore = await as(h.ann, t.app).post('/api/chores', {
        title: 'Hoover',
        assignedTo: h.ann.user.id,
        dueDate: '2026-03-14T18:00:00.000Z',
      });
      expect(chore.statusCode).toBe(201);
      // On PostgreSQL the write's own bus messages come back to this instance and drop the
      // household's answers again; they come before Ann's typing, which Ben's socket then shows.
      ann!.send({ type: 'user_typing' });
      await ben!.next('user_typing');
      const first = await get(as(h.ann, t.app), '/api/chores');
      // Behind the API's back: only the cache can still answer 'Hoover'.
      await t.database.db
        .updateTable('chores')
        .set({ title: 'Mop' })
        .where('id', '=', chore.json().id)
        .execute();
      expect(await get(as(h.ben, t.app), '/api/chores')).toBe(first);
      clock = NOW + READ_CACHE_TTL_MS - 1;
      expect(await get(as(h.ann, t.app), '/api/chores')).toBe(first);
      clock = NOW + READ_CACHE_TTL_MS;
      expect(await get(as(h.ann, t.app), '/api/chores')).toContain('"title":"Mop"');
      clock = NOW;
    } finally {
      await sockets.closeAll();
    }
  });

  it('a failed read (bad query, unknown page) is not cached and answers as before', async () => {
    const h = await household(t.app);
    expect((await as(h.ann, t.app).get('/api/expenses?before=nope')).statusCode).toBe(404);
    expect((await as(h.ann, t.app).get('/api/expenses?before=nope')).statusCode).toBe(404);
    expect((await as(h.ann, t.app).get('/api/home?tz=Mars/Base')).statusCode).toBe(400);
  });
});

if (testEngine === 'postgres') {
  describe.each(['inject', 'http'])(
    'two instances on one PostgreSQL database, requests by %s: write on A, read on B',
    (transport) => {
      let apps: FastifyInstance[] = [];
      let database: Awaited<ReturnType<typeof freshDatabase>>;
      beforeAll(async () => {
        // As createTestApps, with the fixed clock of the other cases.
        database = await freshDatabase();
        for (let i = 0; i < 2; i++) {
          const app = await buildApp(testConfig(), { database, sweepIntervalMs: null, now: () => NOW });
          await app.ready();
          if (transport === 'http') await app.listen({ port: 0, host: '127.0.0.1' });
          apps.push(app);
        }
      });
      afterAll(async () => {
        await Promise.all(apps.map((app) => app.close()));
        apps = [];
        await database.drop();
      });
      writeCases(() => ({ writer: apps[0]!, reader: apps[1]!, database, now: () => NOW }));

      it('drops everything when the listener comes back: invalidations sent meanwhile are lost', async () => {
        const [a, b] = apps as [FastifyInstance, FastifyInstance];
        const h = await household(a);
        const people = [h.ann, h.ben, h.cat];
        const before = await snapshot(b, people);
        // Every instance's LISTEN connection is cut; a write on A meanwhile notifies no one.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where pid <> pg_backend_pid() and query like 'LISTEN hearth_events_%'`.execute(database.db);
        const chore = await as(h.ann, a).post('/api/chores', {
          title: 'While nobody listened',
          assignedTo: h.ben.user.id,
          dueDate: '2026-03-13T18:00:00.000Z',
        });
        expect(chore.statusCode).toBe(201);
        const truth = await coldSnapshot(database, people, () => NOW);
        expect(changedKeys(before, truth).length).toBeGreaterThan(0);
        await expectFresh(b, people, truth, 10_000);
      });

      it('forgets the sessions and memberships it holds too when the listener comes back', async () => {
        const [a, b] = apps as [FastifyInstance, FastifyInstance];
        const h = await household(a);
        // B holds Ben's membership and answer, and Cat's session, in memory.
        expect((await as(h.ben, b).get('/api/chores')).statusCode).toBe(200);
        expect((await as(h.cat, b).get('/api/user')).statusCode).toBe(200);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where pid <> pg_backend_pid() and query like 'LISTEN hearth_events_%'`.execute(database.db);
        // Ben leaves and Cat signs out through A; B hears of neither.
        expect((await as(h.ben, a).post('/api/households/leave')).statusCode).toBe(204);
        expect((await as(h.cat, a).post('/api/logout')).statusCode).toBe(204);
        // Well before the auth cache's own expiry (AUTH_CACHE_TTL_MS), B refuses both.
        const until = Date.now() + 10_000;
        let answers: number[] = [];
        for (;;) {
          answers = [
            (await as(h.ben, b).get('/api/chores')).statusCode,
            (await as(h.cat, b).get('/api/user')).statusCode,
          ];
          if ((answers[0] === 404 && answers[1] === 401) || Date.now() > until) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(answers).toEqual([404, 401]);
      });
    },
  );
}

describe('with the read cache switched off (READ_CACHE=off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ readCache: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('computes every read afresh, so a write behind the API shows at once, with ETags and 304s as before', async () => {
    const h = await household(t.app);
    const chore = await as(h.ann, t.app).post('/api/chores', {
      title: 'Hoover',
      assignedTo: h.ann.user.id,
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(chore.statusCode).toBe(201);
    const first = await as(h.ann, t.app).get('/api/chores');
    expect(first.body).toContain('"title":"Hoover"');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await as(h.ann, t.app).get('/api/chores', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    await t.database.db
      .updateTable('chores')
      .set({ title: 'Mop' })
      .where('id', '=', chore.json().id)
      .execute();
    expect(await get(as(h.ben, t.app), '/api/chores')).toContain('"title":"Mop"');
    expect(await get(as(h.ann, t.app), '/api/chores')).toContain('"title":"Mop"');
    expect(t.app.fastReads.served()).toBe(0);
  });
});
