// `npm run restore -- <file>`: puts a backup in place of the SQLite database in DATA_DIR, with no
// server running on it (README, Backups). Built into dist/server/restore.js, so it runs with
// production dependencies only.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from '../db/migrations.ts';
import { fail, operatorConfig, parseArguments } from './command.ts';
import { copyDatabase, fsyncFile } from './copy.ts';
import { DataDirBusyError, takeDataDirAlone } from './server-lock.ts';

const USAGE = `Usage: npm run restore -- <file>
  Replaces the SQLite database in DATA_DIR with the backup <file> (stop the server first).
  The database it replaces is kept beside it as hearth.db.before-restore-<time>.`;

const { files } = parseArguments(process.argv.slice(2), [], USAGE);
if (files.length !== 1) fail(files.length === 0 ? 'Name the backup to restore.' : 'Name one backup.', USAGE);
const config = operatorConfig(
  'a PostgreSQL dump is restored with pg_restore, e.g. pg_restore --clean --if-exists -d "$DATABASE_URL" hearth.dump',
);
const backup = path.resolve(files[0]!);
if (!fs.existsSync(backup) || !fs.statSync(backup).isFile()) fail(`${backup} does not exist.`);

/** Why `file` is not a whole Hearth database this version can run, or null when it is one. */
function notAHearthBackup(file: string): string | null {
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `it cannot be opened (${error instanceof Error ? error.message : String(error)})`;
  }
  try {
    const tables = new Set(
      db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
    );
    if (!tables.has('kysely_migration') || !tables.has('users') || !tables.has('households')) {
      return 'it is a SQLite database, but not one of Hearth';
    }
    const known = new Set(Object.keys(migrations('sqlite')));
    const unknown = (db.prepare('select name from kysely_migration').pluck().all() as string[]).filter(
      (name) => !known.has(name),
    );
    if (unknown.length > 0) {
      return `it was made by a newer version of Hearth (migration ${unknown[0]} is unknown here): upgrade first`;
    }
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') return `it is damaged (integrity check: ${String(check)})`;
    return null;
  } catch (error) {
    return `it is not a SQLite database (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db.close();
  }
}

const problem = notAHearthBackup(backup);
if (problem) fail(`${backup} cannot be restored: ${problem}. Nothing was changed.`);

let lock: ReturnType<typeof takeDataDirAlone>;
try {
  lock = takeDataDirAlone(config.dataDir);
} catch (error) {
  if (error instanceof DataDirBusyError) fail(`${error.message}. Nothing was changed.`);
  throw error;
}
try {
  // The copy is made and checked beside the database before anything is replaced.
  const incoming = `${config.file}.restoring`;
  await copyDatabase(backup, incoming, { overwrite: true });
  let keptAs: string | null = null;
  if (fs.existsSync(config.file)) {
    keptAs = `${config.file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(config.file, keptAs);
    // Its WAL may hold its last commits: it goes with it, under the name SQLite looks for.
    if (fs.existsSync(`${config.file}-wal`)) fs.renameSync(`${config.file}-wal`, `${keptAs}-wal`);
  } else {
    fs.rmSync(`${config.file}-wal`, { force: true });
  }
  // The shared-memory index belongs to the WAL that has gone; SQLite rebuilds it.
  fs.rmSync(`${config.file}-shm`, { force: true });
  fs.renameSync(incoming, config.file);
  fsyncFile(config.dataDir);
  console.info(
    `Restored ${backup} into ${config.file}.${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''}`,
  );
} catch (error) {
  fail(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  lock.release();
}
