// Writes beside an earlier commit (issue 31): `POST /api/messages` and `POST /api/expenses` with
// 100 connections, each writing as a member of its own household, on that commit's server and on
// this checkout's, one after the other, with the event loop's delay measured inside each server.
// Both servers run on copies of one database seeded by that commit's bench/seed.ts; this
// checkout's server migrates its copy forward at start, as an upgrade would.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { LoopDelay } from '../tests/reliability/pathological.ts';
import { type RunningServer, startServer, tempDataDir } from './lib.ts';
import { oldBuild } from './old-build.ts';
import type { Engine, SeededData } from './seed.ts';
import {
  checkWrites,
  type Load,
  summarize,
  THROUGHPUT_DEFAULTS,
  type ThroughputOptions,
  WRITES,
  writeLoad,
  writersOf,
} from './throughput.ts';

/** The code before group commit and the PostgreSQL tuning of issue 31. */
export const WRITES_BASE_COMMIT = 'bc93578';
const HOUSEHOLDS = 100;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const WRITE_BUDGETS: Record<Engine, { ratio: number; p99Ms: number | null }> = {
  sqlite: { ratio: 3, p99Ms: 100 },
  postgres: { ratio: 2, p99Ms: null },
};
export const LOOP_P99_BUDGET_MS = 20;

export interface WriteRun extends Load {
  /** The server's event-loop delay during the measured seconds (warm-up excluded). */
  loop: LoopDelay;
}

export interface WriteComparison {
  what: string;
  old: WriteRun;
  new: WriteRun;
  /** New req/s ÷ old req/s. */
  ratio: number;
  /** Ratio and p99 budgets met, no error or timeout, loop p99 under budget (all of the new server). */
  met: boolean;
}

export interface EngineWrites {
  engine: Engine;
  baseCommit: string;
  households: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  seededRows: number;
  writes: WriteComparison[];
}

interface Copy {
  dataDir: string;
  env: Record<string, string>;
  drop: () => Promise<void>;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh copy of the seeded database: the data folder, or a PostgreSQL database made from it. */
async function copyOf(data: SeededData, label: string): Promise<Copy> {
  const dataDir = tempDataDir();
  if (data.engine === 'sqlite') {
    fs.cpSync(data.dataDir, dataDir, { recursive: true });
    return { dataDir, env: {}, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const source = new URL(data.env.DATABASE_URL!);
  const name = `${source.pathname.slice(1)}_${label}`;
  await admin(`create database ${name} template ${source.pathname.slice(1)}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Waits until the server is idle: autocannon stops with requests still queued in the server, whose
 * work would otherwise overlap the next run (on the other server).
 */
async function settle(server: RunningServer): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const before = server.cpuMs();
    await new Promise((r) => setTimeout(r, 250));
    if (server.cpuMs() - before <= 20 || performance.now() > deadline) return;
  }
}

async function run(
  server: RunningServer,
  load: Parameters<typeof autocannon>[0],
  options: ThroughputOptions,
): Promise<WriteRun> {
  const connections = options.connections;
  if (options.warmupSeconds > 0) await autocannon({ ...load, connections, duration: options.warmupSeconds });
  await server.loopDelay();
  const result = summarize(await autocannon({ ...load, connections, duration: options.seconds }));
  const loop = await server.loopDelay();
  await settle(server);
  return { ...result, loop };
}

export function writeBudgetMet(engine: Engine, w: { ratio: number; new: WriteRun }): boolean {
  const budget = WRITE_BUDGETS[engine];
  return (
    w.ratio >= budget.ratio &&
    (budget.p99Ms === null || w.new.p99Ms < budget.p99Ms) &&
    w.new.errors + w.new.non2xx === 0 &&
    w.new.timeouts === 0 &&
    w.new.loop.p99Ms < LOOP_P99_BUDGET_MS
  );
}

export async function runWritesBench(
  engine: Engine,
  options: ThroughputOptions = THROUGHPUT_DEFAULTS,
): Promise<EngineWrites> {
  const build = oldBuild(WRITES_BASE_COMMIT);
  // That commit's seed writes its own schema, which this checkout's migrations then carry forward.
  const { seedDataset } = (await import(pathToFileURL(`${build.dir}/bench/seed.ts`).href)) as {
    seedDataset: (engine: Engine) => Promise<SeededData>;
  };
  const data = await seedDataset(engine);
  console.info(`[writes] ${engine}: seeded ${data.rows} rows in ${data.seedSeconds.toFixed(1)} s`);
  const copies: Copy[] = [];
  const servers: RunningServer[] = [];
  try {
    const sides = [
      { label: 'old', appDir: build.dir },
      { label: 'new', appDir: undefined },
    ] as const;
    for (const side of sides) {
      const copy = await copyOf(data, side.label);
      copies.push(copy);
      servers.push(await startServer(copy.dataDir, copy.env, { appDir: side.appDir, loopProbe: true }));
    }
    const [oldServer, newServer] = servers as [RunningServer, RunningServer];
    const writers = writersOf(data.households.slice(0, HOUSEHOLDS));
    for (const server of servers) await checkWrites(server.url, writers);
    for (const server of servers) await settle(server);

    const writes: WriteComparison[] = [];
    for (const write of WRITES) {
      const old = await run(oldServer, writeLoad(oldServer.url, write, writers), options);
      const now = await run(newServer, writeLoad(newServer.url, write, writers), options);
      const ratio = now.requestsPerSecond / old.requestsPerSecond;
      writes.push({
        what: write.what,
        old,
        new: now,
        ratio,
        met: writeBudgetMet(engine, { ratio, new: now }),
      });
      console.info(
        `[writes] ${engine} ${write.what}: ${now.requestsPerSecond.toFixed(0)} req/s vs ${old.requestsPerSecond.toFixed(0)} at ${WRITES_BASE_COMMIT} (${ratio.toFixed(2)}×)`,
      );
    }
    return {
      engine,
      baseCommit: build.commit,
      households: writers.length,
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      seededRows: data.rows,
      writes,
    };
  } finally {
    for (const server of servers) await server.stop();
    for (const copy of copies) await copy.drop();
    await data.drop();
  }
}
