// Backups of the real server's SQLite database with the operator commands, as README (Backups)
// describes them: `npm run backup` while clients keep writing, then `npm run restore` into a fresh
// folder holds every write acknowledged before the backup started; a restore is refused while a
// server runs on the DATA_DIR, and not once that server has died.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, openMigratedDatabase } from '#server/db/database.ts';
import { root } from '../../scripts/build-inputs.mjs';
import { household, killAll, ServerProcess, type Session } from './server.ts';

const tempDirs: string[] = [];
afterEach(killAll);
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-backup-'));
  tempDirs.push(dir);
  return dir;
}

/** `npm run <command> -- <args>` with only DATA_DIR from the environment, as an operator runs it. */
function npmRun(command: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', command, '--', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Write {
  kind: 'message' | 'expense';
  id: string;
  /** The message's text or the expense's amount in cents. */
  value: string | number;
  /** When its complete 2xx answer arrived. */
  at: number;
}

/** Acknowledged writes, and a wait for the first `count` of them. */
function ackLog() {
  const writes: Write[] = [];
  const waits: { count: number; resolve: () => void }[] = [];
  return {
    writes,
    add(write: Write) {
      writes.push(write);
      for (const wait of waits.filter((w) => writes.length >= w.count)) wait.resolve();
    },
    reached: (count: number) => new Promise<void>((resolve) => waits.push({ count, resolve })),
  };
}

/** One client writing messages and expenses until `stopped()`, recording each acknowledged write. */
async function writeLoop(
  port: number,
  me: Session,
  everyone: Session[],
  stopped: () => boolean,
  acked: ReturnType<typeof ackLog>,
  unexpected: string[],
) {
  for (let round = 0; !stopped(); round += 1) {
    const content = `message ${randomBytes(6).toString('hex')}`;
    const message = await me.request(port, 'POST', '/api/messages', { content });
    if (message.status === 201) {
      acked.add({ kind: 'message', id: message.json().id as string, value: content, at: Date.now() });
    } else unexpected.push(`message: ${message.status} ${message.body.slice(0, 200)}`);

    const cents = randomInt(100, 100_000);
    const expense = await me.request(port, 'POST', '/api/expenses', {
      expense: {
        title: `Groceries ${round}`,
        amount: (cents / 100).toFixed(2),
        splitType: 'equal',
        paidBy: me.user.id,
        date: '2026-03-10',
      },
      splits: everyone.map((person) => ({ userId: person.user.id, amount: '0.00' })),
    });
    if (expense.status === 201) {
      acked.add({ kind: 'expense', id: expense.json().id as string, value: cents, at: Date.now() });
    } else unexpected.push(`expense: ${expense.status} ${expense.body.slice(0, 200)}`);
  }
}

