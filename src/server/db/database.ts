import { Kysely, type MigrationProvider, Migrator, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { createEngine, type Engine, type EngineOptions } from './dialect.ts';
import { migrations } from './migrations.ts';
import type { DB } from './schema.ts';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  engine: Engine;
  /** The PostgreSQL schema this database lives in, when not the default. */
  schema?: string;
  /** How it was opened: a second connection (the event listener) opens the same database. */
  config: DatabaseConfig;
  /** The PostgreSQL pool (its counts, for /metrics); absent on SQLite. */
  pool?: pg.Pool;
  close: () => Promise<void>;
}

export async function openDatabase(config: DatabaseConfig, options: EngineOptions = {}): Promise<Database> {
  const parts = createEngine(config, options);
  const db = new Kysely<DB>({ dialect: parts.dialect, plugins: parts.plugins });
  if (config.engine === 'postgres' && config.schema && !options.reader) {
    await sql`create schema if not exists ${sql.id(config.schema)}`.execute(db);
  }
  let closed = false;
  return {
    db,
    engine: parts.engine,
    config,
    ...(parts.pool ? { pool: parts.pool } : {}),
    ...(config.engine === 'postgres' && config.schema ? { schema: config.schema } : {}),
    close: async () => {
      if (closed) return;
      closed = true;
      await db.destroy();
      await parts.dispose();
    },
  };
}

export async function migrate(database: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(database.engine) };
  // Kysely looks for its bookkeeping tables across all schemas unless told which one is ours, so
  // another Hearth in a different schema of the same database would pass for this one.
  const schema = database.schema ?? (await currentSchema(database));
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed: ${String(error)}`);
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not prepare the ${database.engine} database: ${reason}`);
  }
}

/** The schema a PostgreSQL connection creates tables in (its search_path's first); none on SQLite. */
async function currentSchema(database: Database): Promise<string | undefined> {
  if (database.engine !== 'postgres') return undefined;
  const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(database.db);
  return rows[0]?.name ?? undefined;
}

/** Opens and migrates: what the server and the tests use. */
export async function openMigratedDatabase(
  config: DatabaseConfig,
  options: EngineOptions = {},
): Promise<Database> {
  const database = await openDatabase(config, options);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
