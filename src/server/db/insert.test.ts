import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from './database.ts';
import { insertRow, insertRows } from './insert.ts';

interface TestTables {
  notes: { id: string; body: string | null; pinned: number };
}

// On a SQLite file, as the server writes: through the group-commit driver.
describe('inserts compiled once per shape', () => {
  let dir: string;
  let database: Database;
  let db: Kysely<TestTables>;
  // insertRows is typed on the app's tables; these tests write to a table of their own.
  const insert = (rows: TestTables['notes'][] | { id: string; body: string | null; pinned: boolean }[]) =>
    insertRows(db as unknown as Db, 'notes' as never, rows as never[]) as unknown as Promise<
      TestTables['notes'][]
    >;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-insert-'));
    database = await openDatabase({ engine: 'sqlite', file: path.join(dir, 'hearth.db') });
    db = database.db as unknown as Kysely<TestTables>;
    await sql`create table notes (id text primary key, body text, pinned integer not null)`.execute(db);
  });

  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores each insert of a shape with its own values, and answers the rows as stored', async () => {
    expect(
      await insert([
        { id: 'a', body: 'first', pinned: true },
        { id: 'b', body: null, pinned: false },
      ]),
    ).toEqual([
      { id: 'a', body: 'first', pinned: 1 },
      { id: 'b', body: null, pinned: 0 },
    ]);
    // The same shape again: the SQL compiled for the first insert, with these values.
    expect(
      await insert([
        { id: 'c', body: null, pinned: true },
        { id: 'd', body: 'fourth', pinned: false },
      ]),
    ).toEqual([
      { id: 'c', body: null, pinned: 1 },
      { id: 'd', body: 'fourth', pinned: 0 },
    ]);
    // Another number of rows is another shape.
    expect(
      await insertRow(db as unknown as Db, 'notes' as never, { id: 'e', body: 'fifth', pinned: 0 } as never),
    ).toEqual({ id: 'e', body: 'fifth', pinned: 0 });
    const stored = await db.selectFrom('notes').selectAll().orderBy('id').execute();
    expect(stored.map((row) => `${row.id}:${row.body}:${row.pinned}`)).toEqual([
      'a:first:1',
      'b:null:0',
      'c:null:1',
      'd:fourth:0',
      'e:fifth:0',
    ]);
  });

  it('refuses rows whose columns differ or a value that is undefined, and stores none of them', async () => {
    await expect(
      insertRows(
        db as unknown as Db,
        'notes' as never,
        [
          { id: 'a', body: 'x', pinned: 0 },
          { id: 'b', pinned: 0 },
        ] as never[],
      ),
    ).rejects.toThrow('rows of notes differ');
    await expect(
      insertRows(
        db as unknown as Db,
        'notes' as never,
        [
          { id: 'a', body: 'x', pinned: 0 },
          { id: 'b', body: 'y', other: 0 },
        ] as never[],
      ),
    ).rejects.toThrow('rows of notes differ');
    await expect(
      insertRows(db as unknown as Db, 'notes' as never, [{ id: 'a', body: undefined, pinned: 0 }] as never[]),
    ).rejects.toThrow('notes.body is undefined');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
  });
});
