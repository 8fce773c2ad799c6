import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { isDatabaseUnavailable } from './dialect.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that is gone, shutting down or refusing connections', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01')),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')])),
    ).toBe(true);
  });

  it('leaves errors of the query itself alone (they stay 500s or are handled by the route)', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('SQLite queries and the event loop', () => {
  it('lets work that is already waiting run after each query, before the caller goes on', async () => {
    const database = await openDatabase({ engine: 'sqlite', file: ':memory:' });
    try {
      const order: string[] = [];
      // Another request's turn, queued before this one's chain of queries starts.
      setImmediate(() => order.push('waiting'));
      await sql`select 1`.execute(database.db);
      order.push('first query');
      setImmediate(() => order.push('waiting again'));
      await sql`select 2`.execute(database.db);
      order.push('second query');
      expect(order).toEqual(['waiting', 'first query', 'waiting again', 'second query']);
    } finally {
      await database.close();
    }
  });
});

describe('booleans on SQLite', () => {
  it('are bound as 1 and 0 in inserts, conditions, lists and raw SQL, on a file and in memory', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-booleans-'));
    for (const file of [':memory:', path.join(folder, 'booleans.db')]) {
      const database = await openDatabase({ engine: 'sqlite', file });
      const db = database.db as unknown as Kysely<{ flags: { id: number; on: number } }>;
      try {
        await sql`create table flags (id integer primary key, "on" integer not null)`.execute(db);
        await db
          .insertInto('flags')
          .values([
            { id: 1, on: true as unknown as number },
            { id: 2, on: false as unknown as number },
          ])
          .execute();
        const on = await db
          .selectFrom('flags')
          .select('id')
          .where('on', '=', true as unknown as number)
          .execute();
        const both = await db
          .selectFrom('flags')
          .select('id')
          .where('on', 'in', [true, false] as unknown as number[])
          .orderBy('id')
          .execute();
        const raw = await sql<{ id: number }>`select id from flags where "on" = ${false}`.execute(db);
        expect([on.map((r) => r.id), both.map((r) => r.id), raw.rows.map((r) => r.id)]).toEqual([
          [1],
          [1, 2],
          [2],
        ]);
      } finally {
        await database.close();
      }
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
