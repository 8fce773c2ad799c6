// The Dockerfile's build and start, replayed without Docker (images cannot be pulled here): its
// stages run in folders made from the build context, then the runtime stage's CMD serves, its
// HEALTHCHECK passes, a person signs up, and SIGTERM stops it cleanly.
//
// What the replay does differently from `docker build`, and why it stays faithful:
// - FROM: this machine's Node and npm instead of the image's; the test checks the image's Node
//   major is this one's.
// - better-sqlite3: npm ci would download its prebuilt binary from GitHub (unreachable here)
//   and otherwise compile it for a minute; it is handed the binary the checkout already has, of
//   the same version, packed as that download (only the download is skipped).
// - RUN --mount=type=cache: npm uses this machine's cache, offline first.
// - chown: a stub (no `node` user here); USER: checked, not switched to.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/build-inputs.mjs';
import { buildContext, commandOf, inStage, parseDockerfile, replay, run, type Stage } from './dockerfile.ts';
import { request, Session } from './server.ts';

const instructions = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
// Two node_modules trees: in memory where there is a tmpfs, as deleting them from a busy disk
// can take longer than building them.
const scratch = fs.mkdtempSync(
  path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'hearth-docker-'),
);
afterAll(() => fs.promises.rm(scratch, { recursive: true, force: true }), 60_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** The checkout's compiled better-sqlite3, named as the download prebuild-install looks for. */
async function betterSqlitePrebuild(into: string): Promise<void> {
  const pkg = path.join(root, 'node_modules/better-sqlite3');
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as {
    version: string;
  };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  fs.mkdirSync(into, { recursive: true });
  await run('tar', ['-czf', path.join(into, name), 'build/Release/better_sqlite3.node'], {
    cwd: pkg,
    env: { PATH: process.env.PATH ?? '' },
  });
}

/** What a RUN sees: the image's plain environment, nothing from this test's npm or Vitest. */
function runEnvironment(stubs: string, prebuilds: string): Record<string, string> {
  const pathDirs = (process.env.PATH ?? '').split(':').filter((dir) => dir && !dir.includes('node_modules'));
  return {
    PATH: [stubs, ...pathDirs].join(':'),
    HOME: process.env.HOME ?? os.homedir(),
    npm_config_prefer_offline: 'true',
    npm_config_better_sqlite3_local_prebuilds: prebuilds,
  };
}

/** The stage's ENV as the process sees it, image paths (DATA_DIR) moved into the stage's folder. */
function processEnv(stage: Stage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stage.env).map(([name, value]) => [
      name,
      value.startsWith('/') && fs.existsSync(inStage(stage, value)) ? inStage(stage, value) : value,
    ]),
  );
}

describe('the Dockerfile', () => {
  it('builds on the Node major this machine runs, and runs unprivileged on the port and volume it declares', () => {
    const stages = instructions.filter((i) => i.keyword === 'FROM').map((i) => i.args);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const from of stages)
      expect(from).toMatch(new RegExp(`^node:${process.versions.node.split('.')[0]}-`));
    const runtime = instructions.slice(instructions.findLastIndex((i) => i.keyword === 'FROM'));
    const value = (keyword: string) => runtime.filter((i) => i.keyword === keyword).map((i) => i.args);
    const env = value('ENV').join(' ');
    expect(value('USER')).toEqual([expect.not.stringMatching(/^(root|0)(:|$)/)]);
    expect(value('EXPOSE')).toEqual([/PORT=(\d+)/.exec(env)?.[1]]);
    expect(value('VOLUME')).toEqual([/DATA_DIR=(\S+)/.exec(env)?.[1]]);
    expect(value('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(value('HEALTHCHECK').join()).toContain('/api/health');
  });

  it('replayed: the build stage builds, the runtime stage serves, passes its health check, signs a person up and stops on SIGTERM', async () => {
    const context = path.join(scratch, 'context');
    const files = await buildContext(context);
    expect(files).toContain('package-lock.json');
    expect(files.some((file) => file.startsWith('node_modules/') || file.startsWith('dist/'))).toBe(false);

    const stubs = path.join(scratch, 'stubs');
    fs.mkdirSync(stubs);
    fs.writeFileSync(path.join(stubs, 'chown'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const prebuilds = path.join(scratch, 'prebuilds');
    await betterSqlitePrebuild(prebuilds);
    const stages = await replay(instructions, { context, scratch, runEnv: runEnvironment(stubs, prebuilds) });

    const runtime = stages.at(-1) as Stage;
    // Only what serving needs: no build tools in the image.
    expect(fs.existsSync(inStage(runtime, 'node_modules/better-sqlite3'))).toBe(true);
    expect(fs.existsSync(inStage(runtime, 'node_modules/vite'))).toBe(false);

    const port = await freePort();
    const env = {
      PATH: runEnvironment(stubs, prebuilds).PATH as string,
      HOME: scratch,
      ...processEnv(runtime),
      // A free port instead of the image's (others use this machine), and no other interface.
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    const [command = '', ...args] = runtime.cmd ?? [];
    const server = spawn(command, args, {
      cwd: inStage(runtime, '.'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    let output = '';
    const listening = new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Server listening at')) resolve();
      });
      server.stderr.on('data', (chunk) => {
        output += chunk;
      });
      void exited.then((code) =>
        reject(new Error(`the server exited (${code}) before listening:\n${output}`)),
      );
    });
    const healthcheck = () => {
      const [check = '', ...checkArgs] = runtime.healthcheck?.command ?? commandOf('false');
      return run(check, checkArgs, { cwd: inStage(runtime, '.'), env });
    };
    try {
      await listening;
      await healthcheck();
      expect((await request(port, 'GET', '/')).status).toBe(200);
      const person = await Session.register(port, 'Docker');
      const me = await person.request(port, 'GET', '/api/auth/user');
      expect(me.status).toBe(200);
      expect(me.json().id).toBe(person.user.id);
      // The operator's backup command works in the image, next to the running server.
      const backup = path.join(scratch, 'backup.db');
      await run('npm', ['run', '--silent', 'backup', '--', backup], { cwd: inStage(runtime, '.'), env });
      expect(fs.statSync(backup).size).toBeGreaterThan(0);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    // A stopped server fails the check, so the check is not a formality.
    await expect(healthcheck()).rejects.toThrow();
  }, 180_000);
});
