import type https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { mailOrigin } from '../../mail/compose.ts';
import { wakeMailSenders } from '../../mail/outbox.ts';
import { deliverDue, onEnqueue } from './outbox.ts';
import { enqueueDueReminders } from './reminders.ts';

export const PUSH_SWEEP_INTERVAL_MS = 30_000;

export interface PushSweepOptions {
  db: Db;
  config: Config;
  now: number;
  agent?: https.Agent;
  log?: FastifyBaseLogger;
}

/** One sweep: queue the reminders that are due, then send everything due. Tests call it directly. */
export async function runPushSweep(
  options: PushSweepOptions,
): Promise<{ queued: number; delivered: number }> {
  const queued = await enqueueDueReminders(options.db, options.now, mailOrigin(options.config));
  // Reminders queue their e-mails inside transactions: the mail senders hear of them now.
  if (queued > 0) wakeMailSenders(options.db);
  const delivered = await deliverDue(options);
  return { queued, delivered };
}

/**
 * The push sender of one instance: a sweep every `intervalMs` (and at start, which sends what
 * came due while the server was down), plus an immediate delivery pass whenever this process
 * queues a push. Runs never overlap; a wake-up during a run triggers one more run.
 */
export function startPushWorker(options: {
  db: Db;
  config: Config;
  now: () => number;
  intervalMs: number;
  agent?: https.Agent;
  log: FastifyBaseLogger;
}) {
  const { db, config, now, agent, log } = options;
  let running: Promise<void> | null = null;
  let again: 'sweep' | 'deliver' | null = null;
  let stopped = false;

  const run = (kind: 'sweep' | 'deliver') => {
    if (stopped) return;
    if (running) {
      again = again === 'sweep' ? 'sweep' : kind;
      return;
    }
    const work =
      kind === 'sweep'
        ? runPushSweep({ db, config, now: now(), agent, log })
        : deliverDue({ db, config, now: now(), agent, log });
    running = work
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'push sweep failed; retrying next time'))
      .finally(() => {
        running = null;
        const next = again;
        again = null;
        if (next) run(next);
      });
  };
  const unsubscribe = onEnqueue(db, () => run('deliver'));
  run('sweep');
  const timer = setInterval(() => run('sweep'), options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      while (running) await running;
    },
  };
}
