import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { DatabaseConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { type DownloadArgs, type DownloadKind, startDownload } from './kinds.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** The whole-history downloads, as streams to send. */
export interface Downloads {
  open<K extends DownloadKind>(kind: K, args: DownloadArgs<K>): Readable;
  close(): Promise<void>;
}

/**
 * Downloads built on the server's own thread, a piece at a time with turns for other requests.
 * For a database no second connection can open (SQLite in memory), and where no worker is built.
 */
export function inlineDownloads(db: Db): Downloads {
  return {
    open: (kind, args) => Readable.from(startDownload(db, kind, args), { objectMode: false }),
    close: async () => {},
  };
}

/**
 * Downloads built by a worker thread (worker.ts) with its own connection to the database, so
 * JSON, CSV and ZIP building and their garbage never hold the thread that answers requests. The
 * worker is started again if it dies; a download in flight then fails like a dropped connection.
 */
export function workerDownloads(workerFile: string, database: DatabaseConfig): Downloads {
  let worker: Worker | undefined;
  let nextId = 1;
  const streams = new Map<number, Readable>();

  const failAll = (error: Error) => {
    for (const stream of streams.values()) stream.destroy(error);
    streams.clear();
    worker = undefined;
  };

  const running = (): Worker => {
    if (worker) return worker;
    const started = new Worker(workerFile, { workerData: { database } });
    started.unref();
    started.on('message', (message: FromWorker | 'ready') => {
      if (message === 'ready') return;
      const stream = streams.get(message.id);
      if (!stream) return;
      if (message.type === 'data')
        stream.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else if (message.type === 'end') {
        streams.delete(message.id);
        stream.push(null);
      } else {
        streams.delete(message.id);
        stream.destroy(new Error(`The download failed: ${message.message}`));
      }
    });
    started.on('error', (error) => {
      if (worker === started) failAll(error);
    });
    started.on('exit', (code) => {
      if (worker === started) failAll(new Error(`The downloads worker stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  };

  // Started with the server, so the first download does not wait for it to load.
  running();
  return {
    open(kind, args) {
      const id = nextId++;
      const thread = running();
      const post = (message: ToWorker) => thread.postMessage(message);
      const stream = new Readable({
        read: () => post({ type: 'pull', id }),
        destroy: (error, done) => {
          if (streams.delete(id)) post({ type: 'cancel', id });
          done(error);
        },
      });
      streams.set(id, stream);
      post({ type: 'start', id, kind, args });
      return stream;
    },
    async close() {
      const stopping = worker;
      worker = undefined;
      for (const stream of streams.values()) stream.destroy();
      streams.clear();
      await stopping?.terminate();
    },
  };
}
