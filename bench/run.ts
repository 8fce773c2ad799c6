// `npm run bench`: runs every benchmark (the 10-minute soak included), prints a table and writes
// bench/results/latest.json. `npm run bench -- quick`: all but the soak. `npm run bench --
// dashboard soak` (any of the names below) runs only the ones named.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/build-inputs.mjs';
import { type DashboardResult, runDashboardBench } from './dashboard.ts';
import { ensureBuild } from './lib.ts';
import { type PathologicalBench, runPathologicalBench } from './pathological.ts';
import { type RealtimeResult, runRealtimeBench } from './realtime.ts';
import { type RulesResult, runRulesBench } from './rules.ts';
import { runScrollBench, type ScrollResult } from './scroll.ts';
import { runSoakBench, type SoakResult } from './soak.ts';
import { runStartupBench, type StartupResult } from './startup.ts';
import { type EngineThroughput, runEngineThroughput } from './throughput.ts';
import { runWebBench, type WebResult } from './web.ts';
import {
  type EngineWrites,
  LOOP_P99_BUDGET_MS,
  runWritesBench,
  WRITE_BUDGETS,
  WRITES_BASE_COMMIT,
} from './writes.ts';

const known = [
  'throughput',
  'writes',
  'realtime',
  'web',
  'scroll',
  'startup',
  'rules',
  'dashboard',
  'pathological',
  'soak',
];
const args = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const quick = args.includes('quick');
const named = args.filter((a) => a !== 'quick');
const unknown = named.filter((n) => !known.includes(n));
if (unknown.length > 0)
  throw new Error(`Unknown benchmark ${unknown.join(', ')} (known: quick, ${known.join(', ')})`);
const selected = (name: string) => (named.length > 0 ? named.includes(name) : !(quick && name === 'soak'));
const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];

/** The soft limit on open files: 5,000 sockets need as many descriptors in the server. */
function openFilesLimit(): number {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? 0);
}

ensureBuild();
const startedAt = new Date().toISOString();
const loadAverage = os.loadavg();
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
console.info(`Started ${startedAt}; ${uptime()}`);

// Start-up first: a cold start on a quiet machine, before the other runs' browsers and servers.
const startup: StartupResult | null = selected('startup') ? await runStartupBench() : null;
const throughput: EngineThroughput[] = [];
if (selected('throughput')) for (const engine of engines) throughput.push(await runEngineThroughput(engine));
const writes: EngineWrites[] = [];
if (selected('writes')) for (const engine of engines) writes.push(await runWritesBench(engine));
let realtime: RealtimeResult | null = null;
let realtimeLoad: number[] | null = null;
if (selected('realtime')) {
  const sockets = Number(process.env.BENCH_SOCKETS ?? 5000);
  if (openFilesLimit() < sockets + 1000)
    throw new Error(
      `ulimit -n is ${openFilesLimit()}: raise it above ${sockets + 1000} for ${sockets} sockets`,
    );
  realtimeLoad = os.loadavg();
  realtime = await runRealtimeBench({
    households: Math.ceil(sockets / 4),
    perHousehold: 4,
    rate: 200,
    seconds: 10,
    warmupSeconds: 2,
  });
}
const web: WebResult | null = selected('web') ? await runWebBench() : null;
const scroll: ScrollResult[] = selected('scroll') ? await runScrollBench() : [];
const rules: RulesResult | null = selected('rules') ? runRulesBench() : null;
const dashboard: DashboardResult | null = selected('dashboard') ? await runDashboardBench() : null;
const pathological: PathologicalBench[] = [];
if (selected('pathological'))
  for (const engine of engines) pathological.push(await runPathologicalBench(engine));
const soak: SoakResult | null = selected('soak') ? await runSoakBench() : null;

