// Web: gzipped JS and CSS each route loads on a first visit (what Chromium fetches until the
// network is idle, sized from dist/web's .gz files), and Lighthouse (mobile, simulated
// throttling) performance / accessibility / best-practices for the main pages.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root } from '../scripts/build-inputs.mjs';
import { startServer } from './lib.ts';
import { seedDataset } from './seed.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'auth', path: '/auth', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'chores', path: '/chores', signedIn: true },
  { name: 'expenses', path: '/expenses', signedIn: true },
  { name: 'chat', path: '/messages', signedIn: true },
] as const;

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
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  error: string | null;
  loadAverage: number[];
}

export interface WebResult {
  routes: RouteWeight[];
  lighthouse: LighthouseScores[];
  lighthouseVersion: string | null;
}

function gzipSize(pathname: string, body: Buffer): number {
  const file = path.join(root, 'dist/web', `${pathname}.gz`);
  return fs.existsSync(file) ? fs.statSync(file).size : gzipSync(body, { level: 9 }).length;
}

async function routeWeights(url: string, cookie: string): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const out: RouteWeight[] = [];
  try {
    for (const page of PAGES) {
      const context = await browser.newContext();
      if (page.signedIn) {
        const [name, value] = cookie.split('=') as [string, string];
        await context.addCookies([{ name, value, url }]);
      }
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

function lighthouse(url: string, cookie: string | null, output: string): Promise<string | null> {
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    '--form-factor=mobile',
    '--throttling-method=simulate',
    '--only-categories=performance,accessibility,best-practices',
    `--chrome-flags=--headless ${CHROMIUM_ARGS.join(' ')}`,
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeout: 240_000 },
      (error, _stdout, stderr) => resolve(error ? `${error.message} ${stderr.slice(-500)}` : null),
    );
  });
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
  const cookie = data.households.find((h) => h.members.length >= 4)!.members[1]!.cookie;
  try {
    const routes = await routeWeights(server.url, cookie);
    const scores: LighthouseScores[] = [];
    let version: string | null = null;
    if (options.lighthouse) {
      for (const page of PAGES) {
        const output = path.join(os.tmpdir(), `hearth-bench-lh-${process.pid}-${page.name}.json`);
        const loadAverage = os.loadavg();
        const error = await lighthouse(`${server.url}${page.path}`, page.signedIn ? cookie : null, output);
        let report: {
          lighthouseVersion?: string;
          categories?: Record<string, { score: number | null }>;
          runtimeError?: { message: string };
          finalDisplayedUrl?: string;
        } = {};
        if (!error && fs.existsSync(output)) report = JSON.parse(fs.readFileSync(output, 'utf8'));
        fs.rmSync(output, { force: true });
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
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          error:
            error ??
            report.runtimeError?.message ??
            (landed && landed !== page.path ? `ended at ${landed}` : null),
          loadAverage,
        });
        console.info(`[web] lighthouse ${page.name}: ${JSON.stringify(scores.at(-1))}`);
      }
    }
    return { routes, lighthouse: scores, lighthouseVersion: version };
  } finally {
    await server.stop();
    await data.drop();
  }
}
