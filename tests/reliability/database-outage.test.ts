// A PostgreSQL outage seen by two running server processes (instances A and B on one database):
// while it lasts, requests answer 503 with {message, code} and open sockets stay open; once the
// database is back, the app recovers by itself (no restart) and LISTEN/NOTIFY carries events
// between the instances again. The database is a throwaway cluster of the test's own, so that
// stopping it disturbs no one else using the machine's PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSocket } from '../integration/sockets.ts';
import { PgCluster, postgresInstalled } from './pg-cluster.ts';
import { household, killAll, type Reply, ServerProcess, Session } from './server.ts';

const UNAVAILABLE = { message: 'The database is unavailable', code: 'server.database_unavailable' };
const RECOVERY_MS = 5_000;

/** Rejects when the promise has not settled within `ms` (a deadline, not a pause). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

// CI sets TEST_DATABASE_URL, the sign that PostgreSQL is installed; the test then must run.
const runs = Boolean(process.env.TEST_DATABASE_URL) || postgresInstalled();

(runs ? describe : describe.skip)('PostgreSQL outage under two running instances', () => {
  let cluster: PgCluster;
  let a: ServerProcess;
  let b: ServerProcess;
  let portA: number;
  let portB: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-outage-'));
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    cluster = await PgCluster.create();
    const env = { DATABASE_URL: cluster.url, DATA_DIR: dataDir };
    a = new ServerProcess(env);
    portA = await a.port;
    // B starts once A has migrated the database.
    b = new ServerProcess(env);
    portB = await b.port;
  });

  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await killAll();
    await cluster?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function socketOn(port: number, person: Session, householdId: string): Promise<TestSocket> {
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/ws`, {
      cookie: person.cookie,
      origin: `http://127.0.0.1:${port}`,
    });
    sockets.push(socket);
    await socket.connect(person.user.id, householdId);
    return socket;
  }

  /** Ann posts through `port`; the message reaches both sockets, whichever instance they are on. */
  async function deliveredAcross(ann: Session, port: number, listeners: TestSocket[], content: string) {
    const posted = await ann.request(port, 'POST', '/api/messages', { content });
    expect(posted.status, posted.body).toBe(201);
    const id = posted.json().id;
    for (const socket of listeners) {
      const frame = await socket.next('new_message', { where: (f) => f.message.id === id });
      expect(frame.message.content).toBe(content);
    }
  }

  it('answers 503 while PostgreSQL is down, keeps sockets open, and recovers within 5 s without a restart', async () => {
    const home = await household(portA, ['Ann', 'Bea']);
    const [ann, bea] = home.people as [Session, Session];
    const annOnA = await socketOn(portA, ann, home.id);
    const beaOnB = await socketOn(portB, bea, home.id);
    await deliveredAcross(ann, portA, [beaOnB, annOnA], 'before the outage');

    // Light load from Bea through B for the whole test: every answer must be a 200 or a clean 503.
    let loadStopped = false;
    const loadAnswers: Reply[] = [];
    const load = (async () => {
      while (!loadStopped) {
        loadAnswers.push(
          await bea
            .request(portB, 'GET', '/api/messages')
            .catch((error: Error) => ({ status: 0, body: error.message, json: () => ({}) }) as Reply),
        );
      }
    })();

    await cluster.stop('fast');

    for (const port of [portA, portB]) {
      const health = await ann.request(port, 'GET', '/api/health');
      expect(health.status).toBe(503);
      expect(health.json()).toEqual({ status: 'unavailable', database: 'postgres', ...UNAVAILABLE });
      for (const [method, url, body] of [
        ['POST', '/api/messages', { content: 'during the outage' }],
        ['GET', '/api/expenses', undefined],
        ['GET', '/api/user', undefined],
      ] as const) {
        const reply = await ann.request(port, method, url, body);
        expect(reply.status, `${method} ${url}`).toBe(503);
        expect(reply.json(), `${method} ${url}`).toEqual(UNAVAILABLE);
      }
      // A new socket cannot authenticate without the database: refused with 503, not 500.
      expect(await TestSocket.attempt(`ws://127.0.0.1:${port}/ws`, { cookie: ann.cookie })).toBe(503);
      // The app's page still loads: with no database to say who asks, it goes out without hints.
      const stranger = new Session({ id: 'nobody' }, 'hearth_session=not-a-live-session');
      const page = await stranger.request(port, 'GET', '/chores');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<div id="root"');
      expect(page.body).not.toContain('rel="preload" href="/api/');
    }
    // The open sockets stay open, and their server still answers them.
    await annOnA.sync();
    await beaOnB.sync();
    expect(annOnA.open && beaOnB.open).toBe(true);
    const stillLoading = loadAnswers.length;

    await cluster.start();
    const back = Date.now();

    // Requests succeed again on both instances, with no restart.
    for (const port of [portA, portB]) {
      for (;;) {
        const reply = await ann.request(port, 'GET', '/api/messages');
        if (reply.status === 200) break;
        expect(reply.json()).toEqual(UNAVAILABLE);
        expect(Date.now() - back, `requests to port ${port} still fail`).toBeLessThan(RECOVERY_MS);
      }
    }
    // Each instance's listener reconnects; events published meanwhile may have been lost, so it
    // asks its clients to reconnect and catch up (1012), as the web app does after any reconnect.
    const left = RECOVERY_MS - (Date.now() - back);
    expect(await within(annOnA.closed, left, 'A listener resumed')).toMatchObject({ code: 1012 });
    expect(await within(beaOnB.closed, left, 'B listener resumed')).toMatchObject({ code: 1012 });

    // LISTEN/NOTIFY works again, both ways between the instances.
    const annAgain = await socketOn(portA, ann, home.id);
    const beaAgain = await socketOn(portB, bea, home.id);
    await deliveredAcross(ann, portA, [beaAgain, annAgain], 'after the outage, through A');
    await deliveredAcross(ann, portB, [annAgain, beaAgain], 'after the outage, through B');
    // The missed message never got in; the messages before and after it are all there.
    const history = await bea.request(portB, 'GET', '/api/messages');
    expect(history.json<{ content: string }[]>().map((m) => m.content)).toEqual(
      expect.arrayContaining([
        'before the outage',
        'after the outage, through A',
        'after the outage, through B',
      ]),
    );

    loadStopped = true;
    await load;
    expect(loadAnswers.length).toBeGreaterThan(stillLoading);
    const statuses = new Set(loadAnswers.map((r) => r.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const reply of loadAnswers.filter((r) => r.status === 503))
      expect(reply.json()).toEqual(UNAVAILABLE);

    // Both processes lived through it, and logged the outage as warnings, not as errors.
    expect(a.alive && b.alive).toBe(true);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});
