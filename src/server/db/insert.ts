import { CompiledQuery, type Insertable, type Kysely, type Selectable, SqliteAdapter } from 'kysely';
import type { Db } from './database.ts';
import type { DB } from './schema.ts';
import { sqliteValue } from './sqlite-compiler.ts';

type Table = keyof DB & string;

// The SQL of each shape, per database: the same insert is other SQL on PostgreSQL ($1) than on
// SQLite (?). Each Kysely instance has an adapter of its own, which its transactions share.
const compiled = new WeakMap<object, Map<string, string>>();

/**
 * Inserts rows that all have the same columns and answers them as stored. The SQL is compiled
 * once per database and shape (table, columns, number of rows) and later inserts of that shape
 * only bind their values: for the inserts a busy path makes on every request (an expense and its
 * shares, an activity entry), where Kysely building and compiling the query anew costs about as
 * much as SQLite's own insert (BENCH.md).
 */
export async function insertRows<T extends Table>(
  db: Db,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<Selectable<DB[T]>[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const adapter = db.getExecutor().adapter;
  const bind = adapter instanceof SqliteAdapter ? sqliteValue : (value: unknown) => value;
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    const same =
      Object.keys(values).length === columns.length &&
      columns.every((column) => Object.hasOwn(values, column));
    if (!same) throw new Error(`insertRows: rows of ${table} differ`);
    for (const column of columns) {
      // Kysely leaves an undefined value's column out; here every row has every column.
      if (values[column] === undefined) throw new Error(`insertRows: ${table}.${column} is undefined`);
      parameters.push(bind(values[column]));
    }
  }
  const shape = `${table}(${columns.join(',')})x${rows.length}`;
  let shapes = compiled.get(adapter);
  if (!shapes) {
    shapes = new Map();
    compiled.set(adapter, shapes);
  }
  let sql = shapes.get(shape);
  if (sql === undefined) {
    const query = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(rows as Record<string, unknown>[])
      .returningAll()
      .compile();
    // The values must reach SQL in the order bound here; a value Kysely turns into SQL of its
    // own (an expression, a missing column) would not.
    const same =
      query.parameters.length === parameters.length &&
      query.parameters.every((value, i) => Object.is(value, parameters[i]));
    if (!same) throw new Error(`insertRows: ${shape} binds its values in another order`);
    sql = query.sql;
    shapes.set(shape, sql);
  }
  const result = await db.executeQuery<Selectable<DB[T]>>(CompiledQuery.raw(sql, parameters));
  return result.rows;
}

/** insertRows for one row: the row as stored. */
export async function insertRow<T extends Table>(
  db: Db,
  table: T,
  row: Insertable<DB[T]>,
): Promise<Selectable<DB[T]>> {
  const [stored] = await insertRows(db, table, [row]);
  if (!stored) throw new Error(`insertRow: ${table} answered no row`);
  return stored;
}
