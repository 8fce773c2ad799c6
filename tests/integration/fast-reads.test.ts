import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type Client,
  createTestApp,
  createTestApps,
  HttpClient,
  signUp,
  type TestApp,
  testEngine,
} from './helpers.ts';

// Issue 11: a repeated household read over HTTP is answered from memory before Fastify
// (src/server/cache/fast-reads.ts). It must answer exactly as Fastify would, and never for a
// session or membership that has ended.
const READS = ['/api/chores', '/api/expenses', '/api/balance', '/api/home?tz=UTC'];
const DAY = 86_400_000;

/** Headers that differ between any two answers, or that inject() does not produce. */
const PER_CONNECTION = ['date', 'connection', 'keep-alive'];
const comparable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_CONNECTION.includes(name)));

async function member(app: FastifyInstance, firstName: string) {
  const { client, user } = await signUp(app, { firstName, lastName: 'Tester' });
  const http = Object.assign(new HttpClient(app), { cookie: client.cookie });
  return { client, http, user };
}

async function household(app: FastifyInstance) {
  const ann = await member(app, 'Ann');
  const ben = await member(app, 'Ben');
  const created = await ann.client.post('/api/households', { name: 'Fast Flat' });
  expect(created.statusCode, created.body).toBe(201);
  const joined = await ben.client.post('/api/households/join', { inviteCode: created.json().inviteCode });
  expect(joined.statusCode).toBe(200);
  const chore = await ann.client.post('/api/chores', {
    title: 'Bins',
    assignedTo: ben.user.id,
    dueDate: new Date(Date.now() + DAY).toISOString(),
  });
  expect(chore.statusCode, chore.body).toBe(201);
  const expense = await ann.client.post('/api/expenses', {
    expense: {
      title: 'Milk',
      amount: '4.00',
      category: 'groceries',
      description: '',
      date: new Date().toISOString().slice(0, 10),
      splitType: 'equal',
      paidBy: ann.user.id,
      isRecurring: false,
      recurringInterval: 'monthly',
    },
    splits: [ann, ben].map((m) => ({ userId: m.user.id, amount: '2.00' })),
  });
  expect(expense.statusCode, expense.body).toBe(201);
  return { ann, ben };
}

/** Runs a request and says whether the app answered it from memory. */
async function timed<T extends { statusCode: number }>(app: FastifyInstance, run: () => Promise<T>) {
  const before = app.fastReads.served();
  const response = await run();
  return { response, fromMemory: app.fastReads.served() > before };
}

/**
 * Reads until the answer comes from memory. On PostgreSQL an instance hears its own writes'
 * invalidations back through the bus a moment later, which can drop what a first read stored.
 */
async function fromMemory(app: FastifyInstance, client: Client, url: string, headers = {}) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const read = await timed(app, () => client.get(url, headers));
    if (read.fromMemory) return read.response;
  }
  throw new Error(`${url} was never answered from memory`);
}

