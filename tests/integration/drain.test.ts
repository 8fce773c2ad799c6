import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { freshDatabase, householdOf, testConfig } from './helpers.ts';

/**
 * Once armed, holds the answer of the next query that reads notification settings (what a new
 * expense does after its commit, to notify the members who owe) until released.
 */
class HoldNoticeRead implements KyselyPlugin {
  readonly #held = new WeakSet<object>();
  #armed = false;
  arm() {
    this.#armed = true;
  }
  #reached = () => {};
  readonly reached = new Promise<void>((resolve) => {
    this.#reached = resolve;
  });
  release = () => {};
  readonly #released = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.#armed && JSON.stringify(args.node).includes('"notification_settings"')) {
      this.#armed = false;
      this.#held.add(args.queryId);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#held.has(args.queryId)) {
      this.#reached();
      await this.#released;
    }
    return args.result;
  }
}

/** A POST over a real connection of its own, so that the test can hang up on it. */
function rawPost(
  app: FastifyInstance,
  path: string,
  cookie: string | null,
  headers: Record<string, string | number> = {},
): http.ClientRequest {
  return http.request({
    host: '127.0.0.1',
    port: (app.server.address() as AddressInfo).port,
    method: 'POST',
    path,
    agent: false,
    headers: { 'content-type': 'application/json', cookie: cookie ?? '', ...headers },
  });
}

it('waits, when closing, for the handler of a request whose client hung up, before the database goes', async () => {
  const database = await freshDatabase();
  const hold = new HoldNoticeRead();
  const logs = new PassThrough();
  let logged = '';
  const waiting = new Promise<void>((resolve) => {
    logs.on('data', (chunk: Buffer) => {
      logged += chunk.toString();
      if (logged.includes('waiting for the handlers under way')) resolve();
    });
  });
  const app = await buildApp(testConfig({ logLevel: 'info' }), {
    sweepIntervalMs: null,
    database: { ...database, db: database.db.withPlugin(hold) },
    logStream: logs,
  });
  try {
    const { admin: ada, others } = await householdOf(app, ['Ada Lovelace', 'Bea Tester']);
    const bea = others[0]!;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const serverSockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => serverSockets.push(socket));

    const body = JSON.stringify({
      expense: {
        title: 'Groceries',
        amount: '20.00',
        category: 'groceries',
        splitType: 'equal',
        paidBy: ada.user.id,
        isRecurring: false,
      },
      splits: [ada, bea].map((p) => ({ userId: p.user.id, amount: '10.00' })),
    });
    const request = rawPost(app, '/api/expenses', ada.client.cookie);
    hold.arm();
    request.on('error', () => {});
    request.end(body);
    // The expense is committed; its handler is about to notify Bea. Then Ada's browser goes.
    await hold.reached;
    const hungUp = new Promise((resolve) => serverSockets[0]!.once('close', resolve));
    request.destroy();
    await hungUp;

    const closed = app.close().then(() => 'closed' as const);
    expect(await Promise.race([waiting.then(() => 'waiting' as const), closed])).toBe('waiting');
    hold.release();
    expect(await closed).toBe('closed');
    // The handler ended on an open database: nothing was logged at error level.
    const errors = logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
  } finally {
    hold.release();
    await app.close();
    await database.drop();
  }
});

it('does not wait, when closing, for a request whose client hung up before sending all of its body', async () => {
  const database = await freshDatabase();
  const app = await buildApp(testConfig(), { sweepIntervalMs: null, database });
  let begun = () => {};
  const posting = new Promise<void>((resolve) => {
    begun = resolve;
  });
  app.addHook('onRequest', async (request) => {
    if (request.url === '/api/messages') begun();
  });
  try {
    const { admin: ada } = await householdOf(app, ['Ada Lovelace']);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const arrived = new Promise<Socket>((resolve) => app.server.once('connection', resolve));
    const request = rawPost(app, '/api/messages', ada.client.cookie, { 'content-length': 1000 });
    request.on('error', () => {});
    request.write('{"content":"half of it');
    const socket = await arrived;
    await posting;
    const hungUp = new Promise((resolve) => socket.once('close', resolve));
    request.destroy();
    await hungUp;
    await app.close();
  } finally {
    await app.close();
    await database.drop();
  }
});
