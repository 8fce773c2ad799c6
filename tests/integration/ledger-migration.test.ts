import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type MigrationProvider, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, migrate, openDatabase } from '#server/db/database.ts';
import { migrations } from '#server/db/migrations.ts';
import { readLedger } from '#server/features/expenses/ledger.ts';
import { equalSplit } from '#shared/expenses/rules.ts';
import { freshDatabaseConfig, testEngine } from './helpers.ts';

// Issue 25: settled shares become payments linked to them. A database written by the schema of
// before (migration 0013 and earlier) must show every member the same balance after, to the cent.

const opened: { database: Database; schema?: string }[] = [];
afterEach(async () => {
  for (const { database, schema } of opened.splice(0)) {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    await database.close();
  }
});

/** A database migrated up to the schema before the ledger. */
async function databaseBeforeLedger(): Promise<Database> {
  const config = freshDatabaseConfig();
  const database = await openDatabase(config);
  opened.push({ database, ...(config.engine === 'postgres' ? { schema: config.schema } : {}) });
  const provider: MigrationProvider = { getMigrations: async () => migrations(database.engine) };
  const migrator = new Migrator({
    db: database.db,
    provider,
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error } = await migrator.migrateTo('0013_image_kind');
  if (error) throw error;
  return database;
}

interface OldShare {
  userId: string;
  paidBy: string;
  cents: number;
  settled: boolean;
}

/** What the app before the ledger showed: each pair's debt over the open shares of others. */
function oldBalances(shares: OldShare[]) {
  const net = new Map<string, number>();
  const pair = new Map<string, number>();
  for (const s of shares) {
    if (s.settled || s.cents <= 0 || s.userId === s.paidBy) continue;
    net.set(s.paidBy, (net.get(s.paidBy) ?? 0) + s.cents);
    net.set(s.userId, (net.get(s.userId) ?? 0) - s.cents);
    pair.set(`${s.userId}>${s.paidBy}`, (pair.get(`${s.userId}>${s.paidBy}`) ?? 0) + s.cents);
  }
  const debts = new Map<string, number>();
  for (const [key, cents] of pair) {
    const [a, b] = key.split('>') as [string, string];
    const back = pair.get(`${b}>${a}`) ?? 0;
    if (cents > back) debts.set(`${a}>${b}`, cents - back);
  }
  return { net, debts };
}

const bool = (value: boolean) => (testEngine === 'postgres' ? value : value ? 1 : 0);

describe('migrating settled shares to payments (0014_ledger)', () => {
  // Each run migrates a database of its own from scratch, which on PostgreSQL takes seconds.
  it('keeps every member’s net and every person-to-person debt to the cent, for any history', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            payer: fc.nat(3),
            cents: fc.integer({ min: 1, max: 500_000 }),
            among: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 4 }),
            settled: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
          }),
          { maxLength: 25 },
        ),
        async (expenses) => {
          const database = await databaseBeforeLedger();
          const db = database.db;
          const now = Date.parse('2026-03-01T12:00:00Z');
          const people = Array.from({ length: 4 }, () => randomUUID());
          for (const [i, id] of people.entries())
            await db
              .insertInto('users')
              .values({
                id,
                email: `${id}@example.com`,
                password_hash: '!test',
                first_name: `Member${i}`,
                last_name: 'Before',
                profile_color: 'blue',
                profile_image_id: null,
                was_kicked: false,
                created_at: now,
              })
              .execute();
          const householdId = randomUUID();
          await sql`insert into households (id, name, invite_code, rent_amount_cents, rent_due_day, created_at)
            values (${householdId}, ${'Before'}, ${householdId.slice(0, 8).toUpperCase()}, ${null}, ${null}, ${now})`.execute(
            db,
          );
          for (const [i, id] of people.entries())
            await sql`insert into household_members (id, household_id, user_id, role, joined_at)
              values (${randomUUID()}, ${householdId}, ${id}, ${i === 0 ? 'admin' : 'member'}, ${now})`.execute(
              db,
            );
          const shares: OldShare[] = [];
          for (const [e, expense] of expenses.entries()) {
            const expenseId = randomUUID();
            const paidBy = people[expense.payer]!;
            await sql`insert into expenses (id, household_id, title, amount_cents, category, description, notes,
                receipt_image_id, paid_by, date, split_type, is_recurring, recurring_interval, recurring_end_date,
                next_occurrence_date, recurrence_source_id, created_by, created_at)
              values (${expenseId}, ${householdId}, ${`Expense ${e}`}, ${expense.cents}, ${'other'}, ${null}, ${null},
                ${null}, ${paidBy}, ${'2026-02-01'}, ${'equal'}, ${bool(false)}, ${null}, ${null}, ${null}, ${null},
                ${paidBy}, ${now + e})`.execute(db);
            const split = equalSplit(
              expense.cents,
              expense.among.map((i) => people[i]!),
            );
            for (const [s, share] of split.entries()) {
              const settled = share.userId === paidBy || expense.settled[s]!;
              shares.push({ userId: share.userId, paidBy, cents: share.cents, settled });
              await sql`insert into expense_splits (id, expense_id, household_id, user_id, amount_cents, settled, settled_at)
                values (${randomUUID()}, ${expenseId}, ${householdId}, ${share.userId}, ${share.cents},
                  ${bool(settled)}, ${settled ? now + 1000 : null})`.execute(db);
            }
          }
          const before = oldBalances(shares);

          await migrate(database);

          const { figures } = await readLedger(db, householdId);
          for (const id of people)
            expect(figures.members.find((m) => m.userId === id)?.net ?? 0).toBe(before.net.get(id) ?? 0);
          expect(new Map(figures.pairwise.map((d) => [`${d.from}>${d.to}`, d.cents]))).toEqual(before.debts);
          // Each settled share of someone else's expense, worth a cent or more, is now settled by a
          // payment linked to it (a share of 0, as 0.01 split three ways leaves, never counted).
          const linked = await db.selectFrom('payment_splits').select('split_id').execute();
          expect(linked).toHaveLength(
            shares.filter((s) => s.settled && s.userId !== s.paidBy && s.cents > 0).length,
          );
        },
      ),
      {
        numRuns: 12,
        // Found by a run: shares of 0 that were marked settled.
        examples: [[[{ payer: 0, cents: 1, among: [0, 2, 1], settled: [false, false, true, false] }]]],
      },
    );
  }, 120_000);
});
