import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Publisher } from '../realtime/hub.ts';

export const SWEEP_INTERVAL_MS = 60_000;

/** What a job is given on each sweep. */
export interface JobContext {
  db: Db;
  events: Publisher;
  now: () => number;
}

/** One piece of scheduled work. Features export their jobs; app.ts hands them to the scheduler. */
export interface ScheduledJob {
  /** Named in the log when the job fails. */
  name: string;
  run(ctx: JobContext): Promise<void>;
}

/**
 * The server's scheduled work: due items are data in the database, swept on start and then
 * every minute. Each sweep runs the jobs in the order given. Each job claims its items row by
 * row, so several instances never do one twice, and does a bounded amount of work, yielding to
 * requests as it goes.
 */
export function startScheduler(options: {
  db: Db;
  events: Publisher;
  log: FastifyBaseLogger;
  now: () => number;
  intervalMs: number;
  jobs: readonly ScheduledJob[];
  /** Told how long each job's run took, failed or not (the metrics, when they are on). */
  observe?: (job: string, seconds: number) => void;
}) {
  const { db, events, log, now, jobs, observe } = options;
  let running: Promise<void> | null = null;

  const sweep = async () => {
    for (const job of jobs) {
      const started = performance.now();
      try {
        await job.run({ db, events, now });
      } catch (error) {
        // The jobs after a failed one wait for the next sweep too.
        log.warn({ err: error, job: job.name }, 'scheduled sweep failed; retrying next time');
        return;
      } finally {
        observe?.(job.name, (performance.now() - started) / 1000);
      }
    }
  };
  const tick = () => {
    if (running) return;
    running = sweep().finally(() => {
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