describe('backup and restore of the SQLite database', () => {
  it('restores a backup taken under write load with every write acknowledged before it started', async () => {
    const dataDir = tempDir();
    const server = new ServerProcess({ DATA_DIR: dataDir });
    const port = await server.port;
    const home = await household(port, ['Ann', 'Ben', 'Cat']);
    const acked = ackLog();
    const unexpected: string[] = [];
    let stopped = false;
    const loops = home.people.flatMap((person) =>
      [1, 2].map(() => writeLoop(port, person, home.people, () => stopped, acked, unexpected)),
    );
    await acked.reached(60);

    const file = path.join(tempDir(), 'hearth-backup.db');
    const started = Date.now();
    const backup = await npmRun('backup', [file], dataDir);
    const finished = Date.now();
    stopped = true;
    await Promise.all(loops);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up .*hearth\.db to .*hearth-backup\.db \(.*checked\)/);
    expect(unexpected).toEqual([]);
    const before = acked.writes.filter((write) => write.at < started);
    // The clients kept writing while the backup ran.
    expect(acked.writes.some((write) => write.at > started && write.at < finished)).toBe(true);

    const restored = path.join(tempDir(), 'restored');
    const restore = await npmRun('restore', [file], restored);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(fs.readdirSync(restored).filter((name) => name.startsWith('hearth.db'))).toEqual(['hearth.db']);

    const database = await openDatabase({ engine: 'sqlite', file: path.join(restored, 'hearth.db') });
    try {
      const messages = new Map(
        (await database.db.selectFrom('messages').select(['id', 'content']).execute()).map((m) => [
          m.id,
          m.content,
        ]),
      );
      const expenses = new Map(
        (await database.db.selectFrom('expenses').select(['id', 'amount_cents']).execute()).map((e) => [
          e.id,
          Number(e.amount_cents),
        ]),
      );
      const missing = before.filter(
        (write) => (write.kind === 'message' ? messages : expenses).get(write.id) !== write.value,
      );
      expect(missing).toEqual([]);
      // Each expense in the copy is whole: three splits adding up to its amount.
      const splits = await database.db
        .selectFrom('expense_splits')
        .select((eb) => [
          'expense_id',
          eb.fn.count<number>('id').as('n'),
          eb.fn.sum<number>('amount_cents').as('sum'),
        ])
        .groupBy('expense_id')
        .execute();
      expect(splits.length).toBe(expenses.size);
      for (const split of splits) {
        expect([Number(split.n), Number(split.sum)]).toEqual([3, expenses.get(split.expense_id)]);
      }
    } finally {
      await database.close();
    }

    // A server on the restored folder serves the same people and their data.
    const again = new ServerProcess({ DATA_DIR: restored });
    const againPort = await again.port;
    const [ann] = home.people as [Session];
    const chat = await ann.request(againPort, 'GET', '/api/messages');
    expect(chat.status, chat.body).toBe(200);
    expect(server.errors).toEqual([]);
    expect(again.errors).toEqual([]);
  });

  it('refuses to restore while a server runs on the DATA_DIR, and restores once that server has died', async () => {
    const dataDir = tempDir();
    const backupFile = path.join(tempDir(), 'hearth-backup.db');
    let server = new ServerProcess({ DATA_DIR: dataDir });
    let port = await server.port;
    const [ann] = (await household(port, ['Ann'])).people as [Session];
    expect((await npmRun('backup', [backupFile], dataDir)).code).toBe(0);
    const later = await ann.request(port, 'POST', '/api/messages', { content: 'after the backup' });
    expect(later.status).toBe(201);
    const laterId = later.json().id as string;

    const listing = () => fs.readdirSync(dataDir).sort();
    const filesBefore = listing();
    const refused = await npmRun('restore', [backupFile], dataDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(
      /A Hearth server is running on .*: stop it first, then restore\. Nothing was changed\./,
    );
    expect(listing()).toEqual(filesBefore);
    const still = await ann.request(port, 'GET', '/api/messages');
    expect(still.json<{ id: string }[]>().map((m) => m.id)).toContain(laterId);

    // A killed server leaves its lock file behind, but no lock: the restore goes ahead, and keeps
    // the database it replaces (with its WAL) beside it.
    await server.kill();
    const restore = await npmRun('restore', [backupFile], dataDir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const kept = listing().find(
      (name) => name.startsWith('hearth.db.before-restore-') && !name.endsWith('-wal'),
    );
    expect(kept).toBeDefined();
    expect(restore.stdout).toContain(`kept as ${path.join(dataDir, kept!)}`);
    expect(listing()).not.toContain('hearth.db-wal');

    const keptDb = new SQLite(path.join(dataDir, kept!));
    try {
      expect(keptDb.prepare('select id from messages where id = ?').pluck().get(laterId)).toBe(laterId);
    } finally {
      keptDb.close();
    }
    server = new ServerProcess({ DATA_DIR: dataDir });
    port = await server.port;
    const restored = await ann.request(port, 'GET', '/api/messages');
    expect(restored.status).toBe(200);
    expect(restored.json<{ id: string }[]>().map((m) => m.id)).not.toContain(laterId);
    expect(server.errors).toEqual([]);
  });

  it('explains a wrong command and changes nothing', async () => {
    const dataDir = tempDir();
    await (await openMigratedDatabase({ engine: 'sqlite', file: path.join(dataDir, 'hearth.db') })).close();
    const elsewhere = tempDir();
    const taken = path.join(elsewhere, 'taken.db');
    fs.writeFileSync(taken, 'an older backup');
    const notSqlite = path.join(elsewhere, 'notes.txt');
    fs.writeFileSync(notSqlite, 'not a database');
    const otherSqlite = path.join(elsewhere, 'other.db');
    new SQLite(otherSqlite).exec('create table t (x)').close();
    const listing = () => fs.readdirSync(dataDir).sort();
    const filesBefore = listing();
    const postgres = { DATABASE_URL: 'postgres://hearth@db.example/hearth' };

    const cases: [string, string[], Record<string, string>, number, RegExp][] = [
      ['backup', [], {}, 2, /^Name the file to write\.\n\nUsage: npm run backup -- <file> \[--force\]/],
      ['backup', [taken, '--quick'], {}, 2, /^Unknown option --quick\.\n\nUsage: npm run backup/],
      [
        'backup',
        [taken],
        {},
        1,
        /taken\.db already exists: choose another name, or add --force to replace it\./,
      ],
      ['backup', [path.join(dataDir, 'hearth.db'), '--force'], {}, 1, /hearth\.db is the database itself/],
      ['backup', [path.join(elsewhere, 'nowhere', 'x.db')], {}, 1, /The folder .*nowhere does not exist\./],
      [
        'backup',
        [path.join(elsewhere, 'x.db')],
        { DATA_DIR: elsewhere },
        1,
        /There is no database in .* \(no hearth\.db there\): is DATA_DIR right\?/,
      ],
      [
        'backup',
        [path.join(elsewhere, 'x.db')],
        postgres,
        1,
        /DATABASE_URL is set.*pg_dump -Fc "\$DATABASE_URL" -f hearth\.dump/,
      ],
      ['restore', [], {}, 2, /^Name the backup to restore\.\n\nUsage: npm run restore -- <file>/],
      ['restore', [path.join(elsewhere, 'missing.db')], {}, 1, /missing\.db does not exist\./],
      [
        'restore',
        [notSqlite],
        {},
        1,
        /notes\.txt cannot be restored: it is not a SQLite database .*Nothing was changed\./,
      ],
      [
        'restore',
        [otherSqlite],
        {},
        1,
        /other\.db cannot be restored: it is a SQLite database, but not one of Hearth\./,
      ],
      [
        'restore',
        [taken],
        postgres,
        1,
        /DATABASE_URL is set.*pg_restore --clean --if-exists -d "\$DATABASE_URL" hearth\.dump/,
      ],
    ];
    const runs = await Promise.all(
      cases.map(([command, args, env]) => npmRun(command, args, env.DATA_DIR ?? dataDir, env)),
    );
    expect(runs.map((run) => ({ code: run.code, stderr: run.stderr, stdout: run.stdout }))).toEqual(
      cases.map(([, , , code, message]) => ({ code, stderr: expect.stringMatching(message), stdout: '' })),
    );
    expect(listing()).toEqual(filesBefore);
    expect(fs.readFileSync(taken, 'utf8')).toBe('an older backup');
    expect(fs.readdirSync(elsewhere).sort()).toEqual(['notes.txt', 'other.db', 'taken.db']);
  });
});
