import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Pages copied per step: a few milliseconds of work, so other work gets turns in between. */
export const PAGES_PER_STEP = 100;

export interface CopyResult {
  file: string;
  bytes: number;
  ms: number;
}

/**
 * Copies the SQLite database `source` into `destination` with SQLite's backup API, through a
 * read-only connection of its own, while other processes keep writing to it.
 *
 * The copy is one snapshot: a read transaction stays open for the whole copy, so it holds every
 * commit made before it started and none made after (without it, each commit by another connection
 * would restart the copy from the first page, and a busy server would keep it from ever ending).
 * It is written under a temporary name and renamed at the end, once checked with
 * `pragma integrity_check`, so a file with the final name is always a whole backup. The copy is
 * one self-contained file (rollback journal, no -wal beside it).
 */
export async function copyDatabase(
  source: string,
  destination: string,
  options: { overwrite?: boolean; shouldStop?: () => boolean } = {},
): Promise<CopyResult> {
  const started = performance.now();
  if (!options.overwrite && fs.existsSync(destination)) {
    throw new Error(`${destination} already exists`);
  }
  const partial = `${destination}.partial-${process.pid}`;
  fs.rmSync(partial, { force: true });
  const reader = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    reader.pragma('busy_timeout = 5000');
    reader.exec('begin');
    reader.prepare('select count(*) from sqlite_master').get();
    await reader.backup(partial, {
      progress: () => {
        if (options.shouldStop?.()) throw new Error('The backup was stopped');
        return PAGES_PER_STEP;
      },
    });
    reader.exec('commit');
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    reader.close();
  }
  try {
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    fs.renameSync(partial, destination);
    fsyncFile(path.dirname(destination));
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  return {
    file: destination,
    bytes: fs.statSync(destination).size,
    ms: Math.round(performance.now() - started),
  };
}

/** Flushes a file (or a folder, for the names in it) to the disk. */
export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
