// A CPU profile of the production server under one autocannon load (not part of the table):
// `npx tsx bench/profile.ts /api/balance` (any GET a household member may send), or `npx tsx
// bench/profile.ts POST /api/expenses` (one of the write loads, each connection writing for its
// own household). 100 ordinary households on SQLite (on PostgreSQL with
// `BENCH_ENGINES=postgres`), 100 connections, 2 s warm-up then 10 s; the server's .cpuprofile is
// written into bench/results/ (open it in Chrome DevTools or speedscope).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuild, freePort } from './lib.ts';
import { seedDataset, typicalHousehold } from './seed.ts';
import { WRITES, writeLoad, writersOf } from './throughput.ts';

ensureBuild();
const post = process.argv[2] === 'POST';
const target = process.argv[post ? 3 : 2] ?? '/api/balance';
const write = WRITES.find((w) => w.path === target);
if (post && !write)
  throw new Error(`No write load for ${target} (known: ${WRITES.map((w) => w.path).join(', ')})`);
const engine = process.env.BENCH_ENGINES === 'postgres' ? 'postgres' : 'sqlite';
const data = await seedDataset(engine, {
  households: 100,
  chores: 60,
  expenses: 40,
  messages: 120,
  events: 4,
  heavy: null,
});
const member = typicalHousehold(data).members[1]!;
const port = await freePort();
const out = path.resolve('bench/results');
fs.mkdirSync(out, { recursive: true });
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${out}`, 'dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: data.dataDir,
    ...data.env,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 20));
}
const load = write
  ? writeLoad(url, write, writersOf(data.households))
  : { url: url + target, headers: { cookie: member.cookie } };
await autocannon({ ...load, connections: 100, duration: 2 });
const result = await autocannon({ ...load, connections: 100, duration: 10 });
console.info(target, result.requests.average, 'req/s', 'non2xx', result.non2xx);
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
await data.drop();
