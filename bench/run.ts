// `npm run bench`: runs the benchmarks, prints a table and writes bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/build-inputs.mjs';
import { ensureBuild } from './lib.ts';
import { runRealtimeBench } from './realtime.ts';

ensureBuild();
const startedAt = new Date().toISOString();
const realtime = await runRealtimeBench();

const rows: [string, string, string][] = [
  [
    `Real-time: ${realtime.households} households × 4 sockets, ${realtime.messagesPerSecond} msg/s, delivery p50`,
    `${realtime.p50Ms.toFixed(1)} ms`,
    '',
  ],
  ['Real-time: delivery p99 (POST → every member socket)', `${realtime.p99Ms.toFixed(1)} ms`, '< 25 ms'],
  ['Real-time: deliveries received / missing', `${realtime.deliveries} / ${realtime.missing}`, 'missing 0'],
  ['Real-time: server memory per idle socket', `${realtime.idleKbPerSocket.toFixed(1)} KB`, '< 20 KB'],
];
const width = Math.max(...rows.map((r) => r[0].length));
console.info(`\n${'Benchmark'.padEnd(width)}  ${'Measured'.padEnd(14)}  Target`);
for (const [name, value, target] of rows)
  console.info(`${name.padEnd(width)}  ${value.padEnd(14)}  ${target}`);

const results = {
  startedAt,
  machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  realtime,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.info('\nWrote bench/results/latest.json');
