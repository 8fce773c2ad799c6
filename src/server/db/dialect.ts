import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  type Insertable,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresAdapter,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type SqlBool,
  sql,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { containsPattern, LIKE_ESCAPE } from '#shared/search/rules.ts';
import type { DatabaseConfig } from '../config.ts';
import { serverTurns, type Turns } from '../turns.ts';
import { startCheckpointer } from './checkpointer.ts';
import { type BatchObserver, groupCommitDialect, type SyncFile } from './group-commit.ts';
import { CurrentSchemaPostgresDialect } from './pg-introspector.ts';
import type { DB } from './schema.ts';
import { SqliteBindingDialect } from './sqlite-compiler.ts';

/**
 * Everything that differs between the embedded engine (SQLite) and PostgreSQL lives here:
 * connection set-up, column types, and value conversions. Nothing else knows which engine runs.
 */
export type Engine = DatabaseConfig['engine'];

export interface EngineParts {
  engine: Engine;
  dialect: Dialect;
  plugins: KyselyPlugin[];
  /** Runs after Kysely is closed, for resources Kysely does not own. */
  dispose: () => Promise<void>;
  /** The PostgreSQL pool, whose counts /metrics reports; absent on SQLite. */
  pool?: pg.Pool;
}

// Kysely's SQLite driver prepares every query afresh; preparing costs about as much as running a
// point lookup, and the hot reads (session, membership) repeat the same few SQL texts. Statements
// run synchronously and the app never streams (iterate), so one statement can serve every call.
const MAX_STATEMENTS = 500;
function reusePreparedStatements(database: SQLite.Database): SQLite.Database {
  const prepare = database.prepare.bind(database);
  const statements = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = prepare(source);
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
  return database;
}

// SQLite's own lower() and LIKE fold only A-Z; a search with other letters folds case as
// JavaScript (and PostgreSQL's lower()) do, so "ärzte" finds "Ärzte" on both engines.
function addFoldCase(database: SQLite.Database): SQLite.Database {
  database.function('fold_case', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  return database;
}

const NOT_ASCII = /\P{ASCII}/u;

// Each connection to a file keeps this much of the database in its own memory (a negative
// cache_size counts KiB): index pages that writes touch stay at hand.
const CACHE_KIB = -65_536;

/** `column` contains `text`, ignoring case, with LIKE's wildcards in `text` taken literally. */
export function containsIgnoringCase(
  db: Pick<Kysely<unknown>, 'getExecutor'>,
  column: string,
  text: string,
): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const like = sql`like ${containsPattern(text)} escape ${LIKE_ESCAPE}`;
  if (!worksOnThisThread(db)) return sql<SqlBool>`lower(${ref}) ${like}`;
  // SQLite's LIKE ignores the case of A-Z by itself, without a function call per row.
  return NOT_ASCII.test(text) ? sql<SqlBool>`fold_case(${ref}) ${like}` : sql<SqlBool>`${ref} ${like}`;
}

export interface EngineOptions {
  /** A second connection that only reads, beside the server's own (the downloads worker). */
  reader?: boolean;
  /** Told of each group commit on a SQLite file (metrics). */
  batches?: BatchObserver;
  /** How the group-commit driver syncs the WAL (its tests hold the sync to watch what waits on it). */
  syncWal?: SyncFile;
  /** The WAL size at which writes pause for it to start over (the group-commit driver's tests). */
  walLimitBytes?: number;
  /** The event loop's turns that writes resume on: the server's own unless a test brings its own. */
  turns?: Turns;
  /** The least time between two group commits (the driver's tests lengthen it to watch batches form). */
  commitGapMs?: number;
}

