// A realistic data set for the throughput, soak and real-time benchmarks, written straight into
// the database (batched inserts in one transaction, no HTTP, no per-user hashing): many ordinary
// households of 2–8 members with a modest history each, plus one heavy household of 8 members
// (10,000 chores, 5,000 expenses, 20,000 messages). SQLite in a fresh data folder, or a
// throwaway PostgreSQL database on postgres://postgres@127.0.0.1:5432 (dropped by `drop()`).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '#server/config.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import type {
  CalendarEventsTable,
  ChoresTable,
  ExpenseSplitsTable,
  ExpensesTable,
  HouseholdMembersTable,
  HouseholdsTable,
  MessagesTable,
  PaymentsTable,
  SessionsTable,
  UsersTable,
} from '#server/db/schema.ts';
import { generateInviteCode } from '#shared/households/invites.ts';
import {
  byCreation,
  makeChores,
  makeEvents,
  makeExpenses,
  makeMessages,
  makePayments,
  randomFrom,
} from './dashboard.ts';
import { insertInBatches, type SeededUser, tempDataDir } from './lib.ts';

export type Engine = 'sqlite' | 'postgres';

export interface SeedOptions {
  households: number;
  /** Per ordinary household. */
  chores: number;
  expenses: number;
  messages: number;
  events: number;
  heavy: { members: number; chores: number; expenses: number; messages: number; payments: number } | null;
}

export const SEED_DEFAULTS: SeedOptions = {
  households: 1000,
  chores: 60,
  expenses: 40,
  messages: 120,
  events: 4,
  heavy: { members: 8, chores: 10_000, expenses: 5_000, messages: 20_000, payments: 2_000 },
};

export interface SeededHousehold {
  id: string;
  members: SeededUser[];
}

export interface SeededData {
  engine: Engine;
  dataDir: string;
  /** Extra environment for the server (DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  households: SeededHousehold[];
  heavy: SeededHousehold | null;
  rows: number;
  seedSeconds: number;
  drop: () => Promise<void>;
}

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 86_400_000;

export async function seedDataset(engine: Engine, options: SeedOptions = SEED_DEFAULTS): Promise<SeededData> {
  const started = performance.now();
  const dataDir = tempDataDir();
  let config: DatabaseConfig = { engine: 'sqlite', file: path.join(dataDir, 'hearth.db') };
  let env: Record<string, string> = {};
  let dbName: string | null = null;
  if (engine === 'postgres') {
    dbName = `hearth_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    config = { engine: 'postgres', url: url.toString() };
    env = { DATABASE_URL: url.toString() };
  }
  const drop = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  };

  const random = randomFrom(11_2026);
  const now = Date.now();
  const before = 400 * DAY;
  const passwordHash = await hash('benchmark password');
  const households: Insertable<HouseholdsTable>[] = [];
  const users: Insertable<UsersTable>[] = [];
  const memberships: Insertable<HouseholdMembersTable>[] = [];
  const sessions: Insertable<SessionsTable>[] = [];
  const chores: Insertable<ChoresTable>[] = [];
  const expenses: Insertable<ExpensesTable>[] = [];
  const splits: Insertable<ExpenseSplitsTable>[] = [];
  const messages: Insertable<MessagesTable>[] = [];
  const events: Insertable<CalendarEventsTable>[] = [];
  const payments: Insertable<PaymentsTable>[] = [];
  const codes = new Set<string>();
  const seeded: SeededHousehold[] = [];
  let heavy: SeededHousehold | null = null;
  const total = options.households + (options.heavy ? 1 : 0);
  for (let h = 0; h < total; h++) {
    const isHeavy = options.heavy !== null && h === options.households;
    const size = isHeavy ? options.heavy!.members : 2 + Math.floor(random() * 7);
    const id = randomUUID();
    let code = generateInviteCode((n) => Math.floor(random() * n));
    while (codes.has(code)) code = generateInviteCode((n) => Math.floor(random() * n));
    codes.add(code);
    households.push({
      id,
      name: isHeavy ? 'Heavy house' : `House ${h}`,
      invite_code: code,
      rent_amount_cents: null,
      rent_due_day: null,
      created_at: now - before,
    });
    const members: SeededUser[] = [];
    for (let m = 0; m < size; m++) {
      const userId = randomUUID();
      users.push({
        id: userId,
        email: `bench-${h}-${m}@example.com`,
        password_hash: passwordHash,
        first_name: `Member${m}`,
        last_name: `House${h}`,
        profile_color: 'blue',
        profile_image_id: null,
        created_at: now - before,
        was_kicked: false,
      });
      memberships.push({
        id: randomUUID(),
        household_id: id,
        user_id: userId,
        role: m === 0 ? 'admin' : 'member',
        joined_at: now - before + m,
        last_read_at: now - DAY,
      });
      const token = randomBytes(32).toString('base64url');
      sessions.push({
        token_hash: createHash('sha256').update(token).digest('hex'),
        id: randomUUID(),
        user_id: userId,
        created_at: now,
        expires_at: now + 30 * DAY,
      });
      members.push({ id: userId, householdId: id, cookie: `hearth_session=${token}` });
    }
    const ids = members.map((u) => u.id);
    const counts = isHeavy ? options.heavy! : options;
    chores.push(...makeChores(random, id, ids, counts.chores, now));
    const e = makeExpenses(random, id, ids, counts.expenses, now);
    expenses.push(...e.expenses);
    splits.push(...e.splits);
    messages.push(...makeMessages(random, id, ids, counts.messages, now));
    events.push(...makeEvents(random, id, ids, isHeavy ? 12 : options.events, now));
    if (isHeavy) payments.push(...makePayments(random, id, ids, options.heavy!.payments, now));
    const household = { id, members };
    if (isHeavy) heavy = household;
    else seeded.push(household);
  }
  const expenseAt = new Map(expenses.map((e) => [e.id, e.created_at]));
  const database = await openMigratedDatabase(config);
  try {
    await database.db.transaction().execute(async (trx) => {
      await insertInBatches(trx, 'households', households);
      await insertInBatches(trx, 'users', users);
      await insertInBatches(trx, 'household_members', memberships);
      await insertInBatches(trx, 'sessions', sessions);
      await insertInBatches(trx, 'chores', byCreation(chores));
      await insertInBatches(trx, 'expenses', byCreation(expenses));
      await insertInBatches(
        trx,
        'expense_splits',
        splits.sort((a, b) => expenseAt.get(a.expense_id)! - expenseAt.get(b.expense_id)!),
      );
      await insertInBatches(trx, 'messages', byCreation(messages));
      await insertInBatches(trx, 'calendar_events', byCreation(events));
      await insertInBatches(trx, 'payments', byCreation(payments));
    });
    if (engine === 'postgres') await sql`analyze`.execute(database.db);
  } finally {
    await database.close();
  }
  const rows =
    households.length +
    users.length +
    memberships.length +
    sessions.length +
    chores.length +
    expenses.length +
    splits.length +
    messages.length +
    events.length +
    payments.length;
  return {
    engine,
    dataDir,
    env,
    households: seeded,
    heavy,
    rows,
    seedSeconds: (performance.now() - started) / 1000,
    drop,
  };
}

/** A household of `size` members (the first one found), for "a member of a typical household". */
export function typicalHousehold(data: SeededData, size = 4): SeededHousehold {
  return data.households.find((h) => h.members.length === size) ?? data.households[0]!;
}
