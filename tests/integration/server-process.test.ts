import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openMigratedDatabase } from '#server/db/database.ts';
import { PASSWORD, testEngine, uniqueEmail } from './helpers.ts';

/**
 * The real server as `npm start` runs it: src/server/main.ts in its own process on a real port.
 * The engine under test is used (on PostgreSQL, a fresh schema chosen through the connection
 * string), except where a test is about the embedded default itself.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-process-'));
let pgSchema: string | null = null;
let neighbourSchema: string | null = null;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

class ServerProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<Exit>;
  private readonly waiters: Array<() => void> = [];

  constructor(env: Record<string, string>) {
    // A clean environment: nothing from the developer's shell (PORT, DATABASE_URL, …) leaks in.
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tempRoot, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8');
    this.child.stderr?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => {
      this.stdout += chunk;
      this.notify();
    });
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        resolve({ code, signal });
        this.notify();
      });
    });
    running.add(this);
  }

  private notify() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  get logLines(): Array<Record<string, unknown>> {
    return this.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Resolves with the first log line that matches; rejects if the process exits first. */
  async waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    what: string,
  ): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.logLines.find(match);
      if (found) return found;
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(
          `server exited before logging ${what}\nstdout: ${this.stdout}\nstderr: ${this.stderr}`,
        );
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async port(): Promise<number> {
    const line = await this.waitForLog(
      (l) => typeof l.msg === 'string' && l.msg.startsWith('Server listening at http://127.0.0.1:'),
      'that it is listening',
    );
    return Number(String(line.msg).split(':').pop());
  }

  /** Waits for the process to exit by itself. */
  async finished(): Promise<Exit> {
    const exit = await this.exited;
    running.delete(this);
    return exit;
  }

  async stop(): Promise<Exit> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const exit = await this.exited;
    running.delete(this);
    return exit;
  }
}

const running = new Set<ServerProcess>();

function dataDir(): string {
  return path.join(tempRoot, `data-${randomBytes(4).toString('hex')}`, 'nested');
}

/** Environment for the engine under test: on PostgreSQL, this file's own schema. */
function engineEnv(): Record<string, string> {
  if (testEngine === 'sqlite') return {};
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${pgSchema}`);
  return { DATABASE_URL: url.toString() };
}

function startServer(env: Record<string, string> = {}): ServerProcess {
  return new ServerProcess({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir(), LOG_LEVEL: 'info', ...env });
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  port: number,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function sessionCookie(reply: Reply): { cookie: string; token: string } {
  const line = (reply.headers['set-cookie'] ?? []).find((l) => l.startsWith('hearth_session='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(reply.headers)}`);
  const cookie = line.split(';')[0] as string;
  return { cookie, token: cookie.slice('hearth_session='.length) };
}

async function register(port: number, email: string, password = PASSWORD) {
  const reply = await request(port, 'POST', '/api/register', {
    body: { email, password, confirmPassword: password, firstName: 'Ada', lastName: 'Lovelace' },
  });
  expect(reply.status, reply.body).toBe(201);
  return { ...sessionCookie(reply), user: JSON.parse(reply.body) as { id: string } };
}

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

