import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { countTurns } from '../../src/server/count-turns.ts';
import { createTurns, type Turns } from '../../src/server/turns.ts';
import { createTestApp, householdOf, type TestApp } from './helpers.ts';

// A burst of requests is taken up a turn's budget at a time (src/server/turns.ts), so timers
// and sockets get their turn in between. Here the turns have no time to spare: one request a turn.
describe('requests taken up over the turns of the event loop', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('starts the requests of a burst in turns of their own, and answers every one', async () => {
    const counted = countTurns();
    const startedIn: number[] = [];
    const oneATurn = createTurns(0);
    const turns: Turns = {
      admit: (work) =>
        oneATurn.admit(() => {
          startedIn.push(counted.current());
          work();
        }),
      wait: () => oneATurn.wait(),
    };
    t = await createTestApp({}, { turns });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`http://127.0.0.1:${address.port}/api/health`)),
    );
    counted.stop();
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(startedIn).toHaveLength(10);
    expect(new Set(startedIn).size).toBe(10);
  });

  it('drops a request whose client hung up while it waited for its turn: nothing is written, and a drain does not wait for it', async () => {
    // The turns hold what the server's listener passes them until the test lets it go.
    const held: (() => void)[] = [];
    let holding = false;
    let heldOne: () => void = () => {};
    const turns: Turns = {
      admit: (work) => {
        if (!holding) return work();
        held.push(work);
        heldOne();
      },
      wait: () => null,
    };
    const app = await createTestApp({}, { turns });
    const { admin } = await householdOf(app.app, ['Ada']);
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const origin = `http://127.0.0.1:${address.port}`;
    const serverSocket = new Promise<Socket>((resolve) => app.app.server.once('connection', resolve));

    holding = true;
    const waiting = new Promise<void>((resolve) => {
      heldOne = resolve;
    });
    const body = JSON.stringify({ content: 'Sent by someone who then left' });
    const request = http.request(`${origin}/api/messages`, {
      method: 'POST',
      headers: { cookie: admin.client.cookie ?? '', origin, 'content-type': 'application/json' },
    });
    request.on('error', () => {});
    request.end(body);
    await waiting;
    const closed = new Promise((resolve) => serverSocket.then((socket) => socket.once('close', resolve)));
    request.destroy();
    await closed;
    holding = false;
    for (const work of held.splice(0)) work();

    const messages = await admin.client.get('/api/messages');
    expect(messages.statusCode).toBe(200);
    expect(JSON.stringify(messages.json())).not.toContain('Sent by someone who then left');
    await app.close();
  });
});
