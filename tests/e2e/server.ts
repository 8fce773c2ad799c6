// The production server as `npm start` serves it (dist/server/main.js), in a child process the
// tests control: started on a free port with a brand-new DATA_DIR, stopped and started again on
// the same port and data (a restart), and removed with its data at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../scripts/build-inputs.mjs';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The environment `npm start` would see. Vitest sets NODE_ENV=test, which would make Vite bundle
 * React's development build, so it is removed.
 */
export function startEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _vitest, ...env } = process.env;
  return env;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} while starting:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer GET /api/health within 60 s:\n${output()}`);
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    private readonly distDir: string,
    private readonly extraEnv: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts a server on a free port, with a new data folder unless one is given, serving dist/ or
   * another copy of a build (`distDir`, which needs node_modules beside it). `env` adds variables,
   * given the address the server will answer at.
   */
  static async launch(
    options: { dataDir?: string; distDir?: string; env?: (url: string) => Record<string, string> } = {},
  ): Promise<ServerProcess> {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-e2e-'));
    const distDir = options.distDir ?? path.join(root, 'dist');
    const port = await freePort();
    const extraEnv = options.env?.(`http://127.0.0.1:${port}`) ?? {};
    const server = new ServerProcess(port, dataDir, options.dataDir === undefined, distDir, extraEnv);
    try {
      await server.start();
    } catch (error) {
      await server.dispose();
      throw error;
    }
    return server;
  }

  /** Starts the server (again) on its port and data folder and waits until it serves. */
  async start(): Promise<void> {
    if (this.child) throw new Error('The server is already running');
    const child = spawn(process.execPath, [path.join(this.distDir, 'server/main.js')], {
      cwd: root,
      env: {
        ...startEnv(),
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        // Always the embedded database and the origin the browser uses.
        DATABASE_URL: '',
        PUBLIC_ORIGIN: '',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // Every test signs up from 127.0.0.1; the limit itself is tested in the API suite.
        SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
        ...this.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    try {
      await waitForHealth(this.url, child, () => this.log);
    } catch (error) {
      child.kill('SIGKILL');
      this.child = null;
      throw error;
    }
  }

  /** Stops the server the way a deployment does (SIGTERM, then SIGKILL after 10 s) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref());
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops the server and deletes the data folder it created. */
  async dispose(): Promise<void> {
    await this.stop();
    if (this.ownsDataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
