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
parentPort.on('message', (message) => {
  if (message === 'passive') {
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
    parentPort.postMessage('done');
    return;
  }
  if (message === 'restart') {
    // Writes wait meanwhile: a reader holding on to the WAL (a long export) is not waited out.
    db.pragma('busy_timeout = ' + workerData.restartWaitMs);
    let done = false;
    try { done = db.pragma('wal_checkpoint(RESTART)')[0].busy === 0; } catch {}
    db.pragma('busy_timeout = 5000');
    parentPort.postMessage(done ? 'restarted' : 'busy');
    return;
  }
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(TRUNCATE)'); } catch {}
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  /** Copies what it can of the WAL into the database file now, while writes go on. */
  catchUp(): Promise<void>;
  /**
   * Copies the whole WAL into the database file and waits until no reader needs it, so that the
   * next write starts the WAL over from its beginning. Call it while nothing is being written.
   * Answers whether that succeeded (false: a reader or writer kept it busy past the timeout).
   */
  restart(): Promise<boolean>;
  stop(): Promise<void>;
}

const RESTART_WAIT_MS = 200;

/** Checkpoints the WAL of `file` every `intervalMs` from a worker thread. */
export function startCheckpointer(file: string, intervalMs = 1000): Checkpointer {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, modulePath, intervalMs, restartWaitMs: RESTART_WAIT_MS },
  });
  worker.unref();
  // One request at a time (the driver holds its writer while it asks): the next message is
  // the answer, or an error means there will be none.
  const ask = (request: 'passive' | 'restart') =>
    new Promise<unknown>((resolve) => {
      const answered = (message: unknown) => {
        worker.off('error', failed).off('exit', failed);
        resolve(message);
      };
      const failed = () => {
        worker.off('message', answered).off('error', failed).off('exit', failed);
        resolve(null);
      };
      worker.once('message', answered).once('error', failed).once('exit', failed);
      worker.postMessage(request);
    });
  return {
    catchUp: async () => {
      await ask('passive');
    },
    restart: async () => (await ask('restart')) === 'restarted',
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
