import { performance } from 'node:perf_hooks';

/**
 * Shares the event loop's turns out when more work is ready than one turn should hold.
 *
 * Under load, a turn can find dozens of new requests and dozens of writes just made durable at
 * once; run together, they hold back every timer, socket and answer behind them. Work passed
 * through here runs at once while the current turn has spent less than its budget; after that it
 * waits, in order of arrival, and a later turn takes it up, a budget's worth at a time, so
 * timers and sockets get their turn in between. Nothing is dropped and the order is kept: each
 * turn that finds work waiting runs at least one piece of it.
 */
export interface Turns {
  /** Runs `work` now if the turn has time for it, else in a later turn, after what waits already. */
  admit(work: () => void): void;
  /** Null when the turn has time to go on now; else a promise for when a later turn takes it up. */
  wait(): Promise<void> | null;
}

/** How long one turn runs new work before the rest waits for the next turn. */
export const TURN_BUDGET_MS = 4;

export function createTurns(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()): Turns {
  const waiting: (() => void)[] = [];
  // When the current turn's budget began; -1 when nothing has run yet in this turn.
  let began = -1;
  const end = () => {
    began = -1;
  };
  const begin = () => {
    if (began >= 0) return;
    began = now();
    // The check phase comes once per turn: there the budget ends, and the next one begins.
    setImmediate(end);
  };
  const hasTime = () => now() - began < budgetMs;
  const hasRoom = () => {
    begin();
    return waiting.length === 0 && hasTime();
  };

  // One step is scheduled for each piece of work that waits; each step starts the oldest one.
  const step = () => {
    if (waiting.length === 0) return;
    if (began < 0) begin();
    else if (!hasTime()) {
      setImmediate(step);
      return;
    }
    waiting.shift()?.();
  };
  const enqueue = (work: () => void) => {
    waiting.push(work);
    setImmediate(step);
  };

  return {
    admit: (work) => (hasRoom() ? work() : enqueue(work)),
    wait: () => (hasRoom() ? null : new Promise<void>((resolve) => enqueue(resolve))),
  };
}

/** The server's one event loop, shared by the requests it takes in and the writes it resumes. */
export const serverTurns = createTurns();
