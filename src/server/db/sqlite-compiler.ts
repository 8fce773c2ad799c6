import { SqliteDialect, SqliteQueryCompiler } from 'kysely';

/**
 * SQLite has no boolean type and better-sqlite3 refuses JS booleans: every value bound to a
 * query passes through here and a boolean is bound as 1 or 0. (Done while compiling, so a query
 * is not copied node by node first, as a plugin would.)
 */
export class SqliteBindingCompiler extends SqliteQueryCompiler {
  protected override addParameter(parameter: unknown): void {
    super.addParameter(sqliteValue(parameter));
  }
}

/** A value as it is bound on SQLite: a boolean as 1 or 0. */
export const sqliteValue = (value: unknown): unknown => (typeof value === 'boolean' ? Number(value) : value);

/** Kysely's SQLite dialect, compiling with SqliteBindingCompiler. */
export class SqliteBindingDialect extends SqliteDialect {
  override createQueryCompiler(): SqliteQueryCompiler {
    return new SqliteBindingCompiler();
  }
}
