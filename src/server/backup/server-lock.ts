import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Which processes use a DATA_DIR, told by the operating system's file locks: each server holds a
 * shared lock on this file for as long as it runs, and a restore needs the lock alone. The system
 * drops a process's locks when it ends, however it ends (a SIGKILL too), so nothing stale is left
 * to clean up; locks are also seen across containers that share the folder, where process ids
 * are not. The locking is SQLite's own (a read transaction is a shared lock, an exclusive
 * transaction needs every other one gone; https://sqlite.org/lockingv3.html).
 */
export const SERVER_LOCK_FILE = 'hearth-server.lock';

export class DataDirBusyError extends Error {}

export interface DataDirLock {
  release(): void;
}

function openLockFile(dataDir: string): SQLite.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, SERVER_LOCK_FILE));
  // Never wait: the other side holds its lock for minutes or for the server's whole life.
  file.pragma('busy_timeout = 0');
  return file;
}

function isBusy(error: unknown): boolean {
  return (error as { code?: string }).code === 'SQLITE_BUSY';
}

/** The lock a server holds on its DATA_DIR while it runs; several servers may hold it at once. */
export function holdServerLock(dataDir: string): DataDirLock {
  const file = openLockFile(dataDir);
  try {
    file.exec('begin');
    file.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    file.close();
    if (isBusy(error)) {
      throw new DataDirBusyError(
        `${dataDir} is being restored (npm run restore holds ${SERVER_LOCK_FILE}); start the server once the restore has finished`,
      );
    }
    throw error;
  }
  return { release: () => file.close() };
}

/** The lock a restore takes: refused while any server holds its own. */
export function takeDataDirAlone(dataDir: string): DataDirLock {
  const file = openLockFile(dataDir);
  try {
    file.exec('begin exclusive');
  } catch (error) {
    file.close();
    if (isBusy(error)) {
      throw new DataDirBusyError(
        `A Hearth server is running on ${dataDir} (it holds ${path.join(dataDir, SERVER_LOCK_FILE)}): stop it first, then restore`,
      );
    }
    throw error;
  }
  return {
    release: () => {
      file.exec('rollback');
      file.close();
    },
  };
}
