import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '#server/config.ts';
import { type Database, openMigratedDatabase } from '#server/db/database.ts';
import { testEngine } from './helpers.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const writer = path.join(repoRoot, 'tests/integration/fixtures/durable-writer.ts');
const KILL_AFTER = 200;

interface Run {
  printed: string[];
  exit: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
}

/**
 * Runs the writer, SIGKILLs it as soon as it has printed KILL_AFTER ids (it is still inserting),
 * and returns every id it printed on a complete line before it died.
 */
function runWriterAndKill(config: DatabaseConfig): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', writer], {
      cwd: repoRoot,
      env: { ...process.env, HEARTH_DURABLE_DATABASE: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const printed: string[] = [];
    let pending = '';
    let stderr = '';
    let killed = false;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? ''; // a line without its newline was not fully printed: not counted
      for (const line of lines) if (line.startsWith('u-')) printed.push(line);
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
    child.on('close', (code, signal) => resolve({ printed, exit: { code, signal }, stderr }));
  });
}

describe(`durability on ${testEngine}: every acknowledged insert survives SIGKILL`, () => {
  let config: DatabaseConfig;
  let tempDir: string | null = null;
  let schema: string | null = null;

  beforeAll(() => {
    if (testEngine === 'sqlite') {
      tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-durable-'));
      config = { engine: 'sqlite', file: path.join(tempDir, 'hearth.db') };
    } else {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) throw new Error('HEARTH_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
      schema = `durable_${randomBytes(6).toString('hex')}`;
      config = { engine: 'postgres', url, schema };
    }
  });

  afterAll(async () => {
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    if (schema) {
      const database = await openMigratedDatabase(config);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    }
  });

  it('keeps every id the killed writer printed, and nothing it never started', async () => {
    const run = await runWriterAndKill(config);
    expect(run.exit.signal, run.stderr).toBe('SIGKILL');
    expect(run.printed.length).toBeGreaterThanOrEqual(KILL_AFTER);
    // The ids were acknowledged in order: u-1 … u-N with no gaps.
    expect(run.printed).toEqual(Array.from({ length: run.printed.length }, (_, i) => `u-${i + 1}`));

    let database: Database | null = null;
    try {
      database = await openMigratedDatabase(config);
      const rows = await database.db.selectFrom('users').select(['id', 'email', 'last_name']).execute();
      const present = new Set(rows.map((r) => r.id));
      const missing = run.printed.filter((id) => !present.has(id));
      expect(missing).toEqual([]);

      // At most one insert was in flight when the writer died; it may or may not have committed.
      expect(rows.length).toBeGreaterThanOrEqual(run.printed.length);
      expect(rows.length).toBeLessThanOrEqual(run.printed.length + 1);
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
      await database?.close();
    }
  });
});
