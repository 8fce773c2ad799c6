import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteCodes } from '#server/features/households/queries.ts';
import { INVITE_CODE_ALPHABET } from '#shared/households/invites.ts';
import { Client, createTestApp, PASSWORD, signUp, type TestApp } from './helpers.ts';
import { expectIsolated } from './isolation.ts';
import { expectRefusal } from './refusals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CODE = new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`);

async function householdWith(names: string[]) {
  const people = [];
  for (const firstName of names) people.push(await signUp(t.app, { firstName }));
  const [admin, ...others] = people;
  const created = await admin!.client.post('/api/households', { name: `${names[0]}'s place` });
  expect(created.statusCode).toBe(201);
  const household = created.json();
  for (const other of others) {
    const joined = await other.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(joined.statusCode).toBe(200);
  }
  return { household, admin: admin!, others, people };
}

const current = async (client: Client) => (await client.get('/api/households/current')).json();

describe('POST /api/households', () => {
  it('creates a household with the creator as admin and a fresh invite code', async () => {
    const { client, user } = await signUp(t.app, { firstName: 'Ada' });
    const response = await client.post('/api/households', { name: '  Maple Street  ' });
    expect(response.statusCode).toBe(201);
    const household = response.json();
    expect(household).toMatchObject({ name: 'Maple Street', rentAmount: null, rentDueDay: null });
    expect(household.inviteCode).toMatch(CODE);
    expect(household.members).toHaveLength(1);
    expect(household.members[0]).toMatchObject({
      userId: user.id,
      role: 'admin',
      user: { firstName: 'Ada' },
    });
    expect(JSON.stringify(household)).not.toContain('password');
    expect(await current(client)).toEqual(household);
  });

  it('refuses a blank or missing name (400) and creates nothing', async () => {
    const { client } = await signUp(t.app);
    for (const body of [{ name: '   ' }, {}, { name: 12 }]) {
      const response = await client.post('/api/households', body);
      expect(response.statusCode).toBe(400);
      expectRefusal(response.json(), 'Household name is required');
    }
    expect(await current(client)).toBeNull();
  });

  it('refuses a second household while in one (409)', async () => {
    const { admin } = await householdWith(['Solo']);
    const response = await admin.client.post('/api/households', { name: 'Another' });
    expect(response.statusCode).toBe(409);
    expect((await current(admin.client)).name).toBe("Solo's place");
  });

  it('gives every household a different code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) codes.add((await householdWith([`P${i}`])).household.inviteCode);
    expect(codes.size).toBe(10);
  });

  it('draws another code when the first one is taken', async () => {
    const { household } = await householdWith(['Taken']);
    const drawn = [household.inviteCode, household.inviteCode, 'FRESH234'];
    const original = inviteCodes.next;
    inviteCodes.next = () => drawn.shift() ?? original();
    try {
      const { client } = await signUp(t.app);
      const response = await client.post('/api/households', { name: 'Second' });
      expect(response.statusCode).toBe(201);
      expect(response.json().inviteCode).toBe('FRESH234');
      expect(drawn).toEqual([]);
    } finally {
      inviteCodes.next = original;
    }
  });

  it('answers 401 without a session', async () => {
    expect((await new Client(t.app).post('/api/households', { name: 'X' })).statusCode).toBe(401);
  });
});

