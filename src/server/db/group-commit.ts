import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
} from 'kysely';
import type { Turns } from '../turns.ts';
import type { Checkpointer } from './checkpointer.ts';
import { SqliteBindingCompiler } from './sqlite-compiler.ts';

/**
 * Group commit for a SQLite file (docs/decisions/0042-group-commit.md and 0044).
 *
 * Writes that arrive together share one transaction and one fsync. Each unit of work (a Kysely
 * transaction, or one write statement outside a transaction) runs alone on the writing connection
 * inside the batch's transaction, in a savepoint of its own, so a failing unit is undone alone.
 *
 * The writing connection commits without syncing (synchronous=OFF); the driver then syncs the WAL
 * file on libuv's thread pool, and every unit's caller hears back only once that sync is done.
 * While one batch is on its way to disk the next one gathers, and commits when the sync ends, but
 * not sooner than a few milliseconds after the last commit began.
 * Reads outside a transaction go to a second connection, held on the last state that is on disk
 * while a commit is being synced, so nobody ever reads a write that could still be lost.
 */

/** What the driver reports after each batch (metrics). */
export interface BatchObserver {
  committed(units: number, milliseconds: number): void;
}

/** Makes what was written to a file durable: fs.fdatasync, or a stand-in in the driver's tests. */
export type SyncFile = (fd: number, done: (error: Error | null) => void) => void;

export interface GroupCommitOptions {
  observer?: BatchObserver | null;
  syncFile?: SyncFile;
  /**
   * The checkpointer thread, which can copy the WAL into the database file on request, and copy
   * the whole of it so that the next write starts the WAL over. Without it the WAL is left to
   * the checkpointer's own rhythm.
   */
  checkpointer?: Pick<Checkpointer, 'catchUp' | 'restart'>;
  /** The WAL's size past which writes pause for it to start over (smaller in the driver's tests). */
  walLimitBytes?: number;
  /**
   * The event loop's turns: the units of a synced batch, those that waited for the writer and the
   * callers of reads go on a turn's budget at a time. Without it, a synced batch's units and the
   * writer's waiting units all go on in the turn that frees them, and a read's caller next turn.
   */
  turns?: Turns;
  /** The least time between the starts of two commits (COMMIT_GAP_MS unless given). */
  commitGapMs?: number;
}

interface Batch {
  units: number;
  /** Settles once the batch is on disk, or rejects when it never will be. */
  durable: Promise<void>;
  settle: (error?: unknown) => void;
}

// A long transaction lets the event loop turn after this much work, so one import or sweep does
// not hold every other request; short ones (nearly all) run without a turn while holding the writer.
const SLICE_MS = 10;

// Readers are held on the last synced state while each commit is synced, so under a steady flow
// of writes the WAL is never wholly copied back and never starts over by itself: past this size
// the driver pauses writes for a moment to have it checkpointed and started over.
const WAL_LIMIT_BYTES = 64 * 1024 * 1024;

// Under a steady flow of writes a batch would commit every turn, holding only the few writes of
// that turn, and the work around each commit (pinning the reader, the sync's callback, the turn
// in which the batch's callers go on) is done once per batch. A commit that comes this soon after
// the last one waits out the rest of the gap, so one commit serves many writes; after a quiet
// moment a write commits at once (decision 0049).
export const COMMIT_GAP_MS = 4;

class Unit implements DatabaseConnection {
  inTransaction = false;
  /** The batch this unit's transaction lost (SQLite rolled the whole batch back): nothing more runs. */
  lost: unknown = null;
  sliceStart = 0;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered on this connection.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the server connection');
  }
}

export class GroupCommitDriver implements Driver {
  private batch: Batch | null = null;
  private held = false;
  private readonly waiting: (() => void)[] = [];
  private commitScheduled = false;
  private commitDue = false;
  private reader: SQLite.Database | null = null;
  private closed = false;
  /** The committed batch whose WAL sync is under way. */
  private syncing: Batch | null = null;
  /** Set when a sync failed: what was written may not be on disk, so nothing more is written. */
  private broken: unknown = null;
  private wal: number | null = null;
  private restarting = false;
  /** When the last commit began, and the timer that holds the next one back until the gap ends. */
  private lastCommit = Number.NEGATIVE_INFINITY;
  private gapTimer: NodeJS.Timeout | null = null;

