// Web: gzipped JS and CSS each route loads on a first visit (what Chromium fetches until the
// network is idle, sized from dist/web's .gz files), and Lighthouse (mobile, simulated
// throttling) performance / accessibility / best-practices for the main pages.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import { root } from '../scripts/build-inputs.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { memberCookies, percentile, signIn, startServer } from './lib.ts';
import { seedDataset } from './seed.ts';

export const PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'auth', path: '/auth', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'chores', path: '/chores', signedIn: true },
  { name: 'expenses', path: '/expenses', signedIn: true },
  { name: 'calendar', path: '/calendar', signedIn: true },
  { name: 'chat', path: '/messages', signedIn: true },
] as const;

/** Lighthouse's form factors, each audited (BENCH_LIGHTHOUSE_PRESETS=mobile for one). */
const PRESETS = (process.env.BENCH_LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',') as (
  | 'mobile'
  | 'desktop'
)[];

/** BENCH_LANGUAGE=de: the browsers ask for that language (Accept-Language), so pages come in it. */
const LANGUAGE = process.env.BENCH_LANGUAGE ?? 'en';

/** BENCH_PAGES=home,chores audits only those pages with Lighthouse (all of them by default). */
function pagesToAudit() {
  const named = process.env.BENCH_PAGES?.split(',');
  return named ? PAGES.filter((p) => named.includes(p.name)) : PAGES;
}

export interface RouteWeight {
  name: string;
  path: string;
  jsFiles: number;
  jsGzipKb: number;
  cssFiles: number;
  cssGzipKb: number;
}

export interface LighthouseScores {
  name: string;
  path: string;
  preset: 'mobile' | 'desktop';
  language: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  error: string | null;
  loadAverage: number[];
  /**
   * Lighthouse's measure of this machine's CPU (`environment.benchmarkIndex`, higher is faster),
   * in the median run. Simulated throttling slows every task by the same factor, whatever the
   * machine, so scores only compare between runs with similar indexes.
   */
  benchmarkIndex: number | null;
  /** Every run's performance score (BENCH_LIGHTHOUSE_RUNS); the other fields are the median run's. */
  performanceRuns: (number | null)[];
  /** FCP, LCP, TBT, CLS and SI: the value and its score (0-1). */
  metrics: Record<string, string>;
  /** The audits short of full marks (see auditSummary). */
  failing: { category: string; id: string; title: string; value?: string; items?: string[] }[];
}

/**
 * The first load of a page in a real Chromium whose CPU is slowed four times (as Lighthouse's
 * phone is, but run rather than simulated), the median of BENCH_MAIN_THREAD_RUNS fresh loads:
 * blocking time (each long task's time over 50 ms, from the first paint on) and the largest
 * paint, from the page's own PerformanceObserver. Measured, not simulated: with enough loads of
 * each build (BENCH.md), it tells two builds apart where Lighthouse's score moves by ten points.
 */
export interface MainThread {
  name: string;
  path: string;
  runs: number;
  fcpMs: number;
  lcpMs: number;
  blockingMs: number;
  /** Every run's blocking time, in run order. */
  blockingRuns: number[];
}

export interface WebResult {
  routes: RouteWeight[];
  lighthouse: LighthouseScores[];
  lighthouseVersion: string | null;
  mainThread: MainThread[];
}

const MAIN_THREAD_RUNS = Number(process.env.BENCH_MAIN_THREAD_RUNS) || 7;

