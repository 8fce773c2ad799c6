// The production server (dist/server/main.js, as `npm start` runs it) in child processes the
// reliability tests start, kill and restart, plus a small HTTP client that keeps a session.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { root } from '../../scripts/build-inputs.mjs';

const LISTENING = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/;
const running = new Set<ServerProcess>();

export class ServerProcess {
  readonly child: ChildProcess;
  /** The last part of what the process printed, for failure messages. */
  output = '';
  /** Log lines at level error (50) or above: a bug, not an expected outage. */
  readonly errors: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly port: Promise<number>;
  private readonly watches = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();

  constructor(env: Record<string, string>, nodeArgs: string[] = []) {
    // A clean environment (nothing from the developer's shell), on a free port.
    this.child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(this);
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        running.delete(this);
        resolve({ code, signal });
      });
    });
    let pending = '';
    this.port = new Promise((resolve, reject) => {
      this.child.stdout?.setEncoding('utf8');
      this.child.stdout?.on('data', (chunk: string) => {
        this.output = (this.output + chunk).slice(-20_000);
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          for (const watch of [...this.watches]) {
            if (!watch.pattern.test(line)) continue;
            this.watches.delete(watch);
            watch.resolve(line);
          }
          const listening = LISTENING.exec(line);
          if (listening) resolve(Number(listening[1]));
          if (/^\{"level":(5|6)\d/.test(line)) this.errors.push(line);
        }
      });
      this.child.stderr?.setEncoding('utf8');
      this.child.stderr?.on('data', (chunk: string) => {
        this.output = (this.output + chunk).slice(-20_000);
      });
      void this.exited.then(({ code, signal }) =>
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${this.output}`)),
      );
    });
    // Rejections of `port` after a deliberate kill are nobody's concern.
    this.port.catch(() => {});
  }

  /** The next line the process prints that matches `pattern`. */
  nextLine(pattern: RegExp): Promise<string> {
    return new Promise((resolve) => this.watches.add({ pattern, resolve }));
  }

  /** SIGTERM: the graceful stop `npm start` gets from a service manager. */
  async stop(): Promise<void> {
    this.child.kill('SIGTERM');
    await this.exited;
  }

  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }
}

/** Kills every server a test left running (afterAll, and after a failed assertion). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.kill()));
}

export interface Reply {
  status: number;
  body: string;
  json: <T = Record<string, string>>() => T;
}

/** One HTTP request on a fresh connection; rejects only when no complete answer arrived. */
export function request(
  port: number,
  method: string,
  url: string,
  options: { cookie?: string | null; body?: unknown } = {},
): Promise<Reply & { setCookie: string[] }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('error', reject);
        res.on('end', () => {
          // A body cut short by a killed server is not an answer.
          if (!res.complete) return reject(new Error('response cut short'));
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            json: () => JSON.parse(text),
            setCookie: res.headers['set-cookie'] ?? [],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A signed-in user talking to whichever server process is current. */
export class Session {
  constructor(
    readonly user: { id: string },
    readonly cookie: string,
  ) {}

  request(port: number, method: string, url: string, body?: unknown) {
    return request(port, method, url, { cookie: this.cookie, body });
  }

  static async register(port: number, firstName: string): Promise<Session> {
    const password = 'correct horse battery';
    const reply = await request(port, 'POST', '/api/register', {
      body: {
        email: `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@reliability.test`,
        password,
        confirmPassword: password,
        firstName,
        lastName: 'Tester',
      },
    });
    if (reply.status !== 201) throw new Error(`registration failed: ${reply.status} ${reply.body}`);
    const cookie = reply.setCookie.find((line) => line.startsWith('hearth_session='))?.split(';')[0];
    if (!cookie) throw new Error('no session cookie');
    return new Session(reply.json<{ id: string }>(), cookie);
  }
}

/** Registers people and puts them in one household; the first one creates it. */
export async function household(port: number, names: string[]): Promise<{ id: string; people: Session[] }> {
  const people: Session[] = [];
  let id = '';
  let inviteCode = '';
  for (const name of names) {
    const person = await Session.register(port, name);
    if (!id) {
      const created = await person.request(port, 'POST', '/api/households', { name: `${name}'s home` });
      if (created.status !== 201) throw new Error(`household: ${created.status} ${created.body}`);
      ({ id, inviteCode } = created.json<{ id: string; inviteCode: string }>());
    } else {
      const joined = await person.request(port, 'POST', '/api/households/join', { inviteCode });
      if (joined.status !== 200) throw new Error(`join: ${joined.status} ${joined.body}`);
    }
    people.push(person);
  }
  return { id, people };
}

/** A database of its own on the PostgreSQL server at `adminUrl`, created and dropped on demand. */
export function throwawayDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url: url.toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
