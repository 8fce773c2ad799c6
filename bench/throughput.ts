// Throughput: reads and writes with autocannon (100 connections) against the production server
// on the seeded data set, on SQLite and on PostgreSQL, next to a bare node:http server that
// answers the same bytes (the machine's ceiling for that response over HTTP).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { equalSplit } from '#shared/expenses/rules.ts';
import { freePort, type SeededUser, startServer } from './lib.ts';
import { type Engine, type SeededData, type SeededHousehold, seedDataset, typicalHousehold } from './seed.ts';

export const READ_PATHS = ['/api/chores', '/api/expenses', '/api/balance', '/api/home'] as const;
/** Read as a member of the heavy household too: the ledger's sums over its whole history. */
export const HEAVY_READ_PATHS = ['/api/balance', '/api/balances'] as const;

export interface ThroughputOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export const THROUGHPUT_DEFAULTS: ThroughputOptions = {
  connections: 100,
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: 2,
};

export interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors, timeouts included (autocannon counts a timeout as an error too). */
  errors: number;
  timeouts: number;
  non2xx: number;
  loadAverage: number[];
}

export interface ReadResult extends Load {
  path: string;
  bytes: number;
  baseline: Load;
  ratio: number;
}

export interface EngineThroughput {
  engine: Engine;
  rows: number;
  seedSeconds: number;
  households: number;
  reads: ReadResult[];
  writes: (Load & { what: string })[];
}

export function summarize(result: Result): Load {
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    loadAverage: os.loadavg(),
  };
}

async function measure(options: ThroughputOptions, base: Parameters<typeof autocannon>[0]): Promise<Load> {
  if (options.warmupSeconds > 0)
    await autocannon({ ...base, connections: options.connections, duration: options.warmupSeconds });
  return summarize(
    await autocannon({ ...base, connections: options.connections, duration: options.seconds }),
  );
}

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One GET without Accept-Encoding (as autocannon sends it): status, headers and body verbatim. */
function capture(url: string, cookie: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(response.headers)) {
            if (['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(k))
              continue;
            headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
}

const BASELINE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const routes = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));
for (const r of Object.values(routes)) r.buffer = Buffer.from(r.body, 'base64');
http.createServer((req, res) => {
  const r = routes[req.url];
  if (!r) { res.writeHead(404); res.end(); return; }
  res.writeHead(r.status, { ...r.headers, 'content-length': r.buffer.length });
  res.end(r.buffer);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send('ready'));
`;

/** A bare node:http server in a child process answering each captured path with the same bytes. */
async function startBaseline(routes: Record<string, Captured>) {
  const file = path.join(os.tmpdir(), `hearth-bench-baseline-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(routes));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BASELINE_SERVER, file, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('baseline server exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(file, { force: true });
    },
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Each connection writes as a different member of a different ordinary household. */
export interface Writer {
  household: SeededHousehold;
  user: SeededUser;
}

export function writersOf(households: SeededHousehold[]): Writer[] {
  return households.map((h, i) => ({ household: h, user: h.members[i % h.members.length]! }));
}

const messageBody = JSON.stringify({ content: 'Benchmark message: who is cooking tonight?' });
function expenseBody(w: Writer): string {
  const ids = w.household.members.map((m) => m.id);
  const amount = 1200 * ids.length + 7;
  return JSON.stringify({
    expense: { title: 'Groceries', amount: dollars(amount), category: 'groceries', paidBy: w.user.id },
    splits: equalSplit(amount, ids).map((s) => ({ userId: s.userId, amount: dollars(s.cents) })),
  });
}

/** The write loads, with bodies every version of the API since bc93578 accepts. */
export const WRITES = [
  { what: 'POST /api/messages', path: '/api/messages', body: (_w: Writer) => messageBody },
  { what: 'POST /api/expenses (equal split among all members)', path: '/api/expenses', body: expenseBody },
] as const;
export type Write = (typeof WRITES)[number];

const writeHeaders = (cookie: string, origin: string) => ({
  cookie,
  'content-type': 'application/json',
  origin,
});

/** One of each write first: the bodies must be accepted. */
export async function checkWrites(url: string, writers: Writer[]): Promise<void> {
  for (const write of WRITES) {
    const response = await fetch(`${url}${write.path}`, {
      method: 'POST',
      headers: writeHeaders(writers[0]!.user.cookie, url),
      body: write.body(writers[0]!),
    });
    if (response.status >= 300)
      throw new Error(`POST ${write.path} at ${url} answered ${response.status}: ${await response.text()}`);
  }
}

/** autocannon's options for `write` against the server at `url`, one writer a connection. */
export function writeLoad(url: string, write: Write, writers: Writer[]): Parameters<typeof autocannon>[0] {
  let next = 0;
  return {
    url: `${url}${write.path}`,
    method: 'POST',
    setupClient: (client) => {
      const w = writers[next++ % writers.length]!;
      client.setHeadersAndBody(writeHeaders(w.user.cookie, url), write.body(w));
    },
  };
}

export async function runEngineThroughput(
  engine: Engine,
  options: ThroughputOptions = THROUGHPUT_DEFAULTS,
): Promise<EngineThroughput> {
  const data: SeededData = await seedDataset(engine);
  console.info(`[throughput] ${engine}: seeded ${data.rows} rows in ${data.seedSeconds.toFixed(1)} s`);
  const server = await startServer(data.dataDir, data.env);
  try {
    const member = typicalHousehold(data, 4).members[1]!;
    // The money reads also as a member of the heavy household: 5,000 expenses, 2,000 payments.
    const heavyMember = data.heavy?.members[1];
    const targets = [
      ...READ_PATHS.map((p) => ({ label: p, url: p, cookie: member.cookie })),
      ...(heavyMember
        ? HEAVY_READ_PATHS.map((p) => ({
            label: `${p} (heavy household)`,
            url: `${p}?heavy`,
            cookie: heavyMember.cookie,
          }))
        : []),
    ];
    const captured: Record<string, Captured> = {};
    for (const { url, cookie } of targets) {
      captured[url] = await capture(`${server.url}${url}`, cookie);
      if (captured[url].status !== 200) throw new Error(`GET ${url} answered ${captured[url].status}`);
    }
    const baseline = await startBaseline(captured);
    const reads: ReadResult[] = [];
    try {
      for (const { label, url: p, cookie } of targets) {
        const base = await measure(options, { url: `${baseline.url}${p}` });
        const real = await measure(options, { url: `${server.url}${p}`, headers: { cookie } });
        reads.push({
          path: label,
          bytes: Buffer.from(captured[p]!.body, 'base64').length,
          ...real,
          baseline: base,
          ratio: real.requestsPerSecond / base.requestsPerSecond,
        });
        console.info(
          `[throughput] ${engine} GET ${p}: ${real.requestsPerSecond.toFixed(0)} req/s vs baseline ${base.requestsPerSecond.toFixed(0)}`,
        );
      }
    } finally {
      await baseline.stop();
    }

    await checkWrites(server.url, writersOf(data.households));
    const writes: (Load & { what: string })[] = [];
    for (const write of WRITES) {
      const load = await measure(options, writeLoad(server.url, write, writersOf(data.households)));
      writes.push({ what: write.what, ...load });
      console.info(`[throughput] ${engine} ${write.what}: ${load.requestsPerSecond.toFixed(0)} req/s`);
    }
    return {
      engine,
      rows: data.rows,
      seedSeconds: data.seedSeconds,
      households: data.households.length + (data.heavy ? 1 : 0),
      reads,
      writes,
    };
  } finally {
    await server.stop();
    await data.drop();
  }
}
