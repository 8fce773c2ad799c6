// A Splitwise import is accepted (202) and written after the answer. A server killed right after
// accepting one writes it when it starts again: all of it, once; before that, none of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/database.ts';
import { SPLITWISE_MAX_ROWS } from '#shared/imports/splitwise.ts';
import { splitwiseCsv } from './pathological.ts';
import { household, killAll, ServerProcess, throwawayDatabase } from './server.ts';

const ROWS = SPLITWISE_MAX_ROWS - 10;

/** What the household's rows say: expenses, their shares, and the import's state. */
async function written(config: DatabaseConfig, householdId: string) {
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const expenses = await db
      .selectFrom('expenses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('household_id', '=', householdId)
      .executeTakeFirstOrThrow();
    const shares = await db
      .selectFrom('expense_splits')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('household_id', '=', householdId)
      .executeTakeFirstOrThrow();
    const imports = await db
      .selectFrom('imports')
      .select('state')
      .where('household_id', '=', householdId)
      .execute();
    return {
      expenses: Number(expenses.n),
      shares: Number(shares.n),
      states: imports.map((row) => row.state),
    };
  } finally {
    await database.close();
  }
}

async function killedAfterAccepting(env: Record<string, string>, config: DatabaseConfig) {
  let server = new ServerProcess(env);
  let port = await server.port;
  const home = await household(port, ['Ann', 'Bo']);
  const [ann, bo] = home.people as [(typeof home.people)[0], (typeof home.people)[0]];
  const names = ['Ann Lee', 'Bo Chen'];
  const accepted = await ann.request(port, 'POST', '/api/import/splitwise', {
    csv: splitwiseCsv(names, ROWS),
    mapping: { 'Ann Lee': ann.user.id, 'Bo Chen': bo.user.id },
  });
  expect(accepted.status, accepted.body.slice(0, 300)).toBe(202);
  await server.kill();
  const { id } = accepted.json<{ id: string }>();

  // Accepted, and nothing of it written: the kill came in the middle of its one transaction.
  expect(await written(config, home.id)).toEqual({ expenses: 0, shares: 0, states: ['importing'] });

  server = new ServerProcess(env);
  port = await server.port;
  let state = '';
  for (;;) {
    const reply = await ann.request(port, 'GET', `/api/import/splitwise/${id}`);
    expect(reply.status, reply.body).toBe(200);
    state = reply.json<{ state: string }>().state;
    if (state === 'done') break;
    await sleep(100);
  }
  expect(await written(config, home.id)).toEqual({ expenses: ROWS, shares: 2 * ROWS, states: ['done'] });
  const balances = await bo.request(port, 'GET', '/api/balances');
  const net = balances.json<{ members: { userId: string; net: number }[] }>().members;
  // Each row: Bo's share of 1.00 was paid by Ann.
  expect(net.find((m) => m.userId === bo.user.id)?.net).toBe(-ROWS);
  await server.kill();
}

afterEach(killAll);

describe('a Splitwise import cut short by SIGKILL, on SQLite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-import-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is written by the restarted server, all of it, once', async () => {
    await killedAfterAccepting(
      { DATA_DIR: dataDir },
      { engine: 'sqlite', file: path.join(dataDir, 'hearth.db') },
    );
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  describe('a Splitwise import cut short by SIGKILL, on PostgreSQL', () => {
    const database = throwawayDatabase(adminUrl, 'hearth_import');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-import-'));
    afterAll(async () => {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('is written by the restarted server, all of it, once', async () => {
      await database.create();
      await killedAfterAccepting(
        { DATABASE_URL: database.url, DATA_DIR: dataDir },
        { engine: 'postgres', url: database.url },
      );
    });
  });
}