describe('POST /api/households/join', () => {
  it('joins with the code typed in lower case, spaced or in two halves, as a member', async () => {
    const { household } = await householdWith(['Host']);
    const guest = await signUp(t.app, { firstName: 'Guest' });
    const code = household.inviteCode.toLowerCase();
    const response = await guest.client.post('/api/households/join', {
      inviteCode: `\t${code.slice(0, 4)}-${code.slice(4)} `,
    });
    expect(response.statusCode).toBe(200);
    const joined = response.json();
    expect(joined.id).toBe(household.id);
    expect(
      joined.members.map((m: { user: { firstName: string }; role: string }) => [m.user.firstName, m.role]),
    ).toEqual([
      ['Host', 'admin'],
      ['Guest', 'member'],
    ]);
  });

  it('answers 404 "Invalid invite code" for an unknown code', async () => {
    const { client } = await signUp(t.app);
    const response = await client.post('/api/households/join', { inviteCode: 'ZZZZZZZZ' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Invalid invite code',
      code: 'household.invalid_invite_code',
    });
    expect(await current(client)).toBeNull();
  });

  it('answers 400 for a code that is not 8 characters', async () => {
    const { client } = await signUp(t.app);
    for (const inviteCode of ['ABC', 'ABCDEFGHI', '', 12345678]) {
      const response = await client.post('/api/households/join', { inviteCode });
      expect(response.statusCode).toBe(400);
      expectRefusal(response.json(), 'Invite code must be 8 characters');
    }
  });

  it('answers 409 to a member joining their own household, and to a member of another', async () => {
    const first = await householdWith(['One']);
    const second = await householdWith(['Two']);
    const own = await first.admin.client.post('/api/households/join', {
      inviteCode: first.household.inviteCode,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      message: 'You are already a member of this household',
      code: 'household.already_member',
    });
    const other = await first.admin.client.post('/api/households/join', {
      inviteCode: second.household.inviteCode,
    });
    expect(other.statusCode).toBe(409);
    expect((await current(second.admin.client)).members).toHaveLength(1);
  });

  it('tells a member nothing about whether a code exists: the same 409 for a valid and an unknown code', async () => {
    const first = await householdWith(['Mia']);
    const second = await householdWith(['Noa']);
    const answers = [];
    for (const inviteCode of [second.household.inviteCode, 'ZZZZZZZZ']) {
      answers.push(await first.admin.client.post('/api/households/join', { inviteCode }));
    }
    for (const response of answers) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'You are already in a household; leave it before creating or joining another',
        code: 'household.already_in_one',
      });
    }
  });

  it('limits failed joins per user (429 with Retry-After); another user elsewhere is unaffected', async () => {
    const { household } = await householdWith(['Host']);
    const guesser = await signUp(t.app);
    const guess = (inviteCode: string) => guesser.client.post('/api/households/join', { inviteCode });
    for (let i = 0; i < 20; i++)
      expect((await guess(`ZZZZZZ${String(i).padStart(2, '0')}`)).statusCode).toBe(404);
    for (const inviteCode of ['ZZZZZZ1Z', household.inviteCode]) {
      const refused = await guess(inviteCode);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/too many attempts/i);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await current(guesser.client)).toBeNull();
    const guest = await signUp(t.app);
    expect(
      (await guest.client.post('/api/households/join', { inviteCode: household.inviteCode })).statusCode,
    ).toBe(200);
  });

  it('limits failed joins per address, across users', async () => {
    const { household } = await householdWith(['Host']);
    const sameAddress = async () => {
      const client = new Client(t.app, '192.0.2.90');
      const email = `join-${Math.random().toString(36).slice(2)}@example.com`;
      const registered = await client.post('/api/register', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Same',
        lastName: 'Place',
      });
      expect(registered.statusCode).toBe(201);
      return client;
    };
    for (let user = 0; user < 4; user++) {
      const client = await sameAddress();
      for (let i = 0; i < 15; i++) {
        const response = await client.post('/api/households/join', {
          inviteCode: `YYYYYY${String(i).padStart(2, '0')}`,
        });
        expect(response.statusCode).toBe(404);
      }
    }
    const late = await (await sameAddress()).post('/api/households/join', {
      inviteCode: household.inviteCode,
    });
    expect(late.statusCode).toBe(429);
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await signUp(t.app);
    expect(
      (await elsewhere.client.post('/api/households/join', { inviteCode: household.inviteCode })).statusCode,
    ).toBe(200);
  });

  it('counts only failed joins: joining, leaving and joining again is never limited', async () => {
    const { household } = await householdWith(['Host']);
    const mover = await signUp(t.app);
    for (let i = 0; i < 22; i++) {
      expect(
        (await mover.client.post('/api/households/join', { inviteCode: household.inviteCode })).statusCode,
      ).toBe(200);
      expect((await mover.client.post('/api/households/leave')).statusCode).toBe(204);
    }
  });

  it('lets only one of two simultaneous joins by the same user through', async () => {
    const a = await householdWith(['A']);
    const b = await householdWith(['B']);
    const racer = await signUp(t.app);
    const results = await Promise.all([
      racer.client.post('/api/households/join', { inviteCode: a.household.inviteCode }),
      racer.client.post('/api/households/join', { inviteCode: b.household.inviteCode }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sizes = [
      (await current(a.admin.client)).members.length,
      (await current(b.admin.client)).members.length,
    ];
    expect(sizes.sort()).toEqual([1, 2]);
  });
});

describe('GET /api/households/current and /members', () => {
  it('answers null without a household, and 404 for members', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get('/api/households/current');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
    expect((await client.get('/api/households/current/members')).statusCode).toBe(404);
  });

  it('lists members oldest first with their public user fields', async () => {
    const { admin } = await householdWith(['Ann', 'Ben', 'Cat']);
    const response = await admin.client.get('/api/households/current/members');
    expect(response.statusCode).toBe(200);
    const members = response.json();
    expect(members.map((m: { user: { firstName: string } }) => m.user.firstName)).toEqual([
      'Ann',
      'Ben',
      'Cat',
    ]);
    expect(Object.keys(members[0].user).sort()).toEqual([
      'email',
      'firstName',
      'id',
      'lastName',
      'profileColor',
      'profileImageUrl',
    ]);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/api/households/current')).statusCode).toBe(401);
    expect((await anonymous.get('/api/households/current/members')).statusCode).toBe(401);
  });
});

