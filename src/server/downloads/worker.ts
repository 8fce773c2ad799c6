// The downloads worker: builds the whole-history downloads on a thread of its own, reading the
// database through a connection of its own, and hands them over a piece per request for more.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { startDownload } from './kinds.ts';
import { type FromWorker, PULL_BYTES, type ToWorker } from './protocol.ts';

// On Linux each thread has its own niceness: the lowest keeps this thread from taking a core from
// the one that answers requests when both want it. Elsewhere the thread keeps the process's.
try {
  const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  os.setPriority(thread, os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {}

const port = parentPort!;
const database = await openDatabase(workerData.database as DatabaseConfig, { reader: true });
const running = new Map<number, AsyncIterator<string | Uint8Array>>();
const encoder = new TextEncoder();
const send = (message: FromWorker) => port.postMessage(message);

async function pull(id: number): Promise<void> {
  const pieces = running.get(id);
  if (!pieces) return;
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < PULL_BYTES) {
      const next = await pieces.next();
      if (next.done) break;
      const bytes = typeof next.value === 'string' ? encoder.encode(next.value) : next.value;
      parts.push(bytes);
      size += bytes.length;
    }
  } catch (error) {
    running.delete(id);
    send({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (!running.has(id)) return;
  if (size > 0) send({ type: 'data', id, bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts) });
  if (size < PULL_BYTES) {
    running.delete(id);
    send({ type: 'end', id });
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    running.set(
      message.id,
      startDownload(database.db, message.kind, message.args as never)[Symbol.asyncIterator](),
    );
  } else if (message.type === 'pull') {
    void pull(message.id);
  } else {
    const pieces = running.get(message.id);
    running.delete(message.id);
    void pieces?.return?.();
  }
});
port.postMessage('ready');
