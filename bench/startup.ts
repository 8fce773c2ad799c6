// Start-up: `npm start` on the existing build with a brand-new DATA_DIR, time until
// /api/health answers, and the server's resident memory once idle.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { root } from '../scripts/build-inputs.mjs';
import { ensureBuild, freePort, tempDataDir } from './lib.ts';

export interface StartupResult {
  msToServe: number;
  idleRssMb: number;
  loadAverage: number[];
}

/** The process and its descendants (npm → sh → node). */
function tree(pid: number): number[] {
  const out = [pid];
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) out.push(...tree(Number(child)));
  }
  return out;
}

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const command = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');

export async function runStartupBench(): Promise<StartupResult> {
  ensureBuild();
  const dataDir = tempDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const loadAverage = os.loadavg();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('npm start exited during start-up');
      await new Promise((r) => setTimeout(r, 10));
    }
    const msToServe = performance.now() - started;
    await new Promise((r) => setTimeout(r, 3000));
    // The deepest node process running start.mjs (npm runs it through a shell).
    const server = tree(child.pid!)
      .filter((pid) => command(pid).split('\0')[0]!.endsWith('node') && command(pid).includes('start.mjs'))
      .at(-1);
    if (!server) throw new Error('server process not found under npm start');
    return { msToServe, idleRssMb: rssKb(server) / 1024, loadAverage };
  } finally {
    for (const pid of tree(child.pid!).reverse()) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // gone already
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
