import { afterAll, describe, expect, it } from 'vitest';
import { countTurns } from '../../src/server/count-turns.ts';
import { createTurns, type Turns } from '../../src/server/turns.ts';
import { createTestApp, type TestApp } from './helpers.ts';

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
});
