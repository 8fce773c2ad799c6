// Graceful drain of the real server (SIGTERM, as a service manager or an orchestrator stops it):
// what is under way is answered, nothing new is accepted, and the process exits 0 within
// DRAIN_SECONDS, or exits 1 after it saying what it cut. On PostgreSQL, a chat between members on
// two instances carries on through a rolling restart of both, with no message lost or doubled.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { TestSocket } from '../integration/sockets.ts';
import {
  household,
  killAll,
  type Reply,
  request,
  ServerProcess,
  Session,
  throwawayDatabase,
} from './server.ts';

const DRAINING = /"msg":"stopped accepting connections/;
// Fastify logs each request as it begins (its headers read, its body perhaps not).
const POST_BEGUN = /"method":"POST","url":"\/api\/messages".*"msg":"incoming request"/;

/** Rejects when the promise has not settled within `ms` (a deadline, not a pause). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** A message posted with its body sent in two parts: the request is under way in between. */
function slowPost(port: number, person: Session, content: string) {
  const body = Buffer.from(JSON.stringify({ content, clientId: randomUUID() }));
  const half = Math.floor(body.length / 2);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/messages',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': body.length, cookie: person.cookie },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  req.write(body.subarray(0, half));
  return { answer, finish: () => req.end(body.subarray(half)) };
}

/** A raw connection to the server, for what an HTTP client library hides: idle and half-sent requests. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let onData = () => {};
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
    onData();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    closed,
    write: (text: string) => socket.write(text),
    /** The status of the next whole answer (its body sized by Content-Length). */
    nextStatus: () =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const end = received.indexOf('\r\n\r\n');
          if (end < 0) return;
          const length = Number(/content-length: (\d+)/i.exec(received.slice(0, end))?.[1] ?? 0);
          if (received.length < end + 4 + length) return;
          const status = Number(received.slice(9, 12));
          received = received.slice(end + 4 + length);
          resolve(status);
        };
        onData = check;
        void closed.then(() => reject(new Error('closed before an answer')));
        check();
      }),
  };
}

afterEach(killAll);

describe('SIGTERM on one server (SQLite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-drain-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers the requests under way, refuses new connections, says 503 on /api/health, and exits 0', async () => {
    // Shorter than the keep-alive timeout (5 s): an idle connection left open would outlast it.
    const server = new ServerProcess({ DATA_DIR: dataDir, DRAIN_SECONDS: '3' });
    const port = await server.port;
    const [ann] = (await household(port, ['Ann'])).people as [Session];

    const idle = connection(port);
    idle.write('GET /api/health HTTP/1.1\r\nHost: hearth\r\n\r\n');
    expect(await idle.nextStatus()).toBe(200);
    // Opened and never used, as a browser's preconnect.
    const unused = connection(port);
    // A health check whose request has begun to arrive when the drain starts.
    const checking = connection(port);
    checking.write('GET /api/health HTTP/1.1\r\nHost: hearth\r\n');
    const started = server.nextLine(POST_BEGUN);
    const slow = slowPost(port, ann, 'sent while the server stops');
    await started;

    const draining = server.nextLine(DRAINING);
    server.child.kill('SIGTERM');
    await within(draining, 5_000, 'the drain begins');
    await within(idle.closed, 2_000, 'the idle keep-alive connection closed');
    await within(unused.closed, 2_000, 'the unused connection closed');
    await expect(request(port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    const health = checking.nextStatus();
    checking.write('\r\n');
    expect(await health).toBe(503);

    slow.finish();
    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).content).toBe('sent while the server stops');
    // 0: within DRAIN_SECONDS, so the idle connection did not wait for its keep-alive timeout.
    expect((await server.exited).code).toBe(0);
    expect(server.errors).toEqual([]);

    // What it answered is stored.
    const again = new ServerProcess({ DATA_DIR: dataDir });
    const messages = await ann.request(await again.port, 'GET', '/api/messages');
    expect(messages.json<ChatMessage[]>().map((m) => m.content)).toContain('sent while the server stops');
    await again.stop();
  });

  it('exits 1 after DRAIN_SECONDS when a request does not finish, naming the request it cut', async () => {
    const server = new ServerProcess({ DATA_DIR: dataDir, DRAIN_SECONDS: '1' });
    const port = await server.port;
    const ann = await Session.register(port, 'Ann');
    const started = server.nextLine(POST_BEGUN);
    // Its body never ends.
    const stuck = slowPost(port, ann, 'never finished');
    await started;
    const cut = server.nextLine(/drain cut short/);
    server.child.kill('SIGTERM');
    const line = JSON.parse(await cut) as { requests: string[]; webSockets: number };
    expect(line.requests).toEqual(['POST /api/messages']);
    expect((await server.exited).code).toBe(1);
    await expect(stuck.answer).rejects.toThrow();
  });
});

