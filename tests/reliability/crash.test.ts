// Crash safety of the real server: under a concurrent write load it is SIGKILLed five times at
// random moments and restarted on the same data; afterwards every write it acknowledged is there
// and nothing is half-written. On SQLite (a fresh DATA_DIR) and on PostgreSQL (a throwaway
// database, when TEST_DATABASE_URL is set).
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { household, killAll, ServerProcess, type Session, throwawayDatabase } from './server.ts';

const KILLS = 5;
const LOOPS_PER_PERSON = 2;

interface Acknowledged {
  messages: Map<string, string>;
  expenses: Map<string, number>;
  chores: Set<string>;
  doneChores: Set<string>;
  /** Called on each acknowledged completion. */
  onDone: () => void;
  /** Complete answers that were not 2xx: there should be none (a kill only cuts connections). */
  unexpected: string[];
}

/**
 * One client's write loop until `stopped()`: a message, an expense split three ways, a chore
 * created and then marked done. A write counts as acknowledged only with its complete 2xx
 * answer; a request cut by the kill counts for nothing (it may or may not have committed).
 */
async function writeLoop(
  port: number,
  me: Session,
  everyone: Session[],
  stopped: () => boolean,
  acked: Acknowledged,
) {
  const check = (what: string, reply: { status: number; body: string }, expected: number) => {
    if (reply.status === expected) return true;
    acked.unexpected.push(`${what}: ${reply.status} ${reply.body.slice(0, 200)}`);
    return false;
  };
  for (let round = 0; !stopped(); round += 1) {
    try {
      const content = `message ${randomBytes(6).toString('hex')}`;
      const message = await me.request(port, 'POST', '/api/messages', { content });
      if (check('message', message, 201)) acked.messages.set(message.json().id as string, content);
      if (stopped()) return;

      const cents = randomInt(100, 100_000);
      const expense = await me.request(port, 'POST', '/api/expenses', {
        expense: {
          title: `Groceries ${round}`,
          amount: (cents / 100).toFixed(2),
          splitType: 'equal',
          paidBy: me.user.id,
          date: '2026-03-10',
        },
        splits: everyone.map((person) => ({ userId: person.user.id, amount: '0.00' })),
      });
      if (check('expense', expense, 201)) acked.expenses.set(expense.json().id as string, cents);
      if (stopped()) return;

      const chore = await me.request(port, 'POST', '/api/chores', {
        title: `Bins ${round}`,
        assignedTo: me.user.id,
        dueDate: new Date(Date.now() + 86_400_000).toISOString(),
      });
      if (!check('chore', chore, 201)) continue;
      const choreId = chore.json().id as string;
      acked.chores.add(choreId);
      const done = await me.request(port, 'PATCH', `/api/chores/${choreId}`, { status: 'done' });
      if (check('chore done', done, 200)) {
        acked.doneChores.add(choreId);
        acked.onDone();
      }
    } catch {
      // The server died under this request: nothing was acknowledged. The next round (if the
      // kill has not been noticed yet) meets a refused connection just as harmlessly.
    }
  }
}