describe('PATCH /api/households/current', () => {
  it('lets any member rename and set the rent', async () => {
    const { others } = await householdWith(['Admin', 'Member']);
    const member = others[0]!;
    const response = await member.client.patch('/api/households/current', {
      name: ' Oak House ',
      rentAmount: '1200.5',
      rentDueDay: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Oak House', rentAmount: '1200.50', rentDueDay: 1 });
    const cleared = await member.client.patch('/api/households/current', {
      rentAmount: null,
      rentDueDay: null,
    });
    expect(cleared.json()).toMatchObject({ name: 'Oak House', rentAmount: null, rentDueDay: null });
    expect(
      (await member.client.patch('/api/households/current', { rentAmount: 950 })).json().rentAmount,
    ).toBe('950.00');
  });

  it.each([
    [{ name: '  ' }, 'Household name is required'],
    [{ rentAmount: -5 }, 'Rent amount must be a non-negative amount in dollars with at most 2 decimals'],
    [
      { rentAmount: '12.345' },
      'Rent amount must be a non-negative amount in dollars with at most 2 decimals',
    ],
    [{ rentAmount: 'lots' }, 'Rent amount must be a non-negative amount in dollars with at most 2 decimals'],
    [{ rentDueDay: 0 }, 'Rent due day must be a whole number from 1 to 31'],
    [{ rentDueDay: 32 }, 'Rent due day must be a whole number from 1 to 31'],
    [{ rentDueDay: 2.5 }, 'Rent due day must be a whole number from 1 to 31'],
    [{ simplifyDebts: 'yes' }, 'simplifyDebts must be true or false'],
    [{}, 'Send at least one of name, currency, rentAmount, rentDueDay, simplifyDebts'],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { admin } = await householdWith(['Keeper']);
    const before = await current(admin.client);
    const response = await admin.client.patch('/api/households/current', body);
    expect(response.statusCode).toBe(400);
    expectRefusal(response.json(), message);
    expect(await current(admin.client)).toEqual(before);
  });

  it('answers 404 to a user without a household', async () => {
    const { client } = await signUp(t.app);
    expect((await client.patch('/api/households/current', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('POST /api/households/leave', () => {
  it('hands the admin role to the longest-standing member when the last admin leaves', async () => {
    const { admin, others } = await householdWith(['First', 'Second', 'Third']);
    expect((await admin.client.post('/api/households/leave')).statusCode).toBe(204);
    expect(await current(admin.client)).toBeNull();
    const household = await current(others[1]!.client);
    expect(
      household.members.map((m: { user: { firstName: string }; role: string }) => [m.user.firstName, m.role]),
    ).toEqual([
      ['Second', 'admin'],
      ['Third', 'member'],
    ]);
  });

  it('deletes the household and everything it owns when the last member leaves', async () => {
    const { admin, others, household } = await householdWith(['Last', 'Gone']);
    const gone = others[0]!;
    // Money and activity too: an expense, a payment linked to a share of it, and their entries.
    const created = await admin.client.post('/api/expenses', {
      expense: {
        title: 'Bins',
        amount: '8.00',
        category: 'other',
        date: '2026-03-10',
        splitType: 'equal',
        paidBy: admin.user.id,
        isRecurring: false,
        recurringInterval: 'monthly',
      },
      splits: [admin, gone].map((p) => ({ userId: p.user.id, amount: '4.00' })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const share = created.json().splits.find((s: { userId: string }) => s.userId === gone.user.id);
    expect((await gone.client.patch(`/api/expense-splits/${share.id}`, { settled: true })).statusCode).toBe(
      200,
    );
    const [payment] = (await admin.client.get('/api/payments')).json();
    expect(payment.splitIds).toEqual([share.id]);
    expect((await gone.client.post('/api/households/leave', {})).statusCode).toBe(204);

    expect((await admin.client.post('/api/households/leave', {})).statusCode).toBe(204);
    const db = t.database.db;
    for (const table of [
      'households',
      'household_members',
      'household_events',
      'expenses',
      'expense_splits',
      'payments',
      'activity',
    ] as const) {
      const column = table === 'households' ? 'id' : 'household_id';
      const rows = await db.selectFrom(table).select(column).where(column, '=', household.id).execute();
      expect(rows, table).toHaveLength(0);
    }
    const links = await db
      .selectFrom('payment_splits')
      .select('split_id')
      .where('payment_id', '=', payment.id)
      .execute();
    expect(links).toHaveLength(0);
    const joinAgain = await (await signUp(t.app)).client.post('/api/households/join', {
      inviteCode: household.inviteCode,
    });
    expect(joinAgain.statusCode).toBe(404);
  });

  it('accepts an empty JSON body as well as no body', async () => {
    const { others } = await householdWith(['A', 'B']);
    const response = await others[0]!.client.request({
      method: 'POST',
      url: '/api/households/leave',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(204);
  });

  it('answers 404 without a household and 401 without a session', async () => {
    expect((await (await signUp(t.app)).client.post('/api/households/leave')).statusCode).toBe(404);
    expect((await new Client(t.app).post('/api/households/leave')).statusCode).toBe(401);
  });
});

describe('DELETE /api/households/members/:userId', () => {
  it('removes the member, rotates the invite code and flags the removed user', async () => {
    const { admin, others, household } = await householdWith(['Boss', 'Bea']);
    const bea = others[0]!;
    const response = await admin.client.delete(`/api/households/members/${bea.user.id}`);
    expect(response.statusCode).toBe(200);
    const { newInviteCode } = response.json();
    expect(newInviteCode).toMatch(CODE);
    expect(newInviteCode).not.toBe(household.inviteCode);
    expect((await current(admin.client)).inviteCode).toBe(newInviteCode);
    expect(await current(bea.client)).toBeNull();
    expect((await bea.client.get('/api/user/kicked-status')).json()).toEqual({ wasKicked: true });

    const old = await bea.client.post('/api/households/join', { inviteCode: household.inviteCode });
    expect(old.statusCode).toBe(404);
    const again = await bea.client.post('/api/households/join', { inviteCode: newInviteCode });
    expect(again.statusCode).toBe(200);

    expect((await bea.client.post('/api/user/clear-kicked-flag', {})).statusCode).toBe(204);
    expect((await bea.client.get('/api/user/kicked-status')).json()).toEqual({ wasKicked: false });
  });

  it('clears the kicked flag when the removed user joins a household again', async () => {
    const { admin, others } = await householdWith(['Boss', 'Ray']);
    const ray = others[0]!;
    const { newInviteCode } = (await admin.client.delete(`/api/households/members/${ray.user.id}`)).json();
    expect((await ray.client.get('/api/user/kicked-status')).json()).toEqual({ wasKicked: true });
    await ray.client.post('/api/households/join', { inviteCode: newInviteCode });
    expect((await ray.client.get('/api/user/kicked-status')).json()).toEqual({ wasKicked: false });
  });

  it('is for admins only (403) and never removes oneself (400)', async () => {
    const { admin, others } = await householdWith(['Chief', 'Dan', 'Eve']);
    const dan = others[0]!;
    const eve = others[1]!;
    const byMember = await dan.client.delete(`/api/households/members/${eve.user.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({
      message: 'Only an administrator can do this',
      code: 'household.admin_only',
    });
    const self = await admin.client.delete(`/api/households/members/${admin.user.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/cannot remove yourself/);
    expect((await current(admin.client)).members).toHaveLength(3);
  });

  it('answers 404 for someone who is not a member', async () => {
    const { admin } = await householdWith(['Alone']);
    expect((await admin.client.delete('/api/households/members/nobody')).statusCode).toBe(404);
  });
});

describe('kicked status', () => {
  it('is false for a new user and needs a session', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/user/kicked-status')).json()).toEqual({ wasKicked: false });
    expect((await new Client(t.app).get('/api/user/kicked-status')).statusCode).toBe(401);
    expect((await new Client(t.app).post('/api/user/clear-kicked-flag', {})).statusCode).toBe(401);
  });
});

describe('DELETE /api/dev/delete-all-data', () => {
  it('deletes the admin household with all it owns and leaves other households untouched', async () => {
    const doomed = await householdWith(['Doom', 'Dee']);
    const safe = await householdWith(['Safe', 'Sam']);
    const safeBefore = await current(safe.admin.client);
    const response = await doomed.admin.client.delete('/api/dev/delete-all-data');
    expect(response.statusCode).toBe(204);
    expect(await current(doomed.admin.client)).toBeNull();
    expect(await current(doomed.others[0]!.client)).toBeNull();
    const leftovers = await t.database.db
      .selectFrom('household_members')
      .select('id')
      .where('household_id', '=', doomed.household.id)
      .execute();
    expect(leftovers).toHaveLength(0);
    expect(await current(safe.admin.client)).toEqual(safeBefore);
    // The accounts themselves stay.
    expect((await doomed.others[0]!.client.get('/api/user')).statusCode).toBe(200);
  });

  it('is refused to members (403) and to users without a household (404)', async () => {
    const { others, admin } = await householdWith(['Root', 'User']);
    expect((await others[0]!.client.delete('/api/dev/delete-all-data')).statusCode).toBe(403);
    expect((await current(admin.client)).members).toHaveLength(2);
    expect((await (await signUp(t.app)).client.delete('/api/dev/delete-all-data')).statusCode).toBe(404);
  });
});

describe('system events', () => {
  it('records creation, joining, leaving and removal', async () => {
    const { admin, others, household } = await householdWith(['Rec', 'Stay', 'Go']);
    await others[1]!.client.post('/api/households/leave');
    await admin.client.delete(`/api/households/members/${others[0]!.user.id}`);
    const events = await t.database.db
      .selectFrom('household_events')
      .select(['type', 'actor_id', 'subject_id'])
      .where('household_id', '=', household.id)
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.type)).toEqual([
      'household_created',
      'member_joined',
      'member_joined',
      'member_left',
      'member_removed',
    ]);
    expect(events[4]).toEqual({
      type: 'member_removed',
      actor_id: admin.user.id,
      subject_id: others[0]!.user.id,
    });
  });
});

describe('isolation between households', () => {
  it('a member of another household cannot remove, see or change anything of this one', async () => {
    const owner = await householdWith(['Owner', 'Victim']);
    const outsider = await householdWith(['Intruder']);
    const ownerView = () => current(owner.admin.client);
    const secrets = [owner.household.id, owner.household.inviteCode, "Owner's place"];

    await expectIsolated({
      outsider: outsider.admin.client,
      call: (c) => c.delete(`/api/households/members/${owner.others[0]!.user.id}`),
      ownerView,
      secrets,
    });
    // Routes on "current" act on the caller's own household only.
    for (const call of [
      (c: Client) => c.patch('/api/households/current', { name: 'Hijacked' }),
      (c: Client) => c.get('/api/households/current'),
      (c: Client) => c.get('/api/households/current/members'),
      (c: Client) => c.delete('/api/dev/delete-all-data'),
    ]) {
      const before = await ownerView();
      const response = await call(outsider.admin.client);
      for (const secret of secrets) expect(response.body).not.toContain(secret);
      expect(await ownerView()).toEqual(before);
    }
  });
});
