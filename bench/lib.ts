// Shared pieces of the benchmarks: a production server on a seeded data folder, and statistics.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { Insertable, Kysely } from 'kysely';
import type { BrowserContext } from 'playwright-core';
import { openMigratedDatabase } from '#server/db/database.ts';
import type { DB } from '#server/db/schema.ts';
import {
  SIGNED_IN_COOKIE,
  TIME_ZONE_COOKIE,
  TIME_ZONE_OFFSET_COOKIE,
} from '#shared/accounts/session-cookie.ts';
import { generateInviteCode } from '#shared/households/invites.ts';
import { buildIsStale, root } from '../scripts/build-inputs.mjs';
import type { LoopDelay } from '../tests/reliability/pathological.ts';

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

export function ensureBuild(): void {
  if (buildIsStale()) execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SeededUser {
  id: string;
  householdId: string;
  cookie: string;
}

/**
 * Writes households, members and sessions straight into a new data folder (no HTTP, so no
 * rate limits and no hashing per user: every user shares one Argon2id hash).
 */
export async function seedHouseholds(
  dataDir: string,
  households: number,
  membersEach: number,
): Promise<SeededUser[]> {
  const database = await openMigratedDatabase({ engine: 'sqlite', file: path.join(dataDir, 'hearth.db') });
  const passwordHash = await hash('benchmark password');
  const now = Date.now();
  const users: SeededUser[] = [];
  const codes = new Set<string>();
  await database.db.transaction().execute(async (trx) => {
    for (let h = 0; h < households; h++) {
      const householdId = randomUUID();
      let code = generateInviteCode((n) => Math.floor(Math.random() * n));
      while (codes.has(code)) code = generateInviteCode((n) => Math.floor(Math.random() * n));
      codes.add(code);
      await trx
        .insertInto('households')
        .values({
          id: householdId,
          name: `House ${h}`,
          invite_code: code,
          rent_amount_cents: null,
          rent_due_day: null,
          created_at: now,
        })
        .execute();
      for (let m = 0; m < membersEach; m++) {
        const id = randomUUID();
        await trx
          .insertInto('users')
          .values({
            id,
            email: `bench-${h}-${m}@example.com`,
            password_hash: passwordHash,
            first_name: `Member${m}`,
            last_name: `House${h}`,
            profile_color: 'blue',
            profile_image_id: null,
            created_at: now,
            was_kicked: false,
          })
          .execute();
        await trx
          .insertInto('household_members')
          .values({
            id: randomUUID(),
            household_id: householdId,
            user_id: id,
            role: m === 0 ? 'admin' : 'member',
            joined_at: now + m,
          })
          .execute();
        const token = randomBytes(32).toString('base64url');
        await trx
          .insertInto('sessions')
          .values({
            token_hash: createHash('sha256').update(token).digest('hex'),
            id: randomUUID(),
            user_id: id,
            created_at: now,
            expires_at: now + 30 * 86_400_000,
          })
          .execute();
        users.push({ id, householdId, cookie: `hearth_session=${token}` });
      }
    }
  });
  await database.close();
  return users;
}

/**
 * Inserts many rows a statement (as many as SQLite's 32,766 bound parameters allow); pass a
 * transaction so that the whole load is one commit.
 */
export async function insertInBatches<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(30_000 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  rssKb: () => number;
  /** CPU time (user + system) the server process has used so far, from /proc. */
  cpuMs: () => number;
  /**
   * The event loop's delay since the previous call (the first call only starts the count), as
   * measured inside the server; only with `loopProbe`.
   */
  loopDelay: () => Promise<LoopDelay>;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  /** The checkout whose dist/server/main.js runs: this one unless told (bench/old-build.ts). */
  appDir?: string;
  /** Load tests/reliability/loop-probe.mjs into the server, which reports on SIGUSR2. */
  loopProbe?: boolean;
}

const LOOP_PROBE = path.join(root, 'tests/reliability/loop-probe.mjs');

export async function startServer(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.loopProbe ? ['--import', LOOP_PROBE] : []), 'dist/server/main.js'],
    {
      cwd: options.appDir ?? root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // No copy of the database at start competing with what is measured.
        BACKUP_KEEP: '0',
        NODE_ENV: 'production',
        ...extraEnv,
      },
      stdio: ['ignore', options.loopProbe ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  // The probe answers on stdout; the server's log there is left unread, as without the probe.
  const probeAnswers: ((delay: LoopDelay) => void)[] = [];
  let pending = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('{"loopProbe"')) probeAnswers.shift()?.(JSON.parse(line).loopProbe);
    }
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url,
    child,
    rssKb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    },
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks.
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    loopDelay: () => {
      if (!options.loopProbe) throw new Error('the server was started without the loop probe');
      return new Promise((resolve) => {
        probeAnswers.push(resolve);
        child.kill('SIGUSR2');
      });
    },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-'));
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A member's cookies as a browser that has used the app holds them: the seeded session, its
 * readable companion the server sets beside it at sign-in, and the time zone and its offset from
 * UTC the app writes on earlier visits (this machine's, where Chromium runs).
 */
export function memberCookies(member: SeededUser): string[] {
  const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
  return [
    member.cookie,
    `${SIGNED_IN_COOKIE}=1`,
    `${TIME_ZONE_COOKIE}=${zone}`,
    `${TIME_ZONE_OFFSET_COOKIE}=${new Date().getTimezoneOffset()}`,
  ];
}

/** `name=value` cookies into a browser context's jar for `url` (a value may hold '='). */
export async function signIn(context: BrowserContext, url: string, cookies: string[]): Promise<void> {
  await context.addCookies(
    cookies.map((c) => {
      const at = c.indexOf('=');
      return { name: c.slice(0, at), value: c.slice(at + 1), url };
    }),
  );
}