export function createEngine(
  config: DatabaseConfig,
  { reader = false, batches, syncWal, walLimitBytes, turns = serverTurns, commitGapMs }: EngineOptions = {},
): EngineParts {
  if (config.engine === 'sqlite' && reader) {
    // The server's connection has made the file, chosen WAL and checkpoints it.
    const database = addFoldCase(
      reusePreparedStatements(new SQLite(config.file, { readonly: true, fileMustExist: true })),
    );
    database.pragma('busy_timeout = 5000');
    return {
      engine: 'sqlite',
      dialect: new SqliteBindingDialect({ database }),
      plugins: [],
      dispose: async () => {},
    };
  }
  if (config.engine === 'sqlite') {
    const memory = config.file === ':memory:';
    if (!memory) fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const database = addFoldCase(reusePreparedStatements(new SQLite(config.file)));
    // WAL with synchronous=FULL: every acknowledged commit survives a crash or power loss (for a
    // file, the group-commit driver takes over the syncing below).
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    if (memory) {
      // Nothing to make durable: one connection, and a turn after each query (decision 0031).
      return {
        engine: 'sqlite',
        dialect: new SqliteBindingDialect({ database }),
        plugins: [new TurnAfterEachQuery()],
        dispose: async () => {},
      };
    }
    // A file database is checkpointed from a worker thread instead of inside commits, and its
    // writes are committed in groups (src/server/db/group-commit.ts), which also takes the turns.
    const checkpointer = startCheckpointer(config.file);
    database.pragma('wal_autocheckpoint = 0');
    // The driver syncs the WAL itself after each commit, off the event loop (decision 0044).
    database.pragma('synchronous = OFF');
    // Each unit's savepoint keeps copies of the pages it changes: in memory, not a temporary file.
    database.pragma('temp_store = MEMORY');
    database.pragma(`cache_size = ${CACHE_KIB}`);
    const openReader = () => {
      const reader = addFoldCase(reusePreparedStatements(new SQLite(config.file, { fileMustExist: true })));
      reader.pragma('busy_timeout = 5000');
      reader.pragma('synchronous = FULL');
      reader.pragma('foreign_keys = ON');
      reader.pragma('wal_autocheckpoint = 0');
      reader.pragma('query_only = ON');
      reader.pragma(`cache_size = ${CACHE_KIB}`);
      return reader;
    };
    return {
      engine: 'sqlite',
      dialect: groupCommitDialect(database, openReader, {
        observer: batches ?? null,
        syncFile: syncWal,
        checkpointer,
        walLimitBytes,
        turns,
        commitGapMs,
      }),
      plugins: [],
      dispose: async () => {
        await checkpointer.stop();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: reader ? 2 : 10,
    // int8 (bigint) columns hold millisecond timestamps and counts: well inside 2^53.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === 20
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  // A client losing its connection must not crash the process: idle ones are reported on the
  // pool, and a checked-out one (a query or transaction in flight when PostgreSQL goes away)
  // emits on itself. Its query fails on its own, and the pool drops the broken client.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return {
    engine: 'postgres',
    dialect: new CurrentSchemaPostgresDialect({ pool }),
    plugins: [],
    pool,
    dispose: async () => {},
  };
}

/** Column types for migrations. */
export function columnTypes(engine: Engine) {
  return {
    timestamp: 'bigint' as const,
    boolean: engine === 'postgres' ? ('boolean' as const) : ('integer' as const),
    blob: engine === 'postgres' ? ('bytea' as const) : ('blob' as const),
    json: engine === 'postgres' ? ('jsonb' as const) : ('text' as const),
  };
}

/** Reads a boolean column the same way on both engines (SQLite stores 0/1). */
export function readBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** True for a unique-constraint violation on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

// PostgreSQL error classes and codes that mean the server is gone or not accepting work:
// 08 connection exception, 57P01-57P03 shut down or starting, 53300 too many connections.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres reports a lost or unusable connection with these messages and no code.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed)/;

/** True when a query failed because the database cannot be reached (not because of the query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGE.test(error.message);
}

/**
 * SQLite answers on the calling thread and Kysely continues a request's work in microtasks, so
 * a request's whole chain of queries, and every request that arrived with it, would run without
 * the event loop ever turning. A turn after each query lets timers, sockets and other requests in.
 */
class TurnAfterEachQuery implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    await yieldToEventLoop();
    return args.result;
  }
}

/** Reads a JSON column: text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function readJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * Whether the database does its work on the calling thread (SQLite), so a long statement holds
 * every other request, or in a server of its own (PostgreSQL), where round trips cost more.
 */
export function worksOnThisThread(db: Pick<Kysely<unknown>, 'getExecutor'>): boolean {
  return !(db.getExecutor().adapter instanceof PostgresAdapter);
}

/**
 * A JSON column as the text it holds, to copy into an answer unparsed (json-body.ts): UTF-8
 * bytes from SQLite, whose driver would otherwise decode it into a string first, and text from
 * PostgreSQL (jsonb written out, so spacing and key order may differ from what was stored).
 */
export function jsonText(
  db: Pick<Kysely<unknown>, 'getExecutor'>,
  column: string,
): RawBuilder<Buffer | string> {
  const ref = sql.ref(column);
  return worksOnThisThread(db) ? sql`cast(${ref} as blob)` : sql`${ref}::text`;
}

/**
 * Inserts many rows into one table. PostgreSQL takes them in one statement as a single JSON
 * value, which it parses far faster than thousands of bound parameters; SQLite takes them a
 * chunk at a time, as it caps bound values per statement (other requests get their turn between
 * chunks, as after every query). Every row must carry the same keys, with values JSON can hold
 * (text, numbers, booleans, null).
 */
export async function insertMany<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  { chunk = 100 }: { chunk?: number } = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  if (!worksOnThisThread(db)) {
    const columns = sql.join(Object.keys(first as object).map((column) => sql.ref(column)));
    await sql`insert into ${sql.table(table)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
      db,
    );
    return;
  }
  const plain = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (let i = 0; i < rows.length; i += chunk) {
    await plain
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as Record<string, unknown>[])
      .execute();
  }
}
