import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// Runs in a worker thread with a connection of its own: moving WAL content into the database
// file (and its fsyncs, with synchronous=FULL) never blocks the event loop that serves requests.
// The sync of the WAL before copying and of the database file after it is what lets the writer
// commit without syncing (decision 0044): the WAL is only reused once its content is on disk.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(TRUNCATE)'); } catch {}
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Checkpoints the WAL of `file` every `intervalMs` from a worker thread. */
export function startCheckpointer(file: string, intervalMs = 1000): Checkpointer {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, modulePath, intervalMs } });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          void worker.terminate().then(() => resolve());
        };
        worker.once('message', done);
        worker.once('error', done);
        worker.postMessage('stop');
      }),
  };
}
