import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  createTestApps,
  householdOf,
  signUp,
  type TestApp,
  testEngine,
} from './helpers.ts';

// A new expense or message leaves the writer's session, membership and household (currency and
// members) in memory; every write that can change them drops them (src/server/cache/invalidation.ts).
const TOKEN = 'content-writes-token-0123456789abcdef';

function expenseBody(payer: string, title = 'Groceries') {
  return {
    expense: { title, amount: '30.00', category: 'groceries', splitType: 'equal', paidBy: payer },
    splits: [{ userId: payer, amount: '30.00' }],
  };
}

/** The auth cache's running counts, as GET /metrics reports them. */
async function counts(t: TestApp) {
  const reply = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `bearer ${TOKEN}` },
  });
  const read = (name: string, cache: string) =>
    Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(reply.body)?.[1]);
  return Object.fromEntries(
    ['session', 'membership', 'people'].map((cache) => [
      cache,
      { hits: read('hearth_cache_hits_total', cache), misses: read('hearth_cache_misses_total', cache) },
    ]),
  ) as Record<'session' | 'membership' | 'people', { hits: number; misses: number }>;
}

async function addExpense(client: Client, payer: string, title?: string) {
  const created = await client.post('/api/expenses', expenseBody(payer, title));
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { paidByUser: { firstName: string } | null; amount: string };
}

describe('the auth cache across writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
  });
  afterAll(() => t.close());

  it('keeps the writer’s session, membership and household through new expenses and messages', async () => {
    const { admin } = await householdOf(t.app, ['Ann Writer', 'Ben Reader']);
    await addExpense(admin.client, admin.user.id);
    const before = await counts(t);
    for (let i = 0; i < 3; i++) {
      await addExpense(admin.client, admin.user.id, `Bill ${i}`);
      const sent = await admin.client.post('/api/messages', { content: `Paid bill ${i}` });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const after = await counts(t);
    for (const cache of ['session', 'membership', 'people'] as const) {
      expect(after[cache].misses, cache).toBe(before[cache].misses);
    }
    expect(after.session.hits).toBeGreaterThanOrEqual(before.session.hits + 6);
    expect(after.people.hits).toBe(before.people.hits + 3);
  });

  it('shows a member’s new name on the next expense', async () => {
    const { admin } = await householdOf(t.app, ['Cat Payer', 'Dan Other']);
    expect((await addExpense(admin.client, admin.user.id)).paidByUser?.firstName).toBe('Cat');
    const renamed = await admin.client.patch('/api/auth/user', { firstName: 'Catherine', lastName: 'Payer' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await addExpense(admin.client, admin.user.id)).paidByUser?.firstName).toBe('Catherine');
  });

  it('takes a new member as payer, and refuses a removed one, right after expenses were added', async () => {
    const { admin, others, household } = await householdOf(t.app, ['Eve Admin', 'Fay Member']);
    const fay = others[0]!;
    await addExpense(admin.client, admin.user.id);
    await addExpense(fay.client, fay.user.id);
    const gus = await signUp(t.app, { firstName: 'Gus', lastName: 'Newcomer' });
    const joined = await gus.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode, joined.body).toBe(200);
    await addExpense(admin.client, gus.user.id);
    const removed = await admin.client.delete(`/api/households/members/${fay.user.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await fay.client.post('/api/expenses', expenseBody(fay.user.id))).statusCode).toBe(404);
    const refused = await admin.client.post('/api/expenses', expenseBody(fay.user.id));
    expect(refused.statusCode, refused.body).toBe(400);
  });
});

// Two instances share one database on PostgreSQL only.
if (testEngine === 'postgres') {
  describe('the auth cache across two instances', () => {
    let apps: Awaited<ReturnType<typeof createTestApps>>;
    beforeAll(async () => {
      apps = await createTestApps(2);
    });
    afterAll(() => apps.close());

    it('a name changed on one instance shows on the next expense added on the other', async () => {
      const [a, b] = apps.apps as [TestApp['app'], TestApp['app']];
      const { admin } = await householdOf(a, ['Hal Twin', 'Ida Twin']);
      const onB = new Client(b, admin.client.address);
      onB.cookie = admin.client.cookie;
      expect((await addExpense(onB, admin.user.id)).paidByUser?.firstName).toBe('Hal');
      const renamed = await admin.client.patch('/api/auth/user', { firstName: 'Harold', lastName: 'Twin' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // B hears of the change through the bus, in milliseconds.
      const until = Date.now() + 5_000;
      let name: string | undefined;
      do {
        name = (await addExpense(onB, admin.user.id)).paidByUser?.firstName;
      } while (name !== 'Harold' && Date.now() < until);
      expect(name).toBe('Harold');
    });
  });
}