const ms = (value: number | null) => (value === null || Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);
const la = (l: number[]) => l[0]!.toFixed(2);
const rows: [string, string, string][] = [];
for (const t of throughput) {
  for (const r of t.reads) {
    rows.push([
      `Read ${t.engine}: GET ${r.path} (${r.bytes} B), 100 conns: req/s, p50 / p99`,
      `${r.requestsPerSecond.toFixed(0)}, ${ms(r.p50Ms)} / ${ms(r.p99Ms)}`,
      '',
    ]);
    rows.push([
      `  vs bare node:http, same bytes: req/s; ratio; Hearth errors (timeouts); load`,
      `${r.baseline.requestsPerSecond.toFixed(0)}; ${r.ratio.toFixed(3)}; ${r.errors + r.non2xx} (${r.timeouts}); ${la(r.loadAverage)}`,
      t.engine === 'sqlite' ? 'ratio ≥ 0.5' : '',
    ]);
  }
  for (const w of t.writes) {
    rows.push([
      `Write ${t.engine}: ${w.what}: req/s, p99 (errors (timeouts); load)`,
      `${w.requestsPerSecond.toFixed(0)}, ${ms(w.p99Ms)} (${w.errors + w.non2xx} (${w.timeouts}); ${la(w.loadAverage)})`,
      '',
    ]);
  }
}
for (const e of writes) {
  const budget = WRITE_BUDGETS[e.engine];
  for (const w of e.writes) {
    const side = (r: (typeof w)['new']) =>
      `${r.requestsPerSecond.toFixed(0)}, ${ms(r.p99Ms)}, ${r.errors + r.non2xx} (${r.timeouts}), ${ms(r.loop.p99Ms)}`;
    rows.push(
      [
        `Writes ${e.engine} vs ${WRITES_BASE_COMMIT}: ${w.what}, ${e.connections} conns, ${e.households} households: ratio new / old (load ${la(w.new.loadAverage)})`,
        `${w.ratio.toFixed(2)}× ${w.met ? '(met)' : '(NOT met)'}`,
        `≥ ${budget.ratio}×${budget.p99Ms === null ? '' : `, p99 < ${budget.p99Ms} ms`}, 0 errors, loop p99 < ${LOOP_P99_BUDGET_MS} ms`,
      ],
      ['  new: req/s, p99, errors (timeouts), event-loop delay p99', side(w.new), ''],
      [`  ${WRITES_BASE_COMMIT}: req/s, p99, errors (timeouts), event-loop delay p99`, side(w.old), ''],
    );
  }
}
if (realtime) {
  rows.push(
    [
      `Real-time: ${realtime.sockets} sockets, ${realtime.messagesPerSecond} msg/s, delivery p50 / p99 (load ${la(realtimeLoad!)})`,
      `${ms(realtime.p50Ms)} / ${ms(realtime.p99Ms)}`,
      'p99 < 25 ms',
    ],
    ['Real-time: deliveries received / missing', `${realtime.deliveries} / ${realtime.missing}`, 'missing 0'],
    ['Real-time: server memory per idle socket', `${realtime.idleKbPerSocket.toFixed(1)} KB`, '< 20 KB'],
  );
}
if (web) {
  for (const r of web.routes) {
    rows.push([
      `Web ${r.name} (${r.path}) initial load, gzip: JS (files) / CSS`,
      `${r.jsGzipKb.toFixed(1)} KB (${r.jsFiles}) / ${r.cssGzipKb.toFixed(1)} KB`,
      r.name === 'landing' ? 'JS ≤ 120 KB' : '',
    ]);
  }
  for (const l of web.lighthouse) {
    rows.push([
      `Lighthouse ${l.name} (${l.preset}${l.language === 'en' ? '' : `, ${l.language}`}, simulated): perf / a11y / best practices (load ${la(l.loadAverage)}, CPU index ${l.benchmarkIndex ?? '?'})`,
      l.error
        ? `error: ${l.error.slice(0, 60)}`
        : `${l.performance} / ${l.accessibility} / ${l.bestPractices}${
            l.performanceRuns.length > 1 ? ` (perf runs ${l.performanceRuns.join(', ')})` : ''
          }`,
      '≥ 95 / 100 / 100',
    ]);
  }
  for (const m of web.mainThread) {
    rows.push([
      `Main thread ${m.name} (${m.path}), real Chromium, CPU ×4, median of ${m.runs}: blocking time / LCP / FCP`,
      `${m.blockingMs.toFixed(0)} ms / ${m.lcpMs.toFixed(0)} ms / ${m.fcpMs.toFixed(0)} ms`,
      '',
    ]);
  }
}
if (startup) {
  rows.push(
    [`Start-up: npm start → serving (load ${la(startup.loadAverage)})`, ms(startup.msToServe), '≤ 2000 ms'],
    ['Start-up: idle RSS 3 s after serving', `${startup.idleRssMb.toFixed(1)} MB`, ''],
  );
}
for (const s of scroll) {
  rows.push([
    `Scroll ${s.screen} (${s.path}), 5,000 items, Chromium CPU ×4, wheel for 15 s: long tasks (longest) / slow frames / rows reached`,
    `${s.longTasks} (${s.longestTaskMs} ms) / ${s.slowFrames} of ${s.frames} / ${s.rowsSeen}`,
    'no long task over 50 ms',
  ]);
}
if (rules) {
  rows.push(
    [
      `Rules: ${rules.expenses} expenses and ${rules.payments} payments × ${rules.members} members: ledgerFigures / simplifyDebts`,
      `${ms(rules.ledgerFiguresMs)} / ${rules.simplifyDebtsMs.toFixed(3)} ms`,
      '',
    ],
    ['Rules: totalsFor every member', ms(rules.totalsAllMs), ''],
  );
}
if (dashboard) {
  const d = dashboard;
  const size = `${d.members} members, ${d.chores / 1000}k chores, ${d.expenses / 1000}k expenses, ${d.messages / 1000}k messages`;
  rows.push(
    [`Dashboard: GET /api/dashboard?period=all (${size}), median`, ms(d.all.medianMs), '< 30 ms'],
    ['Dashboard: period=all p90 / p99', `${ms(d.all.p90Ms)} / ${ms(d.all.p99Ms)}`, ''],
    ['Dashboard: period=all, server CPU time per request', ms(d.all.serverCpuMsPerRequest), ''],
    [
      'Dashboard: period=week / month / GET /api/home, median',
      `${ms(d.week.medianMs)} / ${ms(d.month.medianMs)} / ${ms(d.home.medianMs)}`,
      '',
    ],
    ['Dashboard: load average (1 min) when timing started', la(d.loadAverage.timing), ''],
  );
}
for (const p of pathological) {
  rows.push(
    [
      `Pathological run ${p.engine} (${p.requests} requests, ${p.seconds.toFixed(0)} s): event-loop delay p99 / max`,
      `${ms(p.loop.p99Ms)} / ${ms(p.loop.maxMs)}`,
      'p99 < 50 ms',
    ],
    [
      `Pathological run ${p.engine}: slowest answer (a download's first bytes)`,
      `${ms(p.slowest.ms)} (${p.slowest.label.slice(0, 60)})`,
      '< 1,000 ms',
    ],
    [
      `Pathological run ${p.engine}: slowest download, whole`,
      `${ms(p.slowestWhole.ms)} (${p.slowestWhole.label.slice(0, 60)})`,
      '',
    ],
  );
}
if (soak) {
  rows.push(
    [
      `Soak: ${soak.seconds} s, ${soak.requestsPerSecondTarget} req/s mixed (4 reads : 1 write), ${soak.sockets} sockets: RSS growth after ${soak.warmupSeconds} s warm-up`,
      `${soak.rssGrowthPercent.toFixed(1)} % (${soak.rssAfterWarmupMb.toFixed(0)} → ${soak.rssEndMb.toFixed(0)} MB)`,
      '< 10 %',
    ],
    [
      `Soak: errors (HTTP errors + non-2xx + socket errors), p99 (load ${la(soak.loadAverage.start)} → ${la(soak.loadAverage.end)})`,
      `${soak.errors + soak.non2xx + soak.socketErrors}, ${ms(soak.p99Ms)}`,
      '0',
    ],
  );
}
const width = Math.max(...rows.map((r) => r[0].length));
const valueWidth = Math.max(14, ...rows.map((r) => r[1].length));
console.info(`\n${'Benchmark'.padEnd(width)}  ${'Measured'.padEnd(valueWidth)}  Target`);
for (const [name, value, target] of rows)
  console.info(`${name.padEnd(width)}  ${value.padEnd(valueWidth)}  ${target}`);
console.info(`\nFinished ${new Date().toISOString()}; ${uptime()}`);

const results = {
  startedAt,
  finishedAt: new Date().toISOString(),
  mode: named.length > 0 ? named : quick ? 'quick' : 'all',
  machine: {
    cpus: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadAverage,
    loadAverageEnd: os.loadavg(),
    openFilesLimit: openFilesLimit(),
  },
  table: rows.map(([name, measured, target]) => ({ name, measured, target })),
  throughput,
  writes,
  realtime,
  web,
  scroll,
  startup,
  rules,
  dashboard,
  pathological,
  soak,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.info('\nWrote bench/results/latest.json');
