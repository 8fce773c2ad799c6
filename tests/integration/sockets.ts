import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerEvent } from '#shared/messages/schemas.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** The server event of one type (the typing pair shares one member of the union). */
export type EventOf<T extends ServerEvent['type']> = ServerEvent extends infer E
  ? E extends { type: infer U }
    ? T extends U
      ? E & { type: T }
      : never
    : never
  : never;

/** Where a listening app answers: its origin and its /ws address. */
export function addressOf(app: FastifyInstance): { origin: string; ws: string } {
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws` };
}

const DEFAULT_TIMEOUT_MS = 5_000;

/**
 * A WebSocket client for tests. It keeps every frame the server sends; `next(type)` takes the
 * first one of that type not taken yet (waiting for it if need be), and `unread()` shows what
 * nobody has taken. Frames on one socket arrive in the order the server sent them, so after
 * `sync()` (a ping answered by its pong) anything the server sent earlier is in `unread()`.
 */
export class TestSocket {
  /** Every frame received, in order. */
  readonly received: ServerEvent[] = [];
  private readonly pending: ServerEvent[] = [];
  private waiters: {
    type: string;
    where: (frame: ServerEvent) => boolean;
    resolve: (frame: ServerEvent) => void;
  }[] = [];
  /** Resolves with the close code and reason once the socket has closed, for whatever reason. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerEvent;
      this.received.push(frame);
      const index = this.waiters.findIndex((w) => w.type === frame.type && w.where(frame));
      if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve(frame);
      else this.pending.push(frame);
    });
  }

  /** Opens a socket with the headers a browser on the app's page would send. */
  static async open(
    url: string,
    headers: { cookie?: string | null; origin?: string | null } = {},
  ): Promise<TestSocket> {
    const result = await TestSocket.attempt(url, headers);
    if (typeof result === 'number') throw new Error(`upgrade refused with ${result}`);
    return result;
  }

  /** Opens a socket, or answers the HTTP status with which the upgrade was refused. */
  static attempt(
    url: string,
    headers: { cookie?: string | null; origin?: string | null } = {},
  ): Promise<TestSocket | number> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, {
        headers: {
          ...(headers.cookie ? { cookie: headers.cookie } : {}),
          ...(headers.origin ? { origin: headers.origin } : {}),
        },
      });
      const socket = new TestSocket(ws);
      let settled = false;
      ws.once('open', () => {
        settled = true;
        resolve(socket);
      });
      ws.once('unexpected-response', (request, response) => {
        settled = true;
        resolve(response.statusCode ?? 0);
        response.resume();
        request.destroy();
      });
      // Before opening, an error fails the attempt; afterwards `closed` tells what happened.
      ws.on('error', (error) => {
        if (!settled) reject(error);
        settled = true;
      });
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
  }

  /** The next frame of a type (optionally one that matches), failing after a timeout. */
  next<T extends ServerEvent['type']>(
    type: T,
    options: { where?: (frame: EventOf<T>) => boolean; timeoutMs?: number } = {},
  ): Promise<EventOf<T>> {
    const where = (options.where ?? (() => true)) as (frame: ServerEvent) => boolean;
    const index = this.pending.findIndex((f) => f.type === type && where(f));
    if (index >= 0) return Promise.resolve(this.pending.splice(index, 1)[0] as EventOf<T>);
    return new Promise((resolve, reject) => {
      const waiter = {
        type,
        where,
        resolve: (frame: ServerEvent) => {
          clearTimeout(timer);
          resolve(frame as EventOf<T>);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no ${type} within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`));
      }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      this.waiters.push(waiter);
    });
  }

  /** Sends `connect` and waits for the confirmation. */
  async connect(userId: string, householdId: string): Promise<void> {
    this.send({ type: 'connect', userId, householdId });
    await this.next('connection_confirmed');
  }

  /**
   * A ping answered: the server has handled every frame sent before it and sent everything it
   * meant to send this socket until then. Takes the first pong not yet taken.
   */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next('pong');
  }

  /** Frames received and not taken by `next`, in order; takes them. */
  unread(): ServerEvent[] {
    return this.pending.splice(0);
  }

  /** Frames of a type received and not taken, in order; takes them. */
  take<T extends ServerEvent['type']>(type: T): EventOf<T>[] {
    const taken = this.pending.filter((f) => f.type === type);
    for (const frame of taken) this.pending.splice(this.pending.indexOf(frame), 1);
    return taken as EventOf<T>[];
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}

/**
 * Waits until every event published so far for a household has reached these sockets, then
 * forgets it: a marker published now comes after all of them (the bus keeps the order).
 * A ping is not enough on PostgreSQL, where events reach the hub through LISTEN/NOTIFY.
 */
export async function catchUp(app: FastifyInstance, householdId: string, sockets: TestSocket[]) {
  await app.hub.toHousehold(householdId, { type: 'household_updated' });
  for (const socket of sockets) {
    await socket.next('household_updated');
    socket.unread();
  }
}

/** Keeps every socket a test file opens, so that afterAll closes them all. */
export class SocketPool {
  private readonly sockets = new Set<TestSocket>();

  async open(url: string, headers: { cookie?: string | null; origin?: string | null }) {
    const socket = await TestSocket.open(url, headers);
    this.sockets.add(socket);
    return socket;
  }

  async attempt(url: string, headers: { cookie?: string | null; origin?: string | null }) {
    const result = await TestSocket.attempt(url, headers);
    if (typeof result !== 'number') this.sockets.add(result);
    return result;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sockets].map((s) => s.close()));
    this.sockets.clear();
  }
}

/** The calling file's app, listening on a free port for the sockets it opens. */
export interface SocketApp {
  readonly app: TestApp['app'];
  readonly database: TestApp['database'];
  readonly url: { origin: string; ws: string };
  readonly sockets: SocketPool;
}

/** Registers the file's hooks: the app listens before its tests; its sockets and the app close after. */
export function setUpSocketApp(): SocketApp {
  const sockets = new SocketPool();
  let started: { t: TestApp; url: { origin: string; ws: string } } | undefined;
  beforeAll(async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    started = { t, url: addressOf(t.app) };
  });
  afterAll(async () => {
    await sockets.closeAll();
    await started?.t.close();
  });
  const opened = () => {
    if (!started) throw new Error('the app is started in beforeAll');
    return started;
  };
  return {
    get app() {
      return opened().t.app;
    },
    get database() {
      return opened().t.database;
    },
    get url() {
      return opened().url;
    },
    sockets,
  };
}