describe('answers from memory, on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a repeated read with the status, headers and body Fastify sent', async () => {
    const { ann } = await household(t.app);
    for (const url of READS) {
      const first = await timed(t.app, () => ann.http.get(url));
      expect(first.fromMemory, `${url} first`).toBe(false);
      const full = first.response;
      const fast = await fromMemory(t.app, ann.http, url);
      expect(fast.statusCode).toBe(200);
      expect(fast.body).toBe(full.body);
      expect(comparable(fast.headers)).toEqual(comparable(full.headers));
      expect(fast.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers If-None-Match with the 304 Fastify sends', async () => {
    const { ann } = await household(t.app);
    for (const url of READS) {
      const etag = String((await ann.http.get(url)).headers.etag);
      // What fetch() sends; the 304 carries the ETag and Vary the 200 would.
      const headers = { 'if-none-match': etag, 'accept-encoding': 'gzip, deflate' };
      const full = await ann.client.get(url, headers);
      const response = await fromMemory(t.app, ann.http, url, headers);
      expect([full.statusCode, response.statusCode]).toEqual([304, 304]);
      expect(response.body).toBe('');
      expect(comparable(response.headers)).toEqual(comparable(full.headers));
    }
  });

  it('refuses a signed-out session at once, by POST or GET /api/logout', async () => {
    for (const logout of ['POST', 'GET'] as const) {
      const { ann } = await household(t.app);
      await ann.http.get('/api/chores');
      await fromMemory(t.app, ann.http, '/api/chores');
      const cookie = ann.http.cookie;
      const out = logout === 'POST' ? await ann.http.post('/api/logout') : await ann.http.get('/api/logout');
      expect(out.statusCode).toBe(logout === 'POST' ? 204 : 302);
      const after = await new HttpClient(t.app).get('/api/chores', { cookie: String(cookie) });
      expect(after.statusCode, logout).toBe(401);
    }
  });

  it('refuses a removed member at once, and answers the one who stays', async () => {
    const { ann, ben } = await household(t.app);
    for (const url of READS) await ben.http.get(url);
    await fromMemory(t.app, ben.http, '/api/chores');
    expect((await ann.http.delete(`/api/households/members/${ben.user.id}`)).statusCode).toBe(200);
    for (const url of READS) expect((await ben.http.get(url)).statusCode, url).toBe(404);
    expect((await ann.http.get('/api/chores')).statusCode).toBe(200);
  });

  it('leaves a session due for extension to the full path, which extends it', async () => {
    const { ann } = await household(t.app);
    await ann.http.get('/api/chores');
    await fromMemory(t.app, ann.http, '/api/chores');
    // Two days on, the cached session is due for its daily extension.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * DAY });
    const due = await timed(t.app, () => ann.http.get('/api/chores'));
    expect(due.fromMemory).toBe(false);
    expect(due.response.statusCode).toBe(200);
    expect(String((due.response as Awaited<ReturnType<Client['get']>>).headers['set-cookie'])).toMatch(
      /hearth_session=.*Max-Age=2592000/,
    );
    await fromMemory(t.app, ann.http, '/api/chores');
    // Past its expiry it is refused, though it was held in memory.
    vi.setSystemTime(Date.now() + 31 * DAY);
    const expired = await timed(t.app, () => ann.http.get('/api/chores'));
    expect(expired.fromMemory).toBe(false);
    expect(expired.response.statusCode).toBe(401);
  });

  it('leaves everything else to Fastify: HEAD, no or other cookies, other addresses', async () => {
    const { ann, ben } = await household(t.app);
    await fromMemory(t.app, ann.http, '/api/chores');
    await fromMemory(t.app, ann.http, '/api/balance');
    const cookie = String(ann.http.cookie);
    const cases: [string, () => Promise<{ statusCode: number }>, number][] = [
      ['HEAD', () => ann.http.request({ method: 'HEAD', url: '/api/chores' }), 200],
      ['no cookie', () => new HttpClient(t.app).get('/api/chores'), 401],
      [
        'a forged cookie',
        () => new HttpClient(t.app).get('/api/chores', { cookie: 'hearth_session=x' }),
        401,
      ],
      ['another query', () => ann.http.get('/api/chores?status=done'), 200],
      // Ben has not asked for his balance yet: Ann's is never his.
      ['another member', () => ben.http.get('/api/balance'), 200],
    ];
    for (const [name, run, status] of cases) {
      const read = await timed(t.app, run);
      expect(read.response.statusCode, name).toBe(status);
      expect(read.fromMemory, name).toBe(false);
    }
    // The session cookie among others is still found.
    const among = await fromMemory(t.app, new HttpClient(t.app), '/api/chores', { cookie: `a=1; ${cookie}` });
    expect(among.statusCode).toBe(200);
    const benBalance = (await ben.http.get('/api/balance')).json();
    const annBalance = (await ann.http.get('/api/balance')).json();
    expect(benBalance).not.toEqual(annBalance);
  });
});

if (testEngine === 'postgres') {
  describe('answers from memory, on two instances of one PostgreSQL database', () => {
    let apps: FastifyInstance[];
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ apps, close } = await createTestApps(2));
      for (const app of apps) await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => close());

    /** Polls B until it answers `status` (B hears of A's writes through the bus). */
    async function eventually(client: Client, url: string, status: number) {
      const until = Date.now() + 5_000;
      for (;;) {
        const response = await client.get(url);
        if (response.statusCode === status || Date.now() > until) return response.statusCode;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it('a sign-out or a removal on A ends access on B', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const { ann, ben } = await household(a);
      const annOnB = Object.assign(new HttpClient(b), { cookie: ann.http.cookie });
      const benOnB = Object.assign(new HttpClient(b), { cookie: ben.http.cookie });
      for (const client of [annOnB, benOnB]) await fromMemory(b, client, '/api/chores');
      expect((await ann.http.delete(`/api/households/members/${ben.user.id}`)).statusCode).toBe(200);
      expect(await eventually(benOnB, '/api/chores', 404)).toBe(404);
      expect((await ann.http.post('/api/logout')).statusCode).toBe(204);
      expect(await eventually(annOnB, '/api/chores', 401)).toBe(401);
    });
  });
}
