// A throwaway PostgreSQL cluster of its own (initdb in a temp folder, on a free port), so a test
// can stop and start the database server without touching the one other tests and people use.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest installed PostgreSQL's programs (Debian layout), or PG_BINDIR; null if none. */
function findBinDir(): string | null {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export function postgresInstalled(): boolean {
  return findBinDir() !== null;
}

function binDir(): string {
  const dir = findBinDir();
  if (!dir) throw new Error('no PostgreSQL programs under /usr/lib/postgresql; set PG_BINDIR');
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export class PgCluster {
  private constructor(
    private readonly dir: string,
    private readonly bin: string,
    readonly port: number,
    /** PostgreSQL refuses to run as root: as root, its programs run as the postgres user. */
    private readonly asUser: string | null,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private exec(program: string, args: string[]) {
    const file = path.join(this.bin, program);
    return this.asUser ? run('runuser', ['-u', this.asUser, '--', file, ...args]) : run(file, args);
  }

  static async create(): Promise<PgCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-pg-'));
    const asUser = process.getuid?.() === 0 ? 'postgres' : null;
    if (asUser) {
      const { stdout } = await run('id', ['-u', asUser]);
      const { stdout: gid } = await run('id', ['-g', asUser]);
      fs.chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    const cluster = new PgCluster(dir, binDir(), await freePort(), asUser);
    // Trust auth on a private socket folder and loopback only; durability is not what is tested.
    await cluster.exec('initdb', [
      '-D',
      path.join(dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await cluster.start();
    return cluster;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    await this.exec('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  }

  /** Stops the server as an operator would (fast: sessions get admin_shutdown) and waits. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.exec('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  /** Stops the server if it runs and removes every file. */
  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => {});
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
