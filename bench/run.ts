// `npm run bench`: runs the benchmarks, prints a table and writes bench/results/latest.json.
// `npm run bench -- dashboard` (or `realtime`) runs only the ones named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/build-inputs.mjs';
import { type DashboardResult, runDashboardBench } from './dashboard.ts';
import { ensureBuild } from './lib.ts';
import { type RealtimeResult, runRealtimeBench } from './realtime.ts';

const known = ['realtime', 'dashboard'];
const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = named.filter((n) => !known.includes(n));
if (unknown.length > 0)
  throw new Error(`Unknown benchmark ${unknown.join(', ')} (known: ${known.join(', ')})`);
const selected = (name: string) => named.length === 0 || named.includes(name);

ensureBuild();
const startedAt = new Date().toISOString();
const loadAverage = os.loadavg();
const realtime: RealtimeResult | null = selected('realtime') ? await runRealtimeBench() : null;
const dashboard: DashboardResult | null = selected('dashboard') ? await runDashboardBench() : null;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows: [string, string, string][] = [];
if (realtime) {
  rows.push(
    [
      `Real-time: ${realtime.households} households × 4 sockets, ${realtime.messagesPerSecond} msg/s, delivery p50`,
      `${realtime.p50Ms.toFixed(1)} ms`,
      '',
    ],
    ['Real-time: delivery p99 (POST → every member socket)', `${realtime.p99Ms.toFixed(1)} ms`, '< 25 ms'],
    ['Real-time: deliveries received / missing', `${realtime.deliveries} / ${realtime.missing}`, 'missing 0'],
    ['Real-time: server memory per idle socket', `${realtime.idleKbPerSocket.toFixed(1)} KB`, '< 20 KB'],
  );
}
if (dashboard) {
  const d = dashboard;
  const size = `${d.members} members, ${d.chores / 1000}k chores, ${d.expenses / 1000}k expenses, ${d.messages / 1000}k messages`;
  rows.push(
    [`Dashboard: GET /api/dashboard?period=all (${size}), median`, ms(d.all.medianMs), '< 30 ms'],
    ['Dashboard: period=all p90 / p99', `${ms(d.all.p90Ms)} / ${ms(d.all.p99Ms)}`, ''],
    ['Dashboard: period=all, server CPU time per request', ms(d.all.serverCpuMsPerRequest), ''],
    ['Dashboard: period=week, median', ms(d.week.medianMs), ''],
    ['Dashboard: period=month, median', ms(d.month.medianMs), ''],
    ['Dashboard: GET /api/home, median', ms(d.home.medianMs), ''],
    ['Dashboard: load average (1 min) when timing started', d.loadAverage.timing[0]!.toFixed(2), ''],
  );
}
const width = Math.max(...rows.map((r) => r[0].length));
const valueWidth = Math.max(14, ...rows.map((r) => r[1].length));
console.info(`\n${'Benchmark'.padEnd(width)}  ${'Measured'.padEnd(valueWidth)}  Target`);
for (const [name, value, target] of rows)
  console.info(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`);

const results = {
  startedAt,
  machine: {
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage,
  },
  realtime,
  dashboard,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.info('\nWrote bench/results/latest.json');