/** Collects long tasks and largest paints from the start of the page (an init script). */
function observePaintsAndTasks(): void {
  const w = window as unknown as { benchTasks: [number, number][]; benchLcp: number };
  w.benchTasks = [];
  w.benchLcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.benchTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.benchLcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function mainThreadOf(url: string, cookies: string[]): Promise<MainThread[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: MainThread[] = [];
  try {
    for (const page of pagesToAudit()) {
      const runs: { fcp: number; lcp: number; blocking: number }[] = [];
      for (let i = 0; i < MAIN_THREAD_RUNS; i++) {
        // A phone-sized window, a fresh profile each time: nothing cached, as on a first visit.
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        if (page.signedIn) await signIn(context, url, cookies);
        await context.addInitScript(observePaintsAndTasks);
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.goto(`${url}${page.path}`, { waitUntil: 'networkidle' });
        // Long tasks after the network is idle (the live connection, the badges) count too.
        await tab.waitForTimeout(2_000);
        runs.push(
          await tab.evaluate(() => {
            const w = window as unknown as { benchTasks: [number, number][]; benchLcp: number };
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
            const blocking = w.benchTasks
              .filter(([start]) => start >= fcp)
              .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
            return { fcp, lcp: w.benchLcp, blocking };
          }),
        );
        await context.close();
      }
      out.push({
        name: page.name,
        path: page.path,
        runs: runs.length,
        fcpMs: percentile(
          runs.map((r) => r.fcp),
          50,
        ),
        lcpMs: percentile(
          runs.map((r) => r.lcp),
          50,
        ),
        blockingMs: percentile(
          runs.map((r) => r.blocking),
          50,
        ),
        blockingRuns: runs.map((r) => Math.round(r.blocking)),
      });
      const m = out.at(-1)!;
      console.info(`[web] main thread ${page.name}: ${JSON.stringify(m)}`);
    }
  } finally {
    await browser.close();
  }
  return out;
}

function gzipSize(pathname: string, body: Buffer): number {
  const file = path.join(root, 'dist/web', `${pathname}.gz`);
  return fs.existsSync(file) ? fs.statSync(file).size : gzipSync(body, { level: 9 }).length;
}

async function routeWeights(url: string, cookies: string[]): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: RouteWeight[] = [];
  try {
    for (const page of PAGES) {
      const context = await browser.newContext();
      if (page.signedIn) await signIn(context, url, cookies);
      const tab = await context.newPage();
      const files = new Map<string, { type: string; size: number }>();
      const pending: Promise<void>[] = [];
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        const target = new URL(response.url());
        if ((type !== 'script' && type !== 'stylesheet') || target.origin !== url) return;
        pending.push(
          response.body().then(
            (body) => void files.set(target.pathname, { type, size: gzipSize(target.pathname, body) }),
            () => undefined,
          ),
        );
      });
      await tab.goto(`${url}${page.path}`, { waitUntil: 'networkidle' });
      await Promise.all(pending);
      await context.close();
      const of = (type: string) => [...files.values()].filter((f) => f.type === type);
      out.push({
        name: page.name,
        path: page.path,
        jsFiles: of('script').length,
        jsGzipKb: of('script').reduce((s, f) => s + f.size, 0) / 1024,
        cssFiles: of('stylesheet').length,
        cssGzipKb: of('stylesheet').reduce((s, f) => s + f.size, 0) / 1024,
      });
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * A headless Chromium of its own (fresh profile, launched as the Lighthouse CLI launches it) for
 * Lighthouse to drive, with the given cookies already in its jar: the page sees them as a
 * signed-in browser would, `document.cookie` included (an `--extra-headers` Cookie would not be).
 */
async function launchChromium(url: string, cookies: string[]): Promise<LaunchedChrome> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS, `--lang=${LANGUAGE}`, `--accept-lang=${LANGUAGE}`],
  });
  try {
    if (cookies.length > 0) {
      const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`);
      const { webSocketDebuggerUrl } = (await version.json()) as { webSocketDebuggerUrl: string };
      await setCookies(webSocketDebuggerUrl, url, cookies);
    }
    return chrome;
  } catch (error) {
    chrome.kill();
    throw error;
  }
}

/** Storage.setCookies over the browser's DevTools socket; `cookies` are 'name=value' pairs. */
function setCookies(endpoint: string, url: string, cookies: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(endpoint);
    socket.on('error', reject);
    socket.on('open', () => {
      const list = cookies.map((c) => {
        const [name, value] = c.split('=') as [string, string];
        return { name, value, url };
      });
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: list } }));
    });
    socket.on('message', (data) => {
      const answer = JSON.parse(String(data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      socket.close();
      if (answer.error) reject(new Error(answer.error.message));
      else resolve();
    });
  });
}

function lighthouse(
  url: string,
  port: number,
  output: string,
  preset: 'mobile' | 'desktop',
): Promise<string | null> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    // The desktop preset brings its own screen, throttling and form factor.
    ...(preset === 'desktop' ? ['--preset=desktop'] : ['--form-factor=mobile']),
    '--throttling-method=simulate',
    '--only-categories=performance,accessibility,best-practices',
    `--port=${port}`,
  ];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: 240_000 }, (error, _stdout, stderr) =>
      resolve(error ? `${error.message} ${stderr.slice(-500)}` : null),
    );
  });
}

interface LighthouseReport {
  lighthouseVersion?: string;
  categories?: Record<string, { score: number | null; auditRefs: { id: string; group?: string }[] }>;
  audits?: Record<
    string,
    {
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      metricSavings?: Record<string, number>;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
  runtimeError?: { message: string };
  finalDisplayedUrl?: string;
  environment?: { benchmarkIndex?: number };
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

/** One line for a failed audit's detail row: the console message, the issue type, the element. */
function describeItem(item: Record<string, unknown>): string {
  const text =
    item.description ??
    item.issueType ??
    (item.node as { snippet?: string } | undefined)?.snippet ??
    JSON.stringify(item);
  return String(text).slice(0, 160);
}

/**
 * What a report says is short of full marks: the five metrics (value and score), every failed
 * best-practices and accessibility audit, and the performance audits that fail, largest
 * estimated savings first (at most six).
 */
export function auditSummary(report: LighthouseReport): Pick<LighthouseScores, 'metrics' | 'failing'> {
  const audits = report.audits ?? {};
  const metrics: Record<string, string> = {};
  for (const [short, id] of Object.entries(METRICS)) {
    const audit = audits[id];
    if (audit) metrics[short] = `${audit.displayValue ?? '?'} (${audit.score ?? '–'})`;
  }
  const failed = (category: string) =>
    (report.categories?.[category]?.auditRefs ?? [])
      // The metrics are listed apart; 'hidden' ones (TTI, max potential FID) weigh nothing.
      .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
      .map((ref) => ({ id: ref.id, ...audits[ref.id]! }))
      .filter((a) => a.title && SCORED.has(a.scoreDisplayMode) && a.score !== null && a.score < 1);
  const savings = (a: { metricSavings?: Record<string, number> }) =>
    Object.values(a.metricSavings ?? {}).reduce((s, v) => s + v, 0);
  const failing = [
    ...failed('best-practices').map((a) => ({ ...a, category: 'best-practices' })),
    ...failed('accessibility').map((a) => ({ ...a, category: 'accessibility' })),
    ...failed('performance')
      .sort((a, b) => savings(b) - savings(a))
      .slice(0, 6)
      .map((a) => ({ ...a, category: 'performance' })),
  ].map((a) => ({
    category: a.category,
    id: a.id,
    title: a.title,
    ...(a.displayValue ? { value: a.displayValue } : {}),
    ...(a.category === 'performance'
      ? {}
      : { items: (a.details?.items ?? []).slice(0, 3).map(describeItem) }),
  }));
  return { metrics, failing };
}

/**
 * Each page is audited this many times (BENCH_LIGHTHOUSE_RUNS, 3 by default) and the median run
 * stands for it: one audit's score moves by several points from load to load of the same build.
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

interface Audit {
  error: string | null;
  report: LighthouseReport;
}

const performanceOf = (report: LighthouseReport) => {
  const s = report.categories?.performance?.score;
  return typeof s === 'number' ? Math.round(s * 100) : null;
};

/** One Lighthouse run on a page, in a Chromium of its own. */
async function auditPage(
  page: (typeof PAGES)[number],
  url: string,
  cookies: string[],
  preset: 'mobile' | 'desktop',
): Promise<Audit> {
  const output = path.join(os.tmpdir(), `hearth-bench-lh-${process.pid}-${page.name}.json`);
  const run = async () => {
    const browser = await launchChromium(url, page.signedIn ? cookies : []);
    return lighthouse(`${url}${page.path}`, browser.port, output, preset).finally(() => browser.kill());
  };
  // A trace Lighthouse could not read (e.g. NO_NAVSTART) ends with its advice to run again.
  let error = await run();
  if (error?.includes('Please run Lighthouse again')) error = await run();
  let report: LighthouseReport = {};
  if (!error && fs.existsSync(output)) report = JSON.parse(fs.readFileSync(output, 'utf8'));
  if (process.env.BENCH_LIGHTHOUSE_REPORTS && fs.existsSync(output)) {
    const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(
      output,
      path.join(dir, `${page.name}-${preset}-${performanceOf(report) ?? 'error'}.json`),
    );
  }
  fs.rmSync(output, { force: true });
  return { error, report };
}

/**
 * Lighthouse scores follow the CPU left to the browser: before the audits, waits (at most three
 * minutes) for the load of the runs before it (seeding, throughput, real-time) to die down.
 */
async function quietMachine(): Promise<void> {
  const until = Date.now() + 180_000;
  while (os.loadavg()[0]! >= 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 5_000));
}

export async function runWebBench(options = { lighthouse: true }): Promise<WebResult> {
  const data = await seedDataset('sqlite', {
    households: 20,
    chores: 60,
    expenses: 40,
    messages: 120,
    events: 4,
    heavy: null,
  });
  const server = await startServer(data.dataDir);
  const member = data.households.find((h) => h.members.length >= 4)!.members[1]!;
  const cookies = memberCookies(member);
  try {
    const routes = await routeWeights(server.url, cookies);
    const scores: LighthouseScores[] = [];
    let version: string | null = null;
    if (options.lighthouse) {
      await quietMachine();
      for (const preset of PRESETS)
        for (const page of pagesToAudit()) {
          const loadAverage = os.loadavg();
          const runs: Audit[] = [];
          for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
            runs.push(await auditPage(page, server.url, cookies, preset));
          // The run with the median performance score stands for the page (Lighthouse's own advice
          // for noisy machines); every run's score is kept beside it.
          const scored = runs.filter((r) => typeof performanceOf(r.report) === 'number');
          scored.sort((a, b) => performanceOf(a.report)! - performanceOf(b.report)!);
          const { error, report } = scored[Math.floor((scored.length - 1) / 2)] ?? runs[0]!;
          version = report.lighthouseVersion ?? version;
          const score = (key: string) => {
            const s = report.categories?.[key]?.score;
            return typeof s === 'number' ? Math.round(s * 100) : null;
          };
          // A signed-in page that ended elsewhere (e.g. signed out) would score the wrong page.
          const landed = report.finalDisplayedUrl ? new URL(report.finalDisplayedUrl).pathname : null;
          scores.push({
            name: page.name,
            path: page.path,
            preset,
            language: LANGUAGE,
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            error:
              error ??
              report.runtimeError?.message ??
              (landed && landed !== page.path ? `ended at ${landed}` : null),
            loadAverage,
            benchmarkIndex: report.environment?.benchmarkIndex ?? null,
            performanceRuns: runs.map((r) => performanceOf(r.report)),
            ...auditSummary(report),
          });
          const { failing, ...row } = scores.at(-1)!;
          console.info(`[web] lighthouse ${page.name}: ${JSON.stringify(row)}`);
          for (const f of failing) {
            console.info(`[web]   ${f.category}: ${f.id} (${f.title})${f.value ? `: ${f.value}` : ''}`);
            for (const item of f.items ?? []) console.info(`[web]     ${item}`);
          }
        }
    }
    const mainThread = await mainThreadOf(server.url, cookies);
    return { routes, lighthouse: scores, lighthouseVersion: version, mainThread };
  } finally {
    await server.stop();
    await data.drop();
  }
}