beforeAll(async () => {
  if (testEngine === 'postgres') {
    pgSchema = `process_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({
      engine: 'postgres',
      url: process.env.TEST_DATABASE_URL ?? '',
      schema: pgSchema,
    });
    await database.close();
    // Another Hearth already lives in a schema of the same database: the servers started here,
    // which name their schema only through the URL's search_path, must still prepare their own.
    neighbourSchema = `neighbour_${randomBytes(6).toString('hex')}`;
    const neighbour = await openMigratedDatabase({
      engine: 'postgres',
      url: process.env.TEST_DATABASE_URL ?? '',
      schema: neighbourSchema,
    });
    await neighbour.close();
  }
});

afterEach(async () => {
  // A failed assertion must not leave a server running.
  for (const server of running) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  running.clear();
});

afterAll(async () => {
  if (pgSchema) {
    const database = await openDatabase({ engine: 'postgres', url: process.env.TEST_DATABASE_URL ?? '' });
    await sql`drop schema if exists ${sql.id(pgSchema)} cascade`.execute(database.db);
    if (neighbourSchema)
      await sql`drop schema if exists ${sql.id(neighbourSchema)} cascade`.execute(database.db);
    await database.close();
  }
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

describe('start-up refuses bad configuration with a readable message', () => {
  it('PORT=abc exits with code 1 and names the variable, without a stack trace', async () => {
    const server = startServer({ PORT: 'abc' });
    const exit = await server.finished();
    expect(exit.code).toBe(1);
    expect(server.stderr).toContain('Invalid configuration');
    expect(server.stderr).toContain('PORT="abc": must be a whole number from 0 to 65535');
    expect(server.stderr).not.toMatch(/\n\s+at /);
    expect(server.stdout).not.toContain('Server listening');
  });

  it('lists every bad variable at once', async () => {
    const server = startServer({
      PORT: '70000',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root@localhost/hearth',
    });
    const exit = await server.finished();
    expect(exit.code).toBe(1);
    expect(server.stderr).toContain('PORT="70000"');
    expect(server.stderr).toContain('LOG_LEVEL="loud"');
    expect(server.stderr).toMatch(
      /DATABASE_URL="mysql:\/\/root@localhost\/hearth": must be a postgres:\/\/ URL/,
    );
  });

  it('an unreachable PostgreSQL exits with code 1 and a one-line reason', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/hearth' });
    const exit = await server.finished();
    expect(exit.code).toBe(1);
    expect(server.stderr).toMatch(/^Hearth could not start: .*ECONNREFUSED/);
    expect(server.stderr).not.toMatch(/\n\s+at /);
  });

  it('a DATA_DIR that is a file exits with code 1 and a one-line reason', async () => {
    const file = path.join(tempRoot, `not-a-dir-${randomBytes(3).toString('hex')}`);
    fs.writeFileSync(file, 'x');
    const server = startServer({ DATA_DIR: file });
    const exit = await server.finished();
    expect(exit.code).toBe(1);
    expect(server.stderr).toMatch(/^Hearth could not start: /);
    expect(server.stderr).toContain(file);
  });

  it('a port already in use exits with code 1 and says so', async () => {
    const first = startServer(engineEnv());
    const port = await first.port();
    const second = startServer({ ...engineEnv(), PORT: String(port) });
    const exit = await second.finished();
    expect(exit.code).toBe(1);
    expect(second.stderr).toContain('EADDRINUSE');
    expect((await request(port, 'GET', '/api/health')).status).toBe(200);
    expect((await first.stop()).code).toBe(0);
  });
});

describe('a real server process', () => {
  it('starts on a brand-new DATA_DIR with no other step (embedded engine) and creates hearth.db there', async () => {
    const dir = dataDir();
    expect(fs.existsSync(dir)).toBe(false);
    const server = startServer({ DATA_DIR: dir });
    const port = await server.port();

    const health = await request(port, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: 'sqlite' });
    await register(port, uniqueEmail());
    expect(fs.existsSync(path.join(dir, 'hearth.db'))).toBe(true);
    expect((await server.stop()).code).toBe(0);
  });

  it(`without SMTP_URL writes each e-mail, links and all, to the log; the operator can print a reset link (${testEngine})`, async () => {
    const dir = dataDir();
    const email = uniqueEmail('no-smtp');
    const server = startServer({ ...engineEnv(), DATA_DIR: dir, PUBLIC_ORIGIN: 'https://hearth.example' });
    const port = await server.port();
    await register(port, email);
    const asked = await request(port, 'POST', '/api/auth/password-reset', {
      headers: { origin: 'https://hearth.example' },
      body: { email },
    });
    expect(asked.status, asked.body).toBe(202);
    const logged = await server.waitForLog(
      (l) => (l.mail as { to?: string } | undefined)?.to === email,
      'the reset e-mail',
    );
    const text = (logged.mail as { text: string }).text;
    const link = /https:\/\/hearth\.example\/reset-password\?token=\S+/.exec(text)?.[0];
    expect(link, text).toBeDefined();

    // The command an operator runs beside the server, on the same data.
    const printed = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/user-reset-link.ts', '--', email], {
        env: {
          PATH: process.env.PATH ?? '',
          ...engineEnv(),
          DATA_DIR: dir,
          PUBLIC_ORIGIN: 'https://hearth.example',
        },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.on('exit', (code) => resolve({ code, out, err }));
    });
    expect(printed.code, printed.err).toBe(0);
    const token = /reset-password\?token=(\S+)/.exec(printed.out)?.[1];
    expect(token, printed.out).toBeDefined();
    const confirmed = await request(port, 'POST', '/api/auth/password-reset/confirm', {
      headers: { origin: 'https://hearth.example' },
      body: {
        token,
        password: 'chosen by the operator link',
        confirmPassword: 'chosen by the operator link',
      },
    });
    expect(confirmed.status, confirmed.body).toBe(204);
    const login = await request(port, 'POST', '/api/login', {
      headers: { origin: 'https://hearth.example' },
      body: { email, password: 'chosen by the operator link' },
    });
    expect(login.status).toBe(200);
    expect((await server.stop()).code).toBe(0);
  });

  it(`keeps accounts and sessions across a restart (${testEngine})`, async () => {
    const dir = dataDir();
    const email = uniqueEmail('restart');
    const first = startServer({ ...engineEnv(), DATA_DIR: dir });
    const firstPort = await first.port();
    const health = await request(firstPort, 'GET', '/api/health');
    expect(JSON.parse(health.body)).toEqual({ status: 'ok', database: testEngine });
    const { cookie, user } = await register(firstPort, email);
    expect((await first.stop()).code).toBe(0);

    const second = startServer({ ...engineEnv(), DATA_DIR: dir });
    const port = await second.port();
    // Still signed in with the cookie from before the restart…
    const me = await request(port, 'GET', '/api/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ id: user.id, email });
    // …and the password still works.
    const login = await request(port, 'POST', '/api/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(JSON.parse(login.body)).toMatchObject({ id: user.id });
    expect((await second.stop()).code).toBe(0);
  });

  it(`builds the whole-history downloads in its downloads worker, complete and side by side (${testEngine})`, async () => {
    const server = startServer({ ...engineEnv(), DATA_DIR: dataDir() });
    const port = await server.port();
    const base = `http://127.0.0.1:${port}`;
    const { cookie, user } = await register(port, uniqueEmail('downloads'));
    const send = async (method: string, url: string, body?: unknown) => {
      const reply = await request(port, method, url, { headers: { cookie }, body });
      expect(reply.status, reply.body).toBeLessThan(300);
      return JSON.parse(reply.body) as Record<string, unknown>;
    };
    const download = async (url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    await send('POST', '/api/households', { name: 'Worker House' });
    for (let i = 0; i < 120; i++)
      await send('POST', '/api/expenses', {
        expense: { title: `Electricity ${i}`, amount: '30.00', paidBy: user.id, date: '2026-01-10' },
        splits: [{ userId: user.id, amount: '30.00' }],
      });
    await send('POST', '/api/calendar', { title: 'House meeting', startDate: '2026-02-01T18:00:00Z' });
    await send('POST', '/api/messages', { content: 'Bins go out on Tuesday' });

    // Several at once, as a household's members might ask.
    const [json, again, csv, zip] = await Promise.all([
      download('/api/export.json'),
      download('/api/export.json'),
      download('/api/expenses/export.csv'),
      download('/api/export/me'),
    ]);
    const document = JSON.parse(json.bytes.toString('utf8'));
    expect(document.household.name).toBe('Worker House');
    expect(document.expenses).toHaveLength(120);
    expect(document.messages.map((m: { content: string }) => m.content)).toContain('Bins go out on Tuesday');
    const { exportedAt: _, ...rest } = JSON.parse(again.bytes.toString('utf8'));
    expect({ ...rest, exportedAt: document.exportedAt }).toEqual(document);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.bytes.toString('utf8').match(/Electricity \d+/g)).toHaveLength(120);
    const files = unzipSync(new Uint8Array(zip.bytes));
    const expenses = JSON.parse(strFromU8(files['expenses.json']!));
    expect(expenses).toHaveLength(120);
    expect(strFromU8(files['calendar.ics']!)).toContain('SUMMARY:House meeting');

    const feed = new URL(String((await send('GET', '/api/calendar/feed')).url)).pathname;
    const calendar = await download(feed);
    expect(calendar.type).toMatch(/^text\/calendar/);
    expect(calendar.bytes.toString('utf8')).toContain('SUMMARY:House meeting');

    // The worker holds nothing open: the process still stops at once on SIGTERM.
    expect((await server.stop()).code).toBe(0);
  });

  it('on SIGTERM stops accepting connections, finishes the request in flight, then exits 0', async () => {
    const dir = dataDir();
    const server = startServer({ ...engineEnv(), DATA_DIR: dir });
    const port = await server.port();
    const { cookie } = await register(port, uniqueEmail('shutdown'));

    const png = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const boundary = `----hearth${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const half = Math.floor(body.length / 2);

    // Like a browser: a keep-alive connection, headers and half the photo sent, the rest still to come.
    const agent = new http.Agent({ keepAlive: true });
    const upload = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user/profile-image',
      agent,
      headers: {
        cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    const response = new Promise<Reply>((resolve, reject) => {
      upload.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      upload.on('error', reject);
    });
    let answered = false;
    void response.then(() => {
      answered = true;
    });
    upload.write(body.subarray(0, half));
    await server.waitForLog(
      (l) =>
        l.msg === 'incoming request' &&
        (l.req as { url?: string } | undefined)?.url === '/api/user/profile-image',
      'the upload arriving',
    );

    server.child.kill('SIGTERM');
    await server.waitForLog(
      (l) => String(l.msg).startsWith('stopped accepting connections'),
      'stopped accepting connections',
    );
    // The listener closes right after the shutdown starts; a new connection is then refused.
    const deadline = Date.now() + 5000;
    while (!(await connectionRefused(port))) {
      expect(Date.now(), 'new connections were still accepted 5 s after SIGTERM').toBeLessThan(deadline);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(answered).toBe(false);
    expect(server.child.exitCode).toBeNull();

    upload.end(body.subarray(half));
    const reply = await response;
    expect(reply.status, reply.body).toBe(200);
    const imageUrl = (JSON.parse(reply.body) as { profileImageUrl: string }).profileImageUrl;
    expect(imageUrl).toMatch(/^\/api\/images\//);

    // An idle kept-alive connection otherwise stays open until keepAliveTimeout (5 s) ends it;
    // the client lets go of it here, as a browser eventually does.
    agent.destroy();
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });

    // What the finished request wrote is there after the restart.
    const again = startServer({ ...engineEnv(), DATA_DIR: dir });
    const againPort = await again.port();
    const me = await request(againPort, 'GET', '/api/user', { headers: { cookie } });
    expect(JSON.parse(me.body)).toMatchObject({ profileImageUrl: imageUrl });
    const image = await request(againPort, 'GET', imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await again.stop()).code).toBe(0);
  });

  it('never writes passwords, session tokens or cookies to its logs', async () => {
    const server = startServer({ ...engineEnv(), LOG_LEVEL: 'trace' });
    const port = await server.port();
    const password = `Secret-${randomBytes(8).toString('hex')}`;
    const email = uniqueEmail('logs');

    const registered = await register(port, email, password);
    const login = await request(port, 'POST', '/api/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const loggedIn = sessionCookie(login);
    const tokens = [registered.token, loggedIn.token];

    expect((await request(port, 'GET', '/api/user', { headers: { cookie: loggedIn.cookie } })).status).toBe(
      200,
    );
    expect(
      (await request(port, 'POST', '/api/login', { body: { email, password: `${password}x` } })).status,
    ).toBe(401);
    // A body that fails to parse must not be echoed into a log line either.
    const broken = await request(port, 'POST', '/api/login', {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(broken.status).toBe(400);
    const malformed = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/login',
          agent: false,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(`{"email":"${email}","password":"${password}`);
    });
    expect(malformed).toBe(400);
    expect(
      (
        await request(port, 'POST', '/api/logout', {
          headers: { cookie: loggedIn.cookie, authorization: `Bearer ${loggedIn.token}` },
        })
      ).status,
    ).toBe(204);
    expect((await server.stop()).code).toBe(0);

    const logs = server.stdout + server.stderr;
    // The logs are real: every request above was logged.
    expect(logs).toContain('/api/login');
    expect(logs).toContain('/api/logout');
    expect(server.logLines.filter((l) => l.msg === 'request completed').length).toBeGreaterThanOrEqual(6);
    expect(logs).not.toContain(password);
    for (const token of tokens) expect(logs).not.toContain(token);
    expect(logs).not.toContain('hearth_session=');
  });
});
