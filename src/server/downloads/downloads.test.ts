import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { workerDownloads } from './downloads.ts';

// A stand-in for the built worker that speaks its protocol (protocol.ts): it dies when asked to,
// else answers each pull with the text it was given, then ends.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-downloads-'));
const workerFile = path.join(dir, 'worker.mjs');
fs.writeFileSync(
  workerFile,
  `import { parentPort } from 'node:worker_threads';
const left = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'start') {
    if (m.args.die) process.exit(3);
    left.set(m.id, [...m.args.pieces]);
  } else if (m.type === 'pull') {
    const piece = left.get(m.id)?.shift();
    if (piece === undefined) parentPort.postMessage({ type: 'end', id: m.id });
    else parentPort.postMessage({ type: 'data', id: m.id, bytes: new TextEncoder().encode(piece) });
  }
});`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const database = { engine: 'sqlite' as const, file: path.join(dir, 'unused.db') };
// The fake worker reads its own arguments, not the download kinds' ones.
const open = (downloads: ReturnType<typeof workerDownloads>, args: object) =>
  downloads.open('household', args as never);

describe('workerDownloads', () => {
  it('streams what the worker sends, a piece per pull, several downloads at once', async () => {
    const downloads = workerDownloads(workerFile, database);
    try {
      const [a, b] = await Promise.all([
        text(open(downloads, { pieces: ['{"a":', '1}'] })),
        text(open(downloads, { pieces: ['second'] })),
      ]);
      expect(a).toBe('{"a":1}');
      expect(b).toBe('second');
    } finally {
      await downloads.close();
    }
  });

  it('fails the downloads in flight when the worker dies, and starts a new worker for the next', async () => {
    const downloads = workerDownloads(workerFile, database);
    try {
      await expect(text(open(downloads, { die: true }))).rejects.toThrow(
        'The downloads worker stopped (exit code 3)',
      );
      expect(await text(open(downloads, { pieces: ['still here'] }))).toBe('still here');
    } finally {
      await downloads.close();
    }
  });
});
