import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { countTurns } from './count-turns.ts';
import { createTurns } from './turns.ts';

/** A clock the test moves by hand, so that "the turn has spent its budget" is exact. */
function manualClock() {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

/** Turns with a 4 ms budget on a clock the test moves, and the list of what ran, in order. */
function onManualClock() {
  const clock = manualClock();
  return { clock, turns: createTurns(4, clock.now), ran: [] as string[] };
}

/** Busy for `ms` of real time, as a request's own work is. */
function work(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

describe('turns of the event loop', () => {
  it('runs work at once while the turn has time for it', () => {
    const { clock, turns, ran } = onManualClock();
    turns.admit(() => ran.push('a'));
    clock.advance(3);
    turns.admit(() => ran.push('b'));
    expect(ran).toEqual(['a', 'b']);
    expect(turns.wait()).toBeNull();
  });

  it('leaves work past the budget to a later turn, in order of arrival', async () => {
    const { clock, turns, ran } = onManualClock();
    turns.admit(() => ran.push('a'));
    clock.advance(4);
    turns.admit(() => ran.push('b'));
    const c = turns.wait();
    void c?.then(() => ran.push('c'));
    turns.admit(() => ran.push('d'));
    expect(ran).toEqual(['a']);
    expect(c).toBeInstanceOf(Promise);
    await nextTurn();
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps new work behind what waits, even when a new turn has time for it', async () => {
    const { clock, turns, ran } = onManualClock();
    turns.admit(() => {
      ran.push('a');
      clock.advance(5);
    });
    // Runs in the next turn, after its budget was renewed and before the waiting work is taken up.
    const later = new Promise<void>((resolve) =>
      setImmediate(() => {
        turns.admit(() => ran.push('c'));
        resolve();
      }),
    );
    turns.admit(() => ran.push('b'));
    expect(ran).toEqual(['a']);
    await later;
    await nextTurn();
    await nextTurn();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('lets timers run between the turns of a long queue, and serves the queue to its end', async () => {
    const turns = createTurns(4);
    const order: string[] = [];
    const timer = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('timer');
        resolve();
      }, 1),
    );
    const done: Promise<void>[] = [];
    for (let i = 0; i < 40; i++) {
      done.push(
        new Promise<void>((resolve) =>
          turns.admit(() => {
            work(1);
            order.push(`work ${i}`);
            resolve();
          }),
        ),
      );
    }
    await Promise.all([timer, ...done]);
    expect(order.filter((o) => o.startsWith('work'))).toEqual(
      Array.from({ length: 40 }, (_, i) => `work ${i}`),
    );
    // All at once, 40 ms of work would hold a 1 ms timer until the end.
    expect(order.indexOf('timer')).toBeLessThan(20);
  });

  it('runs one piece a turn when no time is allowed, and never stops', async () => {
    const turns = createTurns(0);
    const counted = countTurns();
    const turnOf: number[] = [];
    await Promise.all(
      Array.from(
        { length: 10 },
        () =>
          new Promise<void>((resolve) =>
            turns.admit(() => {
              turnOf.push(counted.current());
              resolve();
            }),
          ),
      ),
    );
    counted.stop();
    expect(new Set(turnOf).size).toBe(10);
  });
});
