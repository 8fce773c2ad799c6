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
  SqliteQueryCompiler,
} from 'kysely';

/**
 * Group commit for a SQLite file (docs/decisions/0042-group-commit.md).
 *
 * Writes that arrive together share one transaction and one fsync. Each unit of work (a Kysely
 * transaction, or one write statement outside a transaction) runs alone on the writing connection
 * inside the batch's transaction, in a savepoint of its own, so a failing unit is undone alone.
 * The batch commits once no unit is waiting or at the latest on the next turn of the event loop,
 * and every unit's caller hears back only after that commit is on disk. Reads outside a
 * transaction go to a second connection that sees committed data only, so nobody ever reads a
 * write that could still be lost.
 */

/** What the driver reports after each batch (metrics). */
export interface BatchObserver {
  committed(units: number, milliseconds: number): void;
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

  constructor(
    private readonly writer: SQLite.Database,
    private readonly openReader: () => SQLite.Database,
    private readonly observer: BatchObserver | null = null,
  ) {}

  async init(): Promise<void> {}

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
    // On failure Kysely rolls the unit back, which lets the writer go.
    this.writer.exec('release unit');
    unit.inTransaction = false;
    const batch = this.batch;
    this.unlock();
    await batch?.durable;
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
    this.commit();
    this.reader?.close();
    this.writer.close();
  }

  /** Runs one statement for a unit: in its transaction, as a read, or as a write of its own. */
  async execute(unit: Unit, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (unit.inTransaction) return this.executeInTransaction(unit, query);
    const read = this.readStatement(query.sql);
    if (read) {
      const result = run(read, query.parameters);
      // A turn after each read lets timers, sockets and new requests in between (decision 0031).
      await yieldToEventLoop();
      return result;
    }
    return this.writeAlone(query);
  }

  private async executeInTransaction(unit: Unit, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (unit.lost) throw unit.lost;
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

  /** The batch commits on the next turn, or as soon as the unit holding the writer lets go. */
  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      this.commitScheduled = false;
      if (this.held) this.commitDue = true;
      else this.commit();
    });
  }

  private commit(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = null;
    const started = performance.now();
    try {
      this.writer.exec('commit');
    } catch (error) {
      this.batch = batch;
      this.abandonBatch(error);
      return;
    }
    batch.settle();
    this.observer?.committed(batch.units, performance.now() - started);
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
      this.commit();
    }
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
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
  observer: BatchObserver | null = null,
): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new GroupCommitDriver(writer, openReader, observer),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