// CI sets TEST_DATABASE_URL; two instances need a database they share.
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  describe('a rolling restart of two instances on PostgreSQL', () => {
    const database = throwawayDatabase(adminUrl, 'hearth_drain');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-drain-'));
    afterAll(async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps a chat going across it: every message stored once and seen by both, no failed request', async () => {
      await database.create();
      await rollingRestart(
        { DATABASE_URL: database.url, DATA_DIR: dataDir, DRAIN_SECONDS: '10' },
        database.url,
      );
    });
  });
}

interface Instance {
  name: string;
  server: ServerProcess;
  port: number;
  /** SIGTERMed: what reaches it may be refused (or 503 before it began), and is sent elsewhere. */
  draining: boolean;
  /** The load balancer sends to it: until it has seen the instance refuse something. */
  inRotation: boolean;
}

interface Member {
  name: string;
  session: Session;
  home: Instance;
  /** Ids of the messages this member's client has shown (live or fetched). */
  seen: Set<string>;
  /** Close codes of its sockets, in order. */
  closes: number[];
  /** Settles once the client is connected again and has caught up, after each close. */
  attached: Promise<void>;
}

const DRAIN_SECONDS = 10;
// A member's pace between messages: a person typing, not a wait for something to happen.
const THINK_MS = 40;

