// The pathological run of the event-loop guard (tests/reliability/pathological.ts) on each
// engine: the server's event-loop delay and the slowest answer while every write route gets its
// worst values on a household filled to its caps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answeredMs, DOWNLOAD, type LoopDelay, runPathological } from '../tests/reliability/pathological.ts';
import { throwawayDatabase } from '../tests/reliability/server.ts';
import type { Engine } from './seed.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PathologicalBench {
  engine: Engine;
  loop: LoopDelay;
  requests: number;
  /** The slowest answer: a download's first bytes, any other request whole. */
  slowest: { label: string; ms: number };
  /** The slowest download to arrive whole. */
  slowestWhole: { label: string; ms: number };
  seconds: number;
}

export async function runPathologicalBench(engine: Engine): Promise<PathologicalBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-loop-'));
  const database = throwawayDatabase(ADMIN_URL, 'hearth_bench_loop');
  try {
    if (engine === 'postgres') await database.create();
    const result =
      engine === 'sqlite'
        ? await runPathological(
            { DATA_DIR: dataDir },
            { engine: 'sqlite', file: path.join(dataDir, 'hearth.db') },
          )
        : await runPathological(
            { DATABASE_URL: database.url, DATA_DIR: dataDir },
            { engine: 'postgres', url: database.url },
          );
    const all = [...result.writes, ...result.reads];
    const answered = all.map((r) => ({ label: r.label, ms: answeredMs(r) }));
    const slowest = answered.reduce((a, b) => (b.ms > a.ms ? b : a));
    const slowestWhole = all
      .filter((r) => DOWNLOAD.test(r.label))
      .reduce((a, b) => (b.ms > a.ms ? b : a), { label: 'none', ms: 0 });
    return {
      engine,
      loop: result.loop,
      requests: all.length,
      slowest,
      slowestWhole: { label: slowestWhole.label, ms: slowestWhole.ms },
      seconds: result.seconds,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'postgres') await database.drop();
  }
}
