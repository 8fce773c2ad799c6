// Measures the foundation's budgets on this machine and prints them:
// 1. gzipped JS the landing route loads on a first visit (budget: at most 120 KB);
// 2. `npm start` on an existing build with a brand-new DATA_DIR: time until it serves (budget: 2 s);
// 3. 20 concurrent logins: latency of other requests meanwhile (hashing must run off the event loop).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIsStale, root } from './build-inputs.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{
  child: ChildProcess;
  url: string;
  msToServe: number;
  dataDir: string;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-budget-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, url, msToServe: performance.now() - started, dataDir };
}

async function landingJs(url: string): Promise<{ files: string[]; gzipBytes: number }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(`${url}/`, { waitUntil: 'networkidle' });
  await browser.close();
  const files = [...scripts];
  const gzipBytes = files.reduce(
    (sum, file) => sum + fs.statSync(path.join(root, 'dist/web', `${file}.gz`)).size,
    0,
  );
  return { files, gzipBytes };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timeHealth(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    times.push(performance.now() - t);
  }
  return times;
}

async function loginsUnderLoad(url: string) {
  const headers = { 'content-type': 'application/json', origin: url };
  const users = Array.from({ length: 20 }, (_, i) => ({
    email: `budget-${i}@example.com`,
    password: 'budget password',
  }));
  for (const user of users) {
    const response = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...user, confirmPassword: user.password, firstName: 'B', lastName: 'U' }),
    });
    if (response.status !== 201) throw new Error(`register failed: ${response.status}`);
  }
  const idle = await timeHealth(url, 200);
  const loginStarted = performance.now();
  let loginsDone = false;
  const logins = Promise.all(
    users.map((user) =>
      fetch(`${url}/api/login`, { method: 'POST', headers, body: JSON.stringify(user) }).then(
        (r) => r.status,
      ),
    ),
  ).then((statuses) => {
    loginsDone = true;
    return statuses;
  });
  const during: number[] = [];
  while (!loginsDone) during.push(...(await timeHealth(url, 1)));
  const statuses = await logins;
  return {
    loginMs: performance.now() - loginStarted,
    allOk: statuses.every((s) => s === 200),
    idleP50: percentile(idle, 50),
    idleP99: percentile(idle, 99),
    duringCount: during.length,
    duringP50: percentile(during, 50),
    duringMax: Math.max(...during),
  };
}

if (buildIsStale()) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const server = await startServer();
try {
  const js = await landingJs(server.url);
  const logins = await loginsUnderLoad(server.url);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.info('\nBudget                                          Measured              Budget');
  console.info(
    `Landing route initial JS (gzip, ${js.files.length} files)       ${kb(js.gzipBytes).padEnd(21)} ≤ 120 KB`,
  );
  console.info(
    `npm start (existing build, new DATA_DIR) → serving ${ms(server.msToServe).padEnd(17)} ≤ 2000 ms`,
  );
  console.info(`20 concurrent logins, all succeeded               ${String(logins.allOk).padEnd(21)} true`);
  console.info(`  time for all 20 logins                          ${ms(logins.loginMs)}`);
  console.info(
    `  /api/health while idle p50 / p99                ${ms(logins.idleP50)} / ${ms(logins.idleP99)}`,
  );
  console.info(
    `  /api/health during logins p50 / max (${logins.duringCount} req)  ${ms(logins.duringP50)} / ${ms(logins.duringMax)}`,
  );
  console.info(`Data folder created by start-up: ${fs.existsSync(path.join(server.dataDir, 'hearth.db'))}`);
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
