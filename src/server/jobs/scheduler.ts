import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { restorableSince } from '#shared/ledger-view.ts';
import type { Db } from '../db/database.ts';
import { getExpense, purgeTrash, runDueRecurringExpenses } from '../features/expenses/queries.ts';
import type { Publisher } from '../realtime/hub.ts';

export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The server's scheduled work: due items are data in the database, swept on start and then
 * every minute. Each sweep claims its items row by row, so several instances never do one twice,
 * and does a bounded amount of work, yielding to requests as it goes.
 */
export function startScheduler(options: {
  db: Db;
  events: Publisher;
  log: FastifyBaseLogger;
  now: () => number;
  intervalMs: number;
}) {
  const { db, events, log, now } = options;
  let running: Promise<void> | null = null;

  const sweep = async () => {
    const created = await runDueRecurringExpenses(db, new Date(now()).toISOString().slice(0, 10), now());
    for (const { householdId, id } of created) {
      const expense = await getExpense(db, householdId, id);
      if (expense) await events.toHousehold(householdId, { type: 'new_expense', expense });
      // On SQLite these reads never wait for I/O: let requests in between.
      await yieldToEventLoop();
    }
    // What has been in the trash longer than it can be restored goes for good.
    await purgeTrash(db, restorableSince(now()));
  };
  const tick = () => {
    if (running) return;
    running = sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'scheduled sweep failed; retrying next time'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
