import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { deliverDueMail, onMailQueued } from './outbox.ts';
import type { MailTransport } from './transport.ts';

export const MAIL_SWEEP_INTERVAL_MS = 30_000;

/**
 * The e-mail sender of one instance: a pass whenever this process queues an e-mail, and, unless
 * `intervalMs` is null, at start and every `intervalMs` (retries, and what other instances queued
 * before they stopped). Passes never overlap; one asked for during a pass runs after it.
 */
export function startMailWorker(options: {
  db: Db;
  transport: MailTransport;
  now: () => number;
  intervalMs: number | null;
  log: FastifyBaseLogger;
}) {
  const { db, transport, now, log } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueMail({ db, transport, now: now(), log })
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'e-mail pass failed; trying again next time'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const unsubscribe = onMailQueued(db, run);
  let timer: NodeJS.Timeout | null = null;
  if (options.intervalMs !== null) {
    run();
    timer = setInterval(run, options.intervalMs);
    timer.unref();
  }
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe();
      while (running) await running;
      transport.close();
    },
  };
}