/** Everything the database holds must be whole, and hold every acknowledged write. */
async function verify(config: DatabaseConfig, householdId: string, acked: Acknowledged) {
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const messages = await db
      .selectFrom('messages')
      .select(['id', 'content'])
      .where('household_id', '=', householdId)
      .execute();
    const storedMessages = new Map(messages.map((m) => [m.id, m.content]));
    for (const [id, content] of acked.messages) expect(storedMessages.get(id), `message ${id}`).toBe(content);

    const expenses = await db
      .selectFrom('expenses')
      .leftJoin('expense_splits as s', 's.expense_id', 'expenses.id')
      .select((eb) => [
        'expenses.id',
        'expenses.amount_cents',
        eb.fn.count<number>('s.id').as('splits'),
        eb.fn.coalesce(eb.fn.sum<number>('s.amount_cents'), eb.lit(0)).as('split_cents'),
      ])
      .where('expenses.household_id', '=', householdId)
      .groupBy(['expenses.id', 'expenses.amount_cents'])
      .execute();
    const storedExpenses = new Map(expenses.map((e) => [e.id, e]));
    for (const [id, cents] of acked.expenses) {
      expect(Number(storedExpenses.get(id)?.amount_cents), `expense ${id}`).toBe(cents);
    }
    // Every expense, acknowledged or not: three splits that add up to its amount.
    const broken = expenses.filter(
      (e) => Number(e.splits) !== 3 || Number(e.split_cents) !== Number(e.amount_cents),
    );
    expect(broken).toEqual([]);
    const orphans = await db
      .selectFrom('expense_splits as s')
      .leftJoin('expenses as e', 'e.id', 's.expense_id')
      .select('s.id')
      .where('e.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);

    const chores = await db
      .selectFrom('chores')
      .select(['id', 'status', 'completed_at', 'completed_by'])
      .where('household_id', '=', householdId)
      .execute();
    const storedChores = new Map(chores.map((c) => [c.id, c]));
    for (const id of acked.chores) expect(storedChores.has(id), `chore ${id}`).toBe(true);
    for (const id of acked.doneChores) expect(storedChores.get(id)?.status, `chore ${id}`).toBe('done');
    // A chore is done with its completion recorded, or not done at all.
    const halfDone = chores.filter(
      (c) => (c.status === 'done') !== (c.completed_at !== null) || (c.status === 'done' && !c.completed_by),
    );
    expect(halfDone).toEqual([]);

    if (database.engine === 'sqlite') {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
    }
  } finally {
    await database.close();
  }
}

async function crashAndRecover(env: Record<string, string>, config: DatabaseConfig) {
  let server = new ServerProcess(env);
  let port = await server.port;
  const home = await household(port, ['Ann', 'Ben', 'Cat']);
  const acked: Acknowledged = {
    messages: new Map(),
    expenses: new Map(),
    chores: new Set(),
    doneChores: new Set(),
    onDone: () => {},
    unexpected: [],
  };
  const firstDone = new Promise<void>((resolve) => {
    acked.onDone = resolve;
  });

  for (let kill = 1; kill <= KILLS; kill += 1) {
    let stopped = false;
    const loops = home.people.flatMap((person) =>
      Array.from({ length: LOOPS_PER_PERSON }, () =>
        writeLoop(port, person, home.people, () => stopped, acked),
      ),
    );
    // The first crash waits until a write of every kind has gone through, so the load is known to
    // reach them all however slowly the server starts; every crash then comes at a random moment.
    if (kill === 1) await firstDone;
    // The only wait that is not on an event: the random moment of the crash.
    await new Promise((resolve) => setTimeout(resolve, randomInt(100, 601)));
    stopped = true;
    await server.kill();
    await Promise.all(loops);
    server = new ServerProcess(env);
    port = await server.port;
  }

  // The load really ran: writes of every kind were acknowledged between the kills.
  expect(acked.unexpected).toEqual([]);
  expect(acked.messages.size).toBeGreaterThan(0);
  expect(acked.expenses.size).toBeGreaterThan(0);
  expect(acked.doneChores.size).toBeGreaterThan(0);

  // The restarted server serves the same session and data, and takes writes.
  const [ann] = home.people as [Session];
  const health = await ann.request(port, 'GET', '/api/health');
  expect(health.status).toBe(200);
  const after = await ann.request(port, 'POST', '/api/messages', { content: 'after the crashes' });
  expect(after.status, after.body).toBe(201);
  await verify(config, home.id, acked);
  await server.kill();
}

afterEach(killAll);

describe('SIGKILL under a write load, five times, on SQLite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write and leaves nothing half-written', async () => {
    await crashAndRecover({ DATA_DIR: dataDir }, { engine: 'sqlite', file: path.join(dataDir, 'hearth.db') });
  });
});

// CI sets TEST_DATABASE_URL; without it, there is no PostgreSQL to crash against.
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  describe('SIGKILL under a write load, five times, on PostgreSQL', () => {
    const database = throwawayDatabase(adminUrl, 'hearth_crash');
    // The server keeps nothing in DATA_DIR on PostgreSQL; it still gets a folder of its own.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-crash-'));
    afterAll(async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps every acknowledged write and leaves nothing half-written', async () => {
      await database.create();
      await crashAndRecover(
        { DATABASE_URL: database.url, DATA_DIR: dataDir },
        { engine: 'postgres', url: database.url },
      );
    });
  });
}
