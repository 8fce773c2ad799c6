import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countTurns } from '../count-turns.ts';
import { createTurns, type Turns } from '../turns.ts';
import { type Database, openDatabase } from './database.ts';
import type { EngineOptions } from './dialect.ts';
import type { SyncFile } from './group-commit.ts';

interface TestTables {
  notes: { id: string; body: string };
  parents: { id: string };
  children: { id: string; parent_id: string };
}

// The driver seen through Kysely, on a real SQLite file with synchronous=FULL.
describe('group commit on a SQLite file', () => {
  let dir: string;
  let database: Database;
  let batches: number[];
  let db: Kysely<TestTables>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-group-commit-'));
    batches = [];
    database = await openDatabase(
      { engine: 'sqlite', file: path.join(dir, 'hearth.db') },
      { batches: { committed: (units) => batches.push(units) } },
    );
    db = database.db as unknown as Kysely<TestTables>;
    await sql`create table notes (id text primary key, body text not null)`.execute(db);
    await sql`create table parents (id text primary key)`.execute(db);
    await sql`create table children (id text primary key, parent_id text references parents (id) deferrable initially deferred)`.execute(
      db,
    );
    batches = [];
  });

  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Reopens the database with `options` for its driver, still counting the batches. */
  async function reopen(options: EngineOptions) {
    await database.close();
    database = await openDatabase(
      { engine: 'sqlite', file: path.join(dir, 'hearth.db') },
      { batches: { committed: (units) => batches.push(units) }, ...options },
    );
    db = database.db as unknown as Kysely<TestTables>;
  }

  /** Reopens the database with a WAL sync the test holds or fails, as a slow or broken disk would. */
  async function withDisk(disk: { hold: boolean; fail: boolean }) {
    const held: (() => void)[] = [];
    let told: (() => void) | null = null;
    const syncWal: SyncFile = (fd, done) => {
      if (disk.fail) done(new Error('EIO: i/o error, fdatasync'));
      else if (disk.hold) held.push(() => fs.fdatasync(fd, done));
      else fs.fdatasync(fd, done);
      told?.();
    };
    await reopen({ syncWal });
    return {
      held,
      /** Resolves at the next sync the driver asks for. */
      nextSync: () =>
        new Promise<void>((resolve) => {
          told = resolve;
        }),
    };
  }

  /** Reopens the database on turns with no time to spare (one piece of work a turn), or on `turns`. */
  async function reopenWithNoTimeToSpare(turns: Turns = createTurns(0)) {
    await reopen({ turns });
  }

  const ids = async () =>
    (await db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id);

  it('commits writes that arrive together once, and answers each after that commit', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? db
            .insertInto('notes')
            .values({ id: `n${String(i).padStart(2, '0')}`, body: 'alone' })
            .execute()
        : db.transaction().execute(async (trx) => {
            await trx
              .insertInto('notes')
              .values({ id: `n${String(i).padStart(2, '0')}`, body: 'in a transaction' })
              .execute();
            await trx.updateTable('notes').set({ body: 'updated' }).where('id', '=', 'nothing').execute();
          }),
    );
    await Promise.all(writes);
    expect((await ids()).length).toBe(20);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(20);
    expect(batches.length).toBeLessThan(20);
    // What was answered is on disk: a new connection finds it.
    const other = await openDatabase({ engine: 'sqlite', file: path.join(dir, 'hearth.db') });
    const seen = await sql<{ n: number }>`select count(*) as n from notes`.execute(other.db);
    await other.close();
    expect(seen.rows[0]?.n).toBe(20);
  });

  it('commits a steady flow of writes at most once a commit gap, and a write after a quiet moment at once', async () => {
    const gap = 300;
    await reopen({ commitGapMs: gap });
    batches = [];
    const insert = (id: string) => db.insertInto('notes').values({ id, body: 'flow' }).execute();
    const answeredWithin = async (id: string) => {
      const started = performance.now();
      await insert(id);
      return performance.now() - started;
    };

    expect(await answeredWithin('a0')).toBeLessThan(gap);
    // One write a turn, each after the last one's commit began: one commit for all five.
    const flow: Promise<unknown>[] = [];
    for (let i = 1; i <= 5; i++) {
      flow.push(insert(`a${i}`));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(flow);
    expect(batches).toEqual([1, 5]);
    await new Promise((resolve) => setTimeout(resolve, gap));
    expect(await answeredWithin('a6')).toBeLessThan(gap);
    expect(batches).toEqual([1, 5, 1]);
    expect((await ids()).length).toBe(7);
  });

  it('undoes a failing transaction alone, keeping the others of its batch', async () => {
    const results = await Promise.allSettled([
      db.insertInto('notes').values({ id: 'a', body: 'kept' }).execute(),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 'b', body: 'undone' }).execute();
        throw new Error('changed its mind');
      }),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 'c', body: 'kept' }).execute();
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ids()).toEqual(['a', 'c']);
    expect(batches).toEqual([3]);
  });

  it('never lets a read outside a transaction see a write that is not committed', async () => {
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let inserted!: () => void;
    const insertDone = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const writing = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 'pending', body: 'not yet' }).execute();
      inserted();
      await held;
    });
    await insertDone;
    expect(await ids()).toEqual([]);
    letGo();
    await writing;
    expect(await ids()).toEqual(['pending']);
  });

  it('reports a failed insert once the row it clashed with can be read', async () => {
    const first = db.insertInto('notes').values({ id: 'same', body: 'first' }).execute();
    const second = db.insertInto('notes').values({ id: 'same', body: 'second' }).execute();
    await expect(second).rejects.toThrow(/UNIQUE/);
    // The caller of the failed insert reads at once, before the first insert's caller has heard back.
    expect(await ids()).toEqual(['same']);
    await first;
  });

  it('fails every write of a batch whose commit fails, and stores none of them', async () => {
    const results = await Promise.allSettled([
      db.insertInto('notes').values({ id: 'innocent', body: 'same batch' }).execute(),
      // Checked only at commit: the child's parent does not exist.
      db.insertInto('children').values({ id: 'orphan', parent_id: 'missing' }).execute(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await ids()).toEqual([]);
    // The writer is usable again afterwards.
    await db.insertInto('notes').values({ id: 'later', body: 'next batch' }).execute();
    expect(await ids()).toEqual(['later']);
  });

  it('lets the event loop turn during a long transaction', async () => {
    let turned = false;
    const turnedDuring = await db.transaction().execute(async (trx) => {
      setImmediate(() => {
        turned = true;
      });
      const started = performance.now();
      let n = 0;
      while (performance.now() - started < 50) {
        await trx
          .insertInto('notes')
          .values({ id: `long-${n}`, body: 'x' })
          .execute();
        n += 1;
      }
      return turned;
    });
    expect(turnedDuring).toBe(true);
  });

  it('hands the writer to waiting writes one turn at a time when the turns have no time to spare', async () => {
    await reopenWithNoTimeToSpare();
    const turns = countTurns();
    const answered: { i: number; turn: number }[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('notes')
            .values({ id: `t${i}`, body: 'x' })
            .execute();
          answered.push({ i, turn: turns.current() });
        }),
      ),
    );
    turns.stop();
    expect(answered.map((a) => a.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Without the turns, all ten would have run in the turn that started them.
    expect(new Set(answered.map((a) => a.turn)).size).toBe(10);
    expect((await ids()).length).toBe(10);
  });

  it('answers the writes of one synced batch one turn at a time when the turns have no time to spare', async () => {
    // The writer goes from unit to unit at once, so all ten share one batch; only the answers wait.
    const oneATurn = createTurns(0);
    await reopenWithNoTimeToSpare({ admit: (work) => work(), wait: () => oneATurn.wait() });
    const turns = countTurns();
    const answeredIn = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0
          ? db
              .insertInto('notes')
              .values({ id: `a${i}`, body: 'alone' })
              .execute()
          : db.transaction().execute((trx) =>
              trx
                .insertInto('notes')
                .values({ id: `a${i}`, body: 'x' })
                .execute(),
            )
        ).then(() => turns.current()),
      ),
    );
    turns.stop();
    expect(batches).toEqual([10]);
    // Without the turns, all ten would be answered in the turn that heard of the sync.
    expect(new Set(answeredIn).size).toBe(10);
  });

  it('lets the callers of reads go on one turn at a time when the turns have no time to spare', async () => {
    await db.insertInto('notes').values({ id: 'r', body: 'x' }).execute();
    await reopenWithNoTimeToSpare();
    const turns = countTurns();
    const readIn = await Promise.all(
      Array.from({ length: 5 }, async () => {
        expect(await ids()).toEqual(['r']);
        return turns.current();
      }),
    );
    turns.stop();
    // With a turn after each read instead, all five would go on in the same turn.
    expect(new Set(readIn).size).toBe(5);
  });

  it('answers a write, and lets readers see it, only once its commit is synced to disk', async () => {
    const disk = { hold: true, fail: false };
    const { held, nextSync } = await withDisk(disk);
    const syncing = nextSync();
    let answered = false;
    const first = db
      .insertInto('notes')
      .values({ id: 'a', body: 'first' })
      .execute()
      .then(() => {
        answered = true;
      });
    await syncing;
    // Committed, but the disk has not confirmed it: nobody is told, and nobody can read it.
    expect(answered).toBe(false);
    expect(await ids()).toEqual([]);
    // A write arriving meanwhile waits for that sync before its own commit.
    const second = db.insertInto('notes').values({ id: 'b', body: 'second' }).execute();
    expect(await ids()).toEqual([]);
    expect(held).toHaveLength(1);
    disk.hold = false;
    held.shift()!();
    await Promise.all([first, second]);
    expect(await ids()).toEqual(['a', 'b']);
    expect(batches).toEqual([1, 1]);
  });

  it('answers a read from the writer when another connection changed its table while a sync held the reader back', async () => {
    const disk = { hold: false, fail: false };
    const { held, nextSync } = await withDisk(disk);
    await db.insertInto('notes').values({ id: 'kept', body: 'on disk' }).execute();
    // The reader now holds this read's statement ready.
    expect(await ids()).toEqual(['kept']);
    const other = new SQLite(path.join(dir, 'hearth.db'));
    try {
      other.exec('alter table notes rename to notes_away');
      disk.hold = true;
      const syncing = nextSync();
      const write = db.insertInto('parents').values({ id: 'p' }).execute();
      await syncing;
      // The reader stays on the state before that commit, where notes is missing.
      other.exec('alter table notes_away rename to notes');
      const read = ids();
      disk.hold = false;
      held.shift()!();
      await write;
      expect(await read).toEqual(['kept']);
    } finally {
      other.close();
    }
  });

  it('fails the writes of a batch the disk could not sync, hides them, and takes no more writes', async () => {
    await db.insertInto('notes').values({ id: 'before', body: 'on disk' }).execute();
    const disk = { hold: false, fail: true };
    await withDisk(disk);
    await expect(db.insertInto('notes').values({ id: 'lost', body: 'not synced' }).execute()).rejects.toThrow(
      /EIO/,
    );
    expect(await ids()).toEqual(['before']);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 'after', body: 'refused' }).execute();
      }),
    ).rejects.toThrow(/EIO/);
    expect(await ids()).toEqual(['before']);
  });

  describe('with a small WAL limit', () => {
    const limit = 256 * 1024;
    const body = 'x'.repeat(2000);
    const walSize = () => fs.statSync(path.join(dir, 'hearth.db-wal')).size;

    beforeEach(async () => {
      await database.close();
      database = await openDatabase(
        { engine: 'sqlite', file: path.join(dir, 'hearth.db') },
        { walLimitBytes: limit },
      );
      db = database.db as unknown as Kysely<TestTables>;
    });

    /** Many writers at once, `notes` notes of 2 KB each: a batch is being synced at every moment. */
    const writeNotes = (label: string, writers: number, notes: number, after?: () => void) =>
      Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let i = 0; i < notes; i += 1) {
            await db
              .insertInto('notes')
              .values({ id: `${label}-${writer}-${i}`, body })
              .execute();
            after?.();
          }
        }),
      );

    /** Follows the WAL's size: the largest seen, and how many times it was cut back (started over). */
    const watchWal = () => {
      const seen = { largest: 0, restarts: 0, last: 0 };
      const look = () => {
        const size = walSize();
        if (size < seen.last) seen.restarts += 1;
        seen.largest = Math.max(seen.largest, size);
        seen.last = size;
      };
      return { seen, look };
    };

    const countNotes = async () =>
      Number(
        (await db.selectFrom('notes').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
      );

    it('starts the WAL over under a steady flow of writes, instead of letting it grow without end', async () => {
      const wal = watchWal();
      await writeNotes('steady', 40, 120, wal.look);
      // 4,800 notes of 2 KB went through the WAL, nearly 10 MB: it was started over again and
      // again. (How far past the limit it gets before each restart depends on how fast the
      // machine copies meanwhile, so its largest size is only checked against the whole.)
      expect(wal.seen.restarts).toBeGreaterThanOrEqual(3);
      expect(wal.seen.largest).toBeLessThan(4800 * body.length);
      expect(await countNotes()).toBe(4800);
    });

    it('goes on writing while a long read holds the WAL, and starts it over once the read ends', async () => {
      await db.insertInto('notes').values({ id: 'first', body }).execute();
      // A long export: a read transaction on a connection of its own, kept open while others write.
      const exporter = new SQLite(path.join(dir, 'hearth.db'), { readonly: true });
      exporter.exec('begin');
      exporter.prepare('select count(*) from notes').get();
      const during = watchWal();
      await writeNotes('during', 20, 60, during.look);
      expect(during.seen.restarts).toBe(0);
      expect(during.seen.largest).toBeGreaterThan(limit * 4);
      exporter.exec('commit');
      exporter.close();
      const after = watchWal();
      await writeNotes('after', 20, 60, after.look);
      expect(after.seen.restarts).toBeGreaterThanOrEqual(1);
      expect(walSize()).toBeLessThan(during.seen.largest);
      expect(await countNotes()).toBe(2401);
    });
  });
});