async function rollingRestart(env: Record<string, string>, url: string) {
  const a: Instance = {
    name: 'A',
    server: new ServerProcess(env),
    port: 0,
    draining: false,
    inRotation: true,
  };
  a.port = await a.server.port;
  // B starts once A has migrated the database.
  const b: Instance = {
    name: 'B',
    server: new ServerProcess(env),
    port: 0,
    draining: false,
    inRotation: true,
  };
  b.port = await b.server.port;
  const instances = [a, b];
  const failures: string[] = [];
  let stopped = false;

  // The load balancer: a member's own instance while in rotation, else the other one. It learns of
  // a drain as a proxy does, when the instance refuses a connection or answers 503, and then sends
  // that request to the other instance. Any other failure is one no client should ever see.
  let movedByDrain = 0;
  const pick = (member: Member): Instance => {
    const up = instances.filter((i) => i.inRotation);
    const instance = up.includes(member.home) ? member.home : up[0];
    if (!instance) throw new Error('no instance is up');
    return instance;
  };
  const outOfRotation = (instance: Instance) => {
    instance.inRotation = false;
    movedByDrain += 1;
  };
  const send = async (member: Member, method: string, path: string, body?: unknown): Promise<Reply> => {
    for (;;) {
      const instance = pick(member);
      try {
        const reply = await member.session.request(instance.port, method, path, body);
        if (reply.status < 500) return reply;
        if (instance.draining && reply.status === 503) {
          outOfRotation(instance);
          continue;
        }
        failures.push(`${method} ${path} on ${instance.name}: ${reply.status} ${reply.body}`);
        return reply;
      } catch (error) {
        if (instance.draining) {
          outOfRotation(instance);
          continue;
        }
        failures.push(`${method} ${path} on ${instance.name}: ${(error as Error).message}`);
        throw error;
      }
    }
  };

  const home = await household(a.port, ['Ann', 'Bea']);
  const [annSession, beaSession] = home.people as [Session, Session];
  const members: Member[] = [
    { name: 'Ann', session: annSession, home: a, seen: new Set(), closes: [], attached: Promise.resolve() },
    { name: 'Bea', session: beaSession, home: b, seen: new Set(), closes: [], attached: Promise.resolve() },
  ];
  const where = new Map<Member, Instance>();
  const seenWaiters = new Set<() => void>();
  const see = (member: Member, id: string) => {
    member.seen.add(id);
    for (const waiter of [...seenWaiters]) waiter();
  };

  // The web client: a socket on an instance, then the chat fetched (docs/client.md, Live channel).
  // Subscribed first, fetched second: nothing posted in between can fall through.
  const attach = async (member: Member): Promise<void> => {
    for (;;) {
      const instance = pick(member);
      let socket: TestSocket;
      try {
        socket = await TestSocket.open(`ws://127.0.0.1:${instance.port}/ws`, {
          cookie: member.session.cookie,
          origin: `http://127.0.0.1:${instance.port}`,
        });
        socket.ws.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as { type: string; message?: ChatMessage };
          if (frame.type === 'new_message' && frame.message) see(member, frame.message.id);
        });
        await socket.connect(member.session.user.id, home.id);
      } catch (error) {
        if (instance.draining) {
          outOfRotation(instance);
          continue;
        }
        failures.push(`socket of ${member.name} on ${instance.name}: ${(error as Error).message}`);
        throw error;
      }
      where.set(member, instance);
      void socket.closed.then(({ code }) => {
        member.closes.push(code);
        if (!stopped) member.attached = attach(member);
      });
      break;
    }
    const chat = await send(member, 'GET', '/api/messages?limit=200');
    for (const message of chat.json<ChatMessage[]>()) see(member, message.id);
  };
  for (const member of members) {
    member.attached = attach(member);
    await member.attached;
  }

  // Each member keeps writing; a send that fails is sent again with the same clientId.
  const acked = new Map<string, { id: string; by: Member }>();
  const ackWaiters = new Set<() => void>();
  const write = async (member: Member) => {
    for (let n = 0; !stopped; n += 1) {
      const clientId = randomUUID();
      for (let attempt = 1; ; attempt += 1) {
        const reply = await send(member, 'POST', '/api/messages', {
          content: `${member.name} ${n}`,
          clientId,
        }).catch((error: Error) => ({ status: 0, body: error.message }) as Reply);
        if (reply.status === 201 || reply.status === 200) {
          acked.set(clientId, { id: reply.json().id as string, by: member });
          for (const waiter of [...ackWaiters]) waiter();
          break;
        }
        if (attempt === 3) throw new Error(`${member.name} could not send: ${reply.status} ${reply.body}`);
      }
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  };
  const acksBy = (member: Member) => [...acked.values()].filter((m) => m.by === member).length;
  /** Settles once each member has had `more` messages acknowledged from now on. */
  const moreAcks = (more: number) => {
    const targets = members.map((m) => acksBy(m) + more);
    return within(
      new Promise<void>((resolve) => {
        const check = () => {
          if (members.every((m, i) => acksBy(m) >= targets[i]!)) {
            ackWaiters.delete(check);
            resolve();
          }
        };
        ackWaiters.add(check);
        check();
      }),
      10_000,
      `${more} more messages from each member`,
    );
  };
  const writers = members.map(write);

  /** SIGTERM: its sockets close with 1012, its clients move on, and it exits 0 in time. */
  const restart = async (instance: Instance, again: boolean) => {
    const moving = members.filter((m) => where.get(m) === instance);
    const closes = moving.map((m) => m.closes.length);
    // While a message is being posted on it.
    await instance.server.nextLine(POST_BEGUN);
    instance.draining = true;
    const sent = Date.now();
    instance.server.child.kill('SIGTERM');
    const { code } = await instance.server.exited;
    expect(code, `${instance.name} exit code`).toBe(0);
    expect(Date.now() - sent, `${instance.name} drain`).toBeLessThan(DRAIN_SECONDS * 1000);
    for (const [i, member] of moving.entries()) {
      expect(member.closes[closes[i]!], `${member.name}'s socket on ${instance.name}`).toBe(1012);
      await member.attached;
      expect(where.get(member), `${member.name} moved`).not.toBe(instance);
    }
    await moreAcks(3);
    if (!again) return;
    instance.server = new ServerProcess(env);
    instance.port = await instance.server.port;
    instance.draining = false;
    instance.inRotation = true;
  };

  await moreAcks(3);
  await restart(a, true);
  // Ann writes through A again, which has to carry her messages to Bea's socket on B.
  await moreAcks(3);
  await restart(b, false);

  stopped = true;
  await Promise.all(writers);
  expect(failures).toEqual([]);
  expect(movedByDrain, 'requests and sockets the balancer moved off a draining instance').toBeGreaterThan(0);

  // Every acknowledged message reaches both members: live, or in the fetch after a reconnect.
  const everyId = [...acked.values()].map((m) => m.id);
  await within(
    new Promise<void>((resolve) => {
      const check = () => {
        if (members.every((m) => everyId.every((id) => m.seen.has(id)))) {
          seenWaiters.delete(check);
          resolve();
        }
      };
      seenWaiters.add(check);
      check();
    }),
    5_000,
    'every message seen by both members',
  ).catch(() => {
    const missing = members.map((m) => [m.name, everyId.filter((id) => !m.seen.has(id))]);
    expect(Object.fromEntries(missing)).toEqual({ Ann: [], Bea: [] });
  });
  expect(members.map((m) => m.closes.filter((c) => c === 1012).length)).toEqual([2, 1]);

  // Stored exactly once each, and nothing else from the members.
  const db = await openDatabase({ engine: 'postgres', url });
  try {
    const rows = await db.db
      .selectFrom('messages')
      .select(['id', 'client_id'])
      .where('household_id', '=', home.id)
      .where('client_id', 'is not', null)
      .execute();
    expect(rows.length).toBe(acked.size);
    const stored = new Map(rows.map((row) => [row.client_id, row.id]));
    for (const [clientId, { id }] of acked) expect(stored.get(clientId), clientId).toBe(id);
  } finally {
    await db.close();
  }

  expect([...a.server.errors, ...b.server.errors]).toEqual([]);
  a.draining = true;
  await a.server.stop();
  expect((await a.server.exited).code).toBe(0);
}
