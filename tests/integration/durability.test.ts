import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '#server/config.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import { testEngine } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const writer = path.join(repoRoot, 'tests/integration/fixtures/durable-writer.ts');
const KILL_AFTER = 200;

interface Run {
  printed: string[];
  /** Units in each group commit the writer reported (SQLite only). */
  batches: number[];
  exit: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
}

/**
 * Runs the writer, SIGKILLs it as soon as it has printed KILL_AFTER ids (it is still inserting),
 * and returns every id it printed on a complete line before it died.
 */
function runWriterAndKill(config: DatabaseConfig, writers: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', writer], {
      cwd: repoRoot,
      env: {
        ...process.env,
        HEARTH_DURABLE_DATABASE: JSON.stringify(config),
        HEARTH_DURABLE_WRITERS: String(writers),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const printed: string[] = [];
    const batches: number[] = [];
    let pending = '';
    let stderr = '';
    let killed = false;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? ''; // a line without its newline was not fully printed: not counted
      for (const line of lines) {
        if (line.startsWith('u-')) printed.push(line);
        else if (line.startsWith('batch ')) batches.push(Number(line.slice(6)));
      }
      if (!killed && printed.length >= KILL_AFTER) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ printed, batches, exit: { code, signal }, stderr }));
  });
}

const BATCHED_WRITERS = 20;

describe(`durability on ${testEngine}: every acknowledged insert survives SIGKILL`, () => {
  const tempDirs: string[] = [];
  const schemas: { config: DatabaseConfig; schema: string }[] = [];

  /** A database of its own for each case: a file in a new folder, or a new PostgreSQL schema. */
  function freshDatabase(): DatabaseConfig {
    if (testEngine === 'sqlite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-durable-'));
      tempDirs.push(dir);
      return { engine: 'sqlite', file: path.join(dir, 'hearth.db') };
    }
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('HEARTH_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
    const schema = `durable_${randomBytes(6).toString('hex')}`;
    const config: DatabaseConfig = { engine: 'postgres', url, schema };
    schemas.push({ config, schema });
    return config;
  }

  afterAll(async () => {
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    for (const { config, schema } of schemas) {
      const database = await openMigratedDatabase(config);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    }
  });

  /** Every printed id is stored whole; at most `inFlight` more were stored unacknowledged. */
  async function expectAcknowledgedKept(config: DatabaseConfig, run: Run, inFlight: number) {
    const database = await openMigratedDatabase(config);
    try {
      const rows = await database.db.selectFrom('users').select(['id', 'email', 'last_name']).execute();
      const present = new Set(rows.map((r) => r.id));
      expect(run.printed.filter((id) => !present.has(id))).toEqual([]);
      expect(rows.length).toBeGreaterThanOrEqual(run.printed.length);
      expect(rows.length).toBeLessThanOrEqual(run.printed.length + inFlight);
      for (const row of rows) {
        const n = row.id.slice(2);
        expect(row).toEqual({ id: `u-${n}`, email: `u-${n}@durable.test`, last_name: n });
      }

      // The table is still writable after recovery.
      await database.db
        .insertInto('users')
        .values({
          id: 'after-crash',
          email: 'after-crash@durable.test',
          password_hash: 'x',
          first_name: 'After',
          last_name: 'Crash',
          profile_color: 'blue',
          profile_image_id: null,
          created_at: Date.now(),
        })
        .execute();
      const count = await database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(rows.length + 1);

      if (database.engine === 'sqlite') {
        const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
        expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
        // What makes the acknowledged writes durable (DESIGN §2): WAL with synchronous=FULL.
        const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
        const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
        const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
        expect(journal.rows[0]?.journal_mode).toBe('wal');
        expect(synchronous.rows[0]?.synchronous).toBe(2); // 2 = FULL
        expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
      }
    } finally {
      await database.close();
    }
  }

  it('keeps every id the killed writer printed, and nothing it never started', async () => {
    const config = freshDatabase();
    const run = await runWriterAndKill(config, 1);
    expect(run.exit.signal, run.stderr).toBe('SIGKILL');
    expect(run.printed.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The ids were acknowledged in order: u-1 … u-N with no gaps.
    expect(run.printed).toEqual(Array.from({ length: run.printed.length }, (_, i) => `u-${i + 1}`));
    // At most one insert was in flight when the writer died; it may or may not have committed.
    await expectAcknowledgedKept(config, run, 1);
  });

  it(`keeps every acknowledged id when killed while ${BATCHED_WRITERS} writers share group commits`, async () => {
    const config = freshDatabase();
    const run = await runWriterAndKill(config, BATCHED_WRITERS);
    expect(run.exit.signal, run.stderr).toBe('SIGKILL');
    expect(run.printed.length).toBeGreaterThanOrEqual(KILL_AFTER);
    if (testEngine === 'sqlite') {
      // The inserts really were committed in groups, and the writer died with one under way.
      expect(Math.max(...run.batches)).toBeGreaterThan(1);
    }
    await expectAcknowledgedKept(config, run, BATCHED_WRITERS);
  });
});
