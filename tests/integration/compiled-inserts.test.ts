import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import { createTestApp, householdOf, type TestApp, testConfig } from './helpers.ts';

/** An app on an in-memory SQLite database, whatever engine this run of the suite is on. */
async function appOnSqlite(): Promise<TestApp> {
  const database = await openMigratedDatabase({ engine: 'sqlite', file: ':memory:' });
  const app = await buildApp(testConfig(), { sweepIntervalMs: null, database });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

// The inserts compiled once per shape (src/server/db/insert.ts) keep their SQL per database: the
// same insert is other SQL on PostgreSQL ($1) than on SQLite (?). On the suite's PostgreSQL run
// the two apps here are one of each.
describe('inserts compiled once per shape, with two databases in one process', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('stores each expense, its share and its activity entry in the database of the app that took it', async () => {
    const titles = ['Rent in the first home', 'Rent in the second home'];
    const members = [];
    for (const title of titles) {
      const app = apps.length === 0 ? await createTestApp() : await appOnSqlite();
      apps.push(app);
      const { admin } = await householdOf(app.app, ['Ada']);
      members.push(admin);
      // The same shape in both: the second insert finds SQL compiled already, for the first database.
      const created = await admin.client.post('/api/expenses', {
        expense: { title, amount: '12.00', category: 'rent', paidBy: admin.user.id },
        splits: [{ userId: admin.user.id, amount: '12.00' }],
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    for (const [i, member] of members.entries()) {
      const expenses = JSON.stringify((await member.client.get('/api/expenses')).json());
      const activity = JSON.stringify((await member.client.get('/api/activity')).json());
      expect(expenses).toContain(titles[i]);
      expect(expenses).not.toContain(titles[1 - i]);
      expect(activity).toContain(titles[i]);
      expect(activity).not.toContain(titles[1 - i]);
    }
  });
});