  private readonly observer: BatchObserver | null;
  private readonly syncFile: SyncFile;
  private readonly checkpointer: Pick<Checkpointer, 'catchUp' | 'restart'> | null;
  private readonly walLimit: number;
  private readonly turns: Turns | null;
  private readonly commitGap: number;
  /** The WAL's size past which the driver has it started over (see restart). */
  private restartAt: number;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly openReader: () => SQLite.Database,
    options: GroupCommitOptions = {},
  ) {
    this.observer = options.observer ?? null;
    this.syncFile = options.syncFile ?? fs.fdatasync;
    this.checkpointer = options.checkpointer ?? null;
    this.walLimit = options.walLimitBytes ?? WAL_LIMIT_BYTES;
    this.turns = options.turns ?? null;
    this.commitGap = options.commitGapMs ?? COMMIT_GAP_MS;
    this.restartAt = this.walLimit;
  }

  async init(): Promise<void> {
    // Once the WAL starts over, its file is cut back to this size: its size then tells how much
    // of it is in use, which is when the next restart is due.
    if (this.checkpointer) this.writer.pragma(`journal_size_limit = ${this.walLimit}`);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.closed) throw new Error('The database is closed');
    return new Unit(this);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = connection as Unit;
    await this.lock();
    try {
      this.join();
      this.writer.exec('savepoint unit');
    } catch (error) {
      this.unlock();
      throw error;
    }
    unit.inTransaction = true;
    unit.lost = null;
    unit.sliceStart = performance.now();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = connection as Unit;
    if (unit.lost) throw unit.lost;
    if (this.broken) throw this.broken;
    // On failure Kysely rolls the unit back, which lets the writer go.
    this.writer.exec('release unit');
    unit.inTransaction = false;
    const batch = this.batch;
    this.unlock();
    await batch?.durable;
    await this.turns?.wait();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = connection as Unit;
    unit.inTransaction = false;
    const batch = this.batch;
    try {
      if (!unit.lost && this.writer.inTransaction) this.writer.exec('rollback to unit; release unit');
    } catch (error) {
      this.abandonBatch(error);
    } finally {
      this.unlock();
    }
    // The failure is reported once what the batch holds is committed, so a read that follows
    // (say, of the row that made an insert fail) finds it on the reading connection.
    await batch?.durable.catch(() => {});
  }

  async destroy(): Promise<void> {
    if (this.closed) return;
    await this.lock();
    this.closed = true;
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
    await this.drain();
    // Closing the last connection checkpoints the WAL into the database file: with a sync.
    this.writer.pragma('synchronous = FULL');
    if (this.wal !== null) fs.closeSync(this.wal);
    this.reader?.close();
    this.writer.close();
  }

  /** With the writer held: commits what has gathered and waits until nothing is being synced. */
  private async drain(): Promise<void> {
    while (this.syncing || this.batch) {
      if (this.syncing) await this.syncing.durable.catch(() => {});
      else this.commit();
    }
  }

  /**
   * Holds every write back while the checkpointer copies the whole WAL into the database file,
   * so that the next batch writes the WAL from its beginning again instead of growing it.
   */
  private async restart(checkpointer: Pick<Checkpointer, 'catchUp' | 'restart'>): Promise<void> {
    // Most of the WAL is copied while writes go on; only what comes after waits for the pause.
    await checkpointer.catchUp();
    await this.lock();
    try {
      await this.drain();
      if (this.broken || this.closed) return;
      const restarted = await checkpointer.restart();
      // A reader that keeps the WAL busy (a long export) is not waited for: writes go on, and
      // the next try comes once the WAL has grown as much again.
      this.restartAt = restarted ? this.walLimit : this.walBytes() + this.walLimit;
    } finally {
      this.restarting = false;
      this.unlock();
    }
  }

  private walBytes(): number {
    return this.wal === null ? 0 : fs.fstatSync(this.wal).size;
  }

  /** Runs one statement for a unit: in its transaction, as a read, or as a write of its own. */
  async execute(unit: Unit, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (unit.inTransaction) return this.executeInTransaction(unit, query);
    const read = this.readStatement(query.sql);
    if (read) {
      let result: QueryResult<unknown>;
      try {
        result = run(read, query.parameters);
      } catch {
        // While a sync holds the reader on the last synced state, a table another connection has
        // since changed may be missing there; the writer sees the present and reports any error.
        return this.writeAlone(query);
      }
      // Timers, sockets and new requests get a turn between reads: after each read, or with the
      // event loop's turns, once the turn has spent its budget (decisions 0031 and 0048).
      if (this.turns) await this.turns.wait();
      else await yieldToEventLoop();
      return result;
    }
    return this.writeAlone(query);
  }

  private async executeInTransaction(unit: Unit, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (unit.lost) throw unit.lost;
    if (this.broken) throw this.broken;
    let result: QueryResult<unknown>;
    try {
      result = run(this.writer.prepare(query.sql), query.parameters);
    } catch (error) {
      if (this.noteLostBatch(error)) unit.lost = error;
      throw error;
    }
    if (performance.now() - unit.sliceStart > SLICE_MS) {
      await yieldToEventLoop();
      unit.sliceStart = performance.now();
    }
    return result;
  }

  /** A write outside a transaction: one statement, atomic by itself, in the current batch. */
  private async writeAlone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    await this.lock();
    let batch: Batch | null = null;
    let result: QueryResult<unknown>;
    try {
      this.join();
      batch = this.batch;
      result = run(this.writer.prepare(query.sql), query.parameters);
    } catch (error) {
      this.noteLostBatch(error);
      this.unlock();
      await batch?.durable.catch(() => {});
      throw error;
    }
    this.unlock();
    await batch?.durable;
    await this.turns?.wait();
    return result;
  }

  /** The statement prepared on the reading connection when it only reads; null otherwise. */
  private readStatement(source: string): SQLite.Statement | null {
    this.reader ??= this.openReader();
    try {
      const statement = this.reader.prepare(source);
      return statement.readonly ? statement : null;
    } catch {
      // A statement the reader cannot prepare is left to the writer, which reports any error.
      return null;
    }
  }

  /** Opens the batch's transaction when none is open, and counts the unit in it. */
  private join(): void {
    if (this.broken) throw this.broken;
    if (!this.batch) {
      this.writer.exec('begin immediate');
      let settle!: (error?: unknown) => void;
      const durable = new Promise<void>((resolve, reject) => {
        settle = (error) => (error === undefined ? resolve() : reject(error));
      });
      // Units that failed wait on it with their own handler; nobody else has to.
      durable.catch(() => {});
      this.batch = { units: 0, durable, settle };
      this.scheduleCommit();
    }
    this.batch.units += 1;
  }

  /**
   * The batch commits on the next turn, or as soon as the unit holding the writer lets go; while
   * the batch before it is being synced, once that sync ends; and never sooner than the commit
   * gap after the last commit began.
   */
  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      this.commitWhenFree();
    });
  }

  private commitWhenFree(): void {
    if (!this.batch || this.syncing || this.gapTimer) return;
    const early = this.lastCommit + this.commitGap - performance.now();
    if (early > 0) {
      this.gapTimer = setTimeout(() => {
        this.gapTimer = null;
        this.commitWhenFree();
      }, early);
      return;
    }
    if (this.held) this.commitDue = true;
    else this.commit();
  }

  private commit(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = null;
    const started = performance.now();
    this.lastCommit = started;
    // Readers stay on the state before this commit until the commit is on disk.
    this.pinReader();
    try {
      this.writer.exec('commit');
    } catch (error) {
      this.batch = batch;
      this.abandonBatch(error);
      this.unpinReader();
      return;
    }
    let wal: number;
    try {
      wal = this.walFile();
    } catch (error) {
      // A WAL that cannot be opened cannot be synced: the same as a failed sync, not a hang.
      this.synced(batch, started, error as Error);
      return;
    }
    this.syncing = batch;
    this.syncFile(wal, (error) => this.synced(batch, started, error));
  }

  private synced(batch: Batch, started: number, error: Error | null): void {
    this.syncing = null;
    if (error) {
      // The page cache can no longer be trusted to hold what it was given: the reader stays on
      // the last durable state, and every write from now on fails until the server restarts.
      this.broken = error;
      batch.settle(error);
      this.abandonBatch(error);
      return;
    }
    this.unpinReader();
    batch.settle();
    this.observer?.committed(batch.units, performance.now() - started);
    if (this.checkpointer && !this.restarting && this.walBytes() > this.restartAt) {
      this.restarting = true;
      void this.restart(this.checkpointer);
    }
    this.commitWhenFree();
  }

  /** The WAL file's descriptor, opened once; its folder is synced so that the file itself lasts. */
  private walFile(): number {
    if (this.wal === null) {
      this.wal = fs.openSync(`${this.writer.name}-wal`, 'r+');
      const folder = fs.openSync(path.dirname(this.writer.name), 'r');
      try {
        fs.fsyncSync(folder);
      } finally {
        fs.closeSync(folder);
      }
    }
    return this.wal;
  }

  /** Starts a read transaction on the reading connection, so that it sees nothing newer. */
  private pinReader(): void {
    this.reader ??= this.openReader();
    const reader = this.reader;
    if (reader.inTransaction) return;
    reader.exec('begin');
    reader.prepare('select 1 from sqlite_schema limit 1').get();
  }

  private unpinReader(): void {
    if (this.reader?.inTransaction) this.reader.exec('commit');
  }

  /**
   * Some errors (a full disk, an I/O error) make SQLite roll back the whole transaction: then the
   * batch is gone and every unit in it fails. Answers whether that happened.
   */
  private noteLostBatch(error: unknown): boolean {
    if (!this.batch || this.writer.inTransaction) return false;
    this.abandonBatch(error);
    return true;
  }

  /** Rolls back whatever the batch holds and tells every unit in it that it failed. */
  private abandonBatch(error: unknown): void {
    const batch = this.batch;
    this.batch = null;
    try {
      if (this.writer.inTransaction) this.writer.exec('rollback');
    } catch {
      // The connection has already given the transaction up.
    }
    batch?.settle(error);
  }

  private lock(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private unlock(): void {
    if (this.commitDue) {
      this.commitDue = false;
      if (!this.syncing) this.commit();
    }
    const next = this.waiting.shift();
    if (!next) this.held = false;
    else if (this.turns) this.turns.admit(next);
    else next();
  }
}

function run(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
  const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
  return {
    rows: [],
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
  };
}

/** Kysely's SQLite dialect with the group-commit driver in place of its one-connection driver. */
export function groupCommitDialect(
  writer: SQLite.Database,
  openReader: () => SQLite.Database,
  options: GroupCommitOptions = {},
): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(writer, openReader, options),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteBindingCompiler(),
  };
}
