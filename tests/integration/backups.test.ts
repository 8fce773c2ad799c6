// Daily backups of the SQLite database (named by day, the newest BACKUP_KEEP kept) and the lock
// that tells a restore a server uses the DATA_DIR. SQLite only, whichever engine the suite runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { copyDatabase } from '#server/backup/copy.ts';
import { backupsToDelete, dailyBackupName, dailyBackups } from '#server/backup/daily.ts';
import { DataDirBusyError, holdServerLock, takeDataDirAlone } from '#server/backup/server-lock.ts';
import { openMigratedDatabase } from '#server/db/database.ts';

const DAY = 86_400_000;
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-backups-'));
  tempDirs.push(dir);
  return dir;
}

function quietLog() {
  return { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
  };
}

describe('daily backups', () => {
  it('are named by their UTC day, so that names sort by age', () => {
    expect(dailyBackupName(Date.UTC(2026, 2, 10, 23, 59))).toBe('hearth-2026-03-10.db');
    expect(dailyBackupName(Date.UTC(2026, 2, 11, 0, 0))).toBe('hearth-2026-03-11.db');
  });

  it('keep the newest BACKUP_KEEP, drop pieces of copies cut short on earlier days, and leave other files alone', () => {
    const files = [
      'hearth-2026-03-08.db',
      'hearth-2026-03-10.db',
      'hearth-2026-03-09.db',
      'hearth-2026-03-07.db',
      'hearth-2026-03-09.db.partial-123',
      'hearth-2026-03-10.db.partial-456',
      'before-the-move.db',
    ];
    const now = Date.UTC(2026, 2, 10, 12);
    expect(backupsToDelete(files, 2, now).sort()).toEqual([
      'hearth-2026-03-07.db',
      'hearth-2026-03-08.db',
      'hearth-2026-03-09.db.partial-123',
    ]);
    expect(backupsToDelete(files, 7, now)).toEqual(['hearth-2026-03-09.db.partial-123']);
  });

  it('are written by the scheduled job once a day into DATA_DIR/backups, whole, keeping the last N', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'hearth.db');
    const database = await openMigratedDatabase({ engine: 'sqlite', file });
    const log = quietLog();
    const backups = dailyBackups({ file, keep: 3, log });
    fs.mkdirSync(path.join(dir, 'backups'));
    fs.writeFileSync(path.join(dir, 'backups', 'kept-by-hand.db'), 'mine');
    try {
      const start = Date.UTC(2026, 2, 1, 3);
      for (let day = 0; day < 5; day += 1) {
        // Every sweep of the day (each minute) finds the day's backup made.
        for (const minutes of [0, 1, 600]) {
          await backups.job.run({
            db: database.db,
            events: { toHousehold: () => {} } as never,
            now: () => start + day * DAY + minutes * 60_000,
          });
          await backups.settled();
        }
      }
      expect(log.warn).not.toHaveBeenCalled();
      expect(fs.readdirSync(path.join(dir, 'backups')).sort()).toEqual([
        'hearth-2026-03-03.db',
        'hearth-2026-03-04.db',
        'hearth-2026-03-05.db',
        'kept-by-hand.db',
      ]);
      const copy = new SQLite(path.join(dir, 'backups', 'hearth-2026-03-05.db'), { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        expect(copy.prepare('select count(*) from kysely_migration').pluck().get()).toBeGreaterThan(0);
      } finally {
        copy.close();
      }
    } finally {
      await backups.stop();
      await database.close();
    }
  });
});

describe('a backup copy', () => {
  it('is the snapshot of when it started, and ends though another connection commits between all its steps', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'hearth.db');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table notes (id integer primary key, text text not null)');
    const insert = writer.prepare('insert into notes (text) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(1000));
    })();
    let steps = 0;
    try {
      const result = await copyDatabase(file, path.join(dir, 'copy.db'), {
        // Asked between steps: a commit from elsewhere each time.
        shouldStop: () => {
          steps += 1;
          insert.run('written during the copy');
          return false;
        },
      });
      expect(steps).toBeGreaterThan(5);
      expect(result.file).toBe(path.join(dir, 'copy.db'));
      expect(writer.prepare('select count(*) from notes').pluck().get()).toBe(2000 + steps);
      const copy = new SQLite(result.file, { readonly: true });
      try {
        expect(copy.prepare('select count(*) from notes').pluck().get()).toBe(2000);
      } finally {
        copy.close();
      }
      expect(fs.readdirSync(dir).sort()).toEqual(['copy.db', 'hearth.db', 'hearth.db-shm', 'hearth.db-wal']);
    } finally {
      writer.close();
    }
  });

  it('leaves nothing under the final name, or beside it, when it is stopped', async () => {
    const dir = dataDir();
    const file = path.join(dir, 'hearth.db');
    const writer = new SQLite(file);
    writer.exec('create table notes (id integer primary key, text text not null)');
    const insert = writer.prepare('insert into notes (text) values (?)');
    writer.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run('x'.repeat(1000));
    })();
    writer.close();
    await expect(copyDatabase(file, path.join(dir, 'copy.db'), { shouldStop: () => true })).rejects.toThrow(
      'The backup was stopped',
    );
    expect(fs.readdirSync(dir)).toEqual(['hearth.db']);
  });
});

describe('the DATA_DIR lock', () => {
  it('is held by any number of servers at once, and a restore is refused until the last lets go', () => {
    const dir = dataDir();
    const first = holdServerLock(dir);
    const second = holdServerLock(dir);
    expect(() => takeDataDirAlone(dir)).toThrow(DataDirBusyError);
    first.release();
    expect(() => takeDataDirAlone(dir)).toThrow(/A Hearth server is running on .*: stop it first/);
    second.release();
    const restore = takeDataDirAlone(dir);
    // Meanwhile a server does not start on a database being replaced.
    expect(() => holdServerLock(dir)).toThrow(/is being restored/);
    restore.release();
    holdServerLock(dir).release();
  });
});
