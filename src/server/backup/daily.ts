import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledJob } from '../jobs/scheduler.ts';
import type { CopyResult } from './copy.ts';

/** The folder of DATA_DIR that daily backups go to. */
const BACKUPS_FOLDER = 'backups';

const DAILY_NAME = /^hearth-(\d{4}-\d{2}-\d{2})\.db$/;
const PARTIAL_NAME = /^hearth-(\d{4}-\d{2}-\d{2})\.db\.partial-\d+$/;

// The built server (dist/server/main.js) has the worker built beside it; the sources run it
// through tsx.
const WORKER = import.meta.url.endsWith('.ts')
  ? new URL('./worker-from-sources.mjs', import.meta.url)
  : new URL('./backup-worker.js', import.meta.url);

const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/** The day's backup: `hearth-2026-03-10.db`, by the UTC date, so names sort by age. */
export function dailyBackupName(now: number): string {
  return `hearth-${utcDay(now)}.db`;
}

/**
 * What to delete from the backups folder so that the newest `keep` daily backups remain, and no
 * piece of a copy cut short on an earlier day (one of today's may be under way in another
 * instance). Files of other names are left alone.
 */
export function backupsToDelete(files: readonly string[], keep: number, now: number): string[] {
  const daily = files.filter((file) => DAILY_NAME.test(file)).sort();
  const today = utcDay(now);
  const stale = files.filter((file) => {
    const day = PARTIAL_NAME.exec(file)?.[1];
    return day !== undefined && day < today;
  });
  return [...daily.slice(0, Math.max(0, daily.length - keep)), ...stale];
}

/**
 * Daily backups of the SQLite database `file` into DATA_DIR/backups, keeping the newest `keep`.
 * A scheduled job: on each sweep it starts the day's backup if there is none yet (so the first
 * comes when the server starts), copied by a worker thread, and prunes once it is written. The
 * sweep does not wait for the copy, so the other jobs keep their pace.
 */
export function dailyBackups(options: { file: string; keep: number; log: FastifyBaseLogger }) {
  const folder = path.join(path.dirname(options.file), BACKUPS_FOLDER);
  let worker: Worker | null = null;
  let underWay: Promise<void> | null = null;

  const backUp = async (now: number) => {
    fs.mkdirSync(folder, { recursive: true });
    const destination = path.join(folder, dailyBackupName(now));
    if (!fs.existsSync(destination)) {
      const result = await copyInWorker(options.file, destination, (started) => {
        worker = started;
      });
      options.log.info({ backup: result.file, bytes: result.bytes, ms: result.ms }, 'daily backup written');
    }
    for (const file of backupsToDelete(fs.readdirSync(folder), options.keep, now)) {
      fs.rmSync(path.join(folder, file), { force: true });
    }
  };

  const job: ScheduledJob = {
    name: 'daily backup',
    run: async ({ now }) => {
      if (underWay) return;
      underWay = backUp(now())
        .catch((error: unknown) => {
          options.log.warn({ err: error }, 'daily backup failed; trying again at the next sweep');
        })
        .finally(() => {
          underWay = null;
          worker = null;
        });
    },
  };
  return {
    job,
    /** Stops a backup under way (its partial file is removed) and waits for it. */
    stop: async () => {
      worker?.postMessage('stop');
      await underWay;
    },
    /** Resolves once no backup is under way (tests wait for it). */
    settled: async () => {
      await underWay;
    },
  };
}

function copyInWorker(
  source: string,
  destination: string,
  started: (worker: Worker) => void,
): Promise<CopyResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { source, destination } });
    started(worker);
    worker.once('message', (message: { ok: true; result: CopyResult } | { ok: false; message: string }) => {
      if (message.ok) resolve(message.result);
      else reject(new Error(message.message));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The backup worker stopped (exit code ${code})`)));
  });
}
