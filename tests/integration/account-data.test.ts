import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, PASSWORD, signUp, type TestApp } from './helpers.ts';
import { expectErrorAnswer, expectRefusal } from './refusals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signUp>> & { firstName: string; lastName: string };

/** Names nothing else in the database contains, so a scan for them finds only this person. */
function rareName(prefix: string) {
  const tag = randomBytes(3).toString('hex');
  return { firstName: `${prefix}${tag}`, lastName: `Quix${tag}` };
}

async function person(prefix: string, email?: string): Promise<Person> {
  const names = rareName(prefix);
  return { ...(await signUp(t.app, { ...names, ...(email ? { email } : {}) })), ...names };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();

function multipart(name: string, data: Buffer) {
  const boundary = `----HearthBoundary${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body || 'null');
}

function expensePayload(payer: Person, members: Person[], title: string, amount: string) {
  const each = (Number(amount) / members.length).toFixed(2);
  return {
    expense: {
      title,
      amount,
      category: 'groceries',
      description: '',
      date: '2026-03-10',
      splitType: 'equal',
      paidBy: payer.user.id,
      isRecurring: false,
      recurringInterval: 'monthly',
    },
    splits: members.map((m) => ({ userId: m.user.id, amount: each })),
  };
}

/**
 * Zed (the one who exports and deletes) made a household with Bea and Cy: messages, a
 * reaction, expenses both ways with a receipt, a settle-up, chores done and open, an event,
 * a profile photo, a listing with two photos, a push device and a calendar feed. Olga lives
 * in another household with data of her own.
 */
async function world() {
  const zed = await person('Zebulon');
  const bea = await person('Bea');
  const cy = await person('Cy');
  const household = await ok(await zed.client.post('/api/households', { name: 'Maple House' }), 201);
  for (const p of [bea, cy])
    await ok(await p.client.post('/api/households/join', { inviteCode: household.inviteCode }));
  const everyone = [zed, bea, cy];

  const zedSaid = await ok(await zed.client.post('/api/messages', { content: 'I bought the milk' }), 201);
  await ok(await bea.client.post('/api/messages', { content: 'Thanks!' }), 201);
  await ok(await zed.client.post(`/api/messages/${zedSaid.id}/reactions`, { emoji: '👍' }));

  const zedPaid = await ok(
    await zed.client.post('/api/expenses', expensePayload(zed, everyone, 'Milk run', '30.00')),
    201,
  );
  const beaPaid = await ok(
    await bea.client.post('/api/expenses', expensePayload(bea, everyone, 'Internet', '60.00')),
    201,
  );
  const receipt = multipart('receipt', await png(30, 30));
  const withReceipt = await ok(
    await zed.client.post(`/api/expenses/${beaPaid.id}/receipt`, receipt.payload, receipt.headers),
  );
  // Cy pays Zed what Cy owes for the milk: a payment Zed is part of.
  await ok(await cy.client.post('/api/payments', { toUserId: zed.user.id, amount: '10.00' }), 201);

  const due = new Date(Date.now() + 86_400_000).toISOString();
  const done = await ok(
    await zed.client.post('/api/chores', { title: 'Dishes', assignedTo: zed.user.id, dueDate: due }),
    201,
  );
  await ok(await zed.client.patch(`/api/chores/${done.id}`, { status: 'done' }));
  const open = await ok(
    await bea.client.post('/api/chores', { title: 'Bins', assignedTo: zed.user.id, dueDate: due }),
    201,
  );
  const event = await ok(
    await zed.client.post('/api/calendar', {
      title: 'House meeting',
      startDate: '2026-03-12T18:00:00.000Z',
      attendees: [zed.user.id, bea.user.id],
    }),
    201,
  );
  await ok(await zed.client.get('/api/calendar/feed'));

  const photo = multipart('profileImage', await png(40, 40));
  const profile = await ok(await zed.client.post('/api/user/profile-image', photo.payload, photo.headers));
  const dataUrl = `data:image/png;base64,${(await png(24, 16)).toString('base64')}`;
  const listing = await ok(
    await zed.client.post('/api/roommate-listings', {
      title: 'Room by the park',
      rent: 700,
      location: '1 Park Lane',
      city: 'Springfield',
      country: 'US',
      postcode: '62701',
      images: [dataUrl, dataUrl],
    }),
    201,
  );
  const device = {
    endpoint: `https://127.0.0.1:9/push/zed-${randomBytes(4).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await ok(await zed.client.post('/api/push/subscribe', device), 201);
  const settings = await ok(await zed.client.get('/api/notification-settings'));
  await ok(
    await zed.client.request({
      method: 'PUT',
      url: '/api/notification-settings',
      payload: { ...settings, types: { ...settings.types, chore: false } },
    }),
  );

  const olga = await person('Olga');
  await ok(await olga.client.post('/api/households', { name: 'Olga Towers' }), 201);
  await ok(await olga.client.post('/api/messages', { content: 'olga-secret-message' }), 201);
  await ok(
    await olga.client.post('/api/expenses', expensePayload(olga, [olga], 'olga-secret-expense', '5.00')),
    201,
  );

  return {
    zed,
    bea,
    cy,
    olga,
    household,
    zedPaid,
    beaPaid,
    receiptUrl: withReceipt.receiptUrl as string,
    done,
    open,
    event,
    profile,
    listing,
    device,
  };
}

async function download(client: Client) {
  const response = await client.get('/api/export/me');
  expect(response.statusCode, response.body).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const text = (name: string) => {
    expect(files[name], `${name} in the export`).toBeDefined();
    return strFromU8(files[name]!);
  };
  return { response, files, text, json: (name: string) => JSON.parse(text(name)) };
}

describe('GET /api/export/me', () => {
  it('answers a ZIP with every file, each with the right content', async () => {
    const w = await world();
    const { response, files, text, json } = await download(w.zed.client);
    expect(response.headers['content-type']).toBe('application/zip');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="hearth-export-${day}.zip"`);

    const names = Object.keys(files).sort();
    for (const name of [
      'README.txt',
      'profile.json',
      'household.json',
      'expenses.json',
      'expenses.csv',
      'chores.json',
      'calendar.ics',
      'messages.json',
      'listings.json',
      'notification-settings.json',
      'profile-photo.webp',
      `listings/${w.listing.id}/1.webp`,
      `listings/${w.listing.id}/2.webp`,
    ])
      expect(names).toContain(name);

    for (const name of names.filter((n) => n.endsWith('.json')))
      expect(text('README.txt')).toContain(name.split('/')[0]!.split('.')[0]!);

    const profile = json('profile.json');
    expect(profile).toEqual((await w.zed.client.get('/api/auth/user')).json());
    expect(JSON.stringify(profile)).not.toMatch(/password/i);

    const household = json('household.json');
    expect(household).toMatchObject({ name: 'Maple House', yourRole: 'admin' });
    expect(household.members.map((m: { name: string }) => m.name)).toEqual([
      `${w.zed.firstName} Q.`,
      `${w.bea.firstName} Q.`,
      `${w.cy.firstName} Q.`,
    ]);

    const expenses = json('expenses.json') as { id: string; amount: string; splits: unknown[] }[];
    expect(expenses.map((e) => e.id).sort()).toEqual([w.zedPaid.id, w.beaPaid.id].sort());
    const milk = expenses.find((e) => e.id === w.zedPaid.id)!;
    expect(milk).toMatchObject({
      amount: '30.00',
      paidByUser: { id: w.zed.user.id, name: `${w.zed.firstName} Q.` },
    });
    expect(milk.splits).toHaveLength(3);
    expect(milk.splits[1]).toMatchObject({
      amount: '10.00',
      user: { id: expect.any(String), name: expect.any(String) },
    });

    const csv = await w.zed.client.get('/api/expenses/export.csv');
    expect(text('expenses.csv')).toBe(csv.body);

    const chores = json('chores.json') as { id: string; status: string }[];
    expect(chores.map((c) => c.id).sort()).toEqual([w.done.id, w.open.id].sort());
    expect(chores.find((c) => c.id === w.done.id)!.status).toBe('done');

    const ics = text('calendar.ics');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('SUMMARY:House meeting');
    expect(ics).toContain('SUMMARY:Chore: Bins');

    const messages = json('messages.json') as { content: string; reactions: unknown[] }[];
    expect(messages.map((m) => m.content)).toEqual(
      expect.arrayContaining(['I bought the milk', 'Thanks!', `${w.bea.firstName} Q. joined the household`]),
    );
    expect(messages.find((m) => m.content === 'I bought the milk')!.reactions).toEqual([
      { emoji: '👍', userIds: [w.zed.user.id] },
    ]);

    const listings = json('listings.json') as { id: string; title: string }[];
    expect(listings).toMatchObject([{ id: w.listing.id, title: 'Room by the park' }]);
    for (const name of [`listings/${w.listing.id}/1.webp`, 'profile-photo.webp']) {
      const bytes = Buffer.from(files[name]!);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const photo = await w.zed.client.get(w.profile.profileImageUrl);
    expect(Buffer.from(files['profile-photo.webp']!).equals(photo.rawPayload)).toBe(true);

    const notifications = json('notification-settings.json');
    expect(notifications).toMatchObject({ enabled: true, types: { chore: false, message: true } });
    expect(notifications.devices).toEqual([
      { endpoint: w.device.endpoint, createdAt: expect.any(String), lastUsedAt: null },
    ]);

    // No keys of the device, no e-mail of anyone else, nothing of Olga's household.
    const everything = names
      .filter((n) => !n.endsWith('.webp'))
      .map((n) => text(n))
      .join('\n');
    for (const secret of [
      w.device.keys.p256dh,
      w.device.keys.auth,
      w.bea.email,
      w.cy.email,
      w.olga.email,
      w.olga.firstName,
      'olga-secret-message',
      'olga-secret-expense',
      'Olga Towers',
      'password',
    ])
      expect(everything).not.toContain(secret);
    expect(everything).toContain(w.zed.email);
  });

  it('works without a household: profile, settings and listings only', async () => {
    const solo = await person('Solo');
    const { files, json, text } = await download(solo.client);
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'listings.json',
      'notification-settings.json',
      'profile.json',
    ]);
    expect(json('profile.json')).toMatchObject({ id: solo.user.id, email: solo.email });
    expect(json('listings.json')).toEqual([]);
    expect(text('README.txt')).toContain('no household');
  });

  it('answers 401 when nobody is signed in', async () => {
    const response = await new Client(t.app).get('/api/export/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
  });
});

/** Every row of every table of the schema, serialised (bytes shown by length only). */
async function allRows(): Promise<Record<string, string[]>> {
  const { db } = t.database;
  const tables =
    t.database.engine === 'sqlite'
      ? (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(db)
        ).rows.map((r) => r.name);
  expect(tables).toEqual(expect.arrayContaining(['users', 'messages', 'push_outbox', 'rate_limits']));
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    out[table] = rows.map((row) =>
      JSON.stringify(row, (_key, value) =>
        value && typeof value === 'object' && value.type === 'Buffer'
          ? `<${value.data.length} bytes>`
          : value,
      ),
    );
  }
  return out;
}

function rowsMentioning(rows: Record<string, string[]>, needles: string[]): string[] {
  const found: string[] = [];
  for (const [table, list] of Object.entries(rows))
    for (const row of list)
      for (const needle of needles)
        if (row.toLowerCase().includes(needle.toLowerCase()))
          found.push(`${table}: ${needle} in ${row.slice(0, 300)}`);
  return found;
}

/**
 * Balances with any id outside `known` (a deleted member's tombstone) written as 'former', in
 * a fixed order (the API orders some lists by id, and the tombstone's id is a new one).
 */
async function balancesOf(p: Person, known: string[]) {
  const single = await ok(await p.client.get('/api/balance'));
  const text = JSON.stringify(await ok(await p.client.get('/api/balances'))).replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
    (id) => (known.includes(id) ? id : 'former'),
  );
  const all = JSON.parse(text) as Record<string, unknown>;
  const sorted = Object.fromEntries(
    Object.entries(all).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((x) => JSON.stringify(x)).sort() : value,
    ]),
  );
  return { single, all: sorted };
}

const deleteAccount = (client: Client, payload?: unknown) =>
  client.request({
    method: 'DELETE',
    url: '/api/auth/user',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Every row but the attempt counters, which a refused request may move. */
async function dataRows() {
  const { rate_limits: _counters, ...rest } = await allRows();
  return rest;
}

describe('DELETE /api/auth/user', () => {
  it('refuses a missing or wrong e-mail with 400 and changes nothing', async () => {
    const w = await world();
    const before = await dataRows();
    for (const body of [
      undefined,
      {},
      { email: '', password: PASSWORD },
      { email: w.bea.email, password: PASSWORD },
      { email: `x${w.zed.email}`, password: PASSWORD },
    ]) {
      const response = await deleteAccount(w.zed.client, body);
      expect(response.statusCode, response.body).toBe(400);
      expectErrorAnswer(response.json());
    }
    expect(
      (await deleteAccount(w.zed.client, { email: 'nobody@example.com', password: PASSWORD })).json(),
    ).toEqual({
      message: 'The email address does not match your account',
      code: 'account_data.confirm_email_mismatch',
    });
    expect(await dataRows()).toEqual(before);
    expect((await w.zed.client.get('/api/auth/user')).statusCode).toBe(200);
    expect(
      (await deleteAccount(new Client(t.app), { email: w.zed.email, password: PASSWORD })).statusCode,
    ).toBe(401);
  });

  it('asks for the current password: without it or with a wrong one 400, nothing changes and it still signs in', async () => {
    const zed = await person('Pass');
    const before = await dataRows();
    const refusals: Array<[unknown, string]> = [
      [{ email: zed.email }, 'Password is required'],
      [{ email: zed.email, password: '' }, 'Password is required'],
      [{ email: zed.email, password: 'not my password' }, 'Password is incorrect'],
      [{ email: zed.email, password: PASSWORD.toUpperCase() }, 'Password is incorrect'],
      [{ email: zed.email, password: 'x'.repeat(10_000) }, 'Password is incorrect'],
    ];
    for (const [body, message] of refusals) {
      const response = await deleteAccount(zed.client, body);
      expect(response.statusCode, response.body).toBe(400);
      expectRefusal(response.json(), message);
    }
    expect(await dataRows()).toEqual(before);
    expect((await zed.client.get('/api/auth/user')).statusCode).toBe(200);
    const login = await new Client(t.app).post('/api/login', { email: zed.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await deleteAccount(zed.client, { email: zed.email, password: PASSWORD })).statusCode).toBe(204);
  });

  it('limits wrong passwords per user (429 with Retry-After), even with the right one after', async () => {
    const zed = await person('Guessed');
    const other = await person('Bystander');
    for (let i = 0; i < 10; i++) {
      const response = await deleteAccount(zed.client, { email: zed.email, password: `guess-${i}-guess` });
      expect(response.statusCode).toBe(400);
    }
    const limited = await deleteAccount(zed.client, { email: zed.email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await zed.client.get('/api/auth/user')).statusCode).toBe(200);
    expect((await deleteAccount(other.client, { email: other.email, password: PASSWORD })).statusCode).toBe(
      204,
    );
  });

  it('deletes every trace of the user and keeps the others’ history and balances', async () => {
    const w = await world();
    // Zed's id before and the tombstone's after both read 'former'.
    const known = [w.bea.user.id, w.cy.user.id];
    const beforeBea = await balancesOf(w.bea, known);
    const beforeCy = await balancesOf(w.cy, known);
    expect(beforeBea.single).not.toEqual({ totalOwed: 0, totalOwing: 0 });
    const listingPhotos = (
      await t.database.db
        .selectFrom('listing_images')
        .select(['card_image_id', 'full_image_id'])
        .where('listing_id', '=', w.listing.id)
        .execute()
    ).flatMap((r) => [r.card_image_id, r.full_image_id]);
    const profileImageId = (w.profile.profileImageUrl as string).split('/').pop()!;
    const oldCookie = w.zed.client.cookie!;
    // Attempt counters that name Zed (e-mail, e-mail and address, id) go with the account too.
    const wrongLogin = await new Client(t.app).post('/api/login', {
      email: w.zed.email,
      password: 'wrong guess',
    });
    expect(wrongLogin.statusCode).toBe(401);
    expect((await w.zed.client.post('/api/households/join', { inviteCode: 'ZZZZZZZZ' })).statusCode).toBe(
      409,
    );
    expect(
      (await deleteAccount(w.zed.client, { email: w.zed.email, password: 'wrong guess' })).statusCode,
    ).toBe(400);
    const counters = (await allRows()).rate_limits!.filter(
      (row) => row.includes(w.zed.email) || row.includes(w.zed.user.id),
    );
    for (const name of ['register:email', 'login:email-ip', 'join:user', 'delete-account:user'])
      expect(
        counters.some((row) => row.includes(`"key":"${name}:`)),
        name,
      ).toBe(true);

    // Case and spaces do not matter in the confirmation.
    const response = await deleteAccount(w.zed.client, {
      email: `  ${w.zed.email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(
      /hearth_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i,
    );
    expect((await w.zed.client.get('/api/auth/user', { cookie: oldCookie })).statusCode).toBe(401);

    const leftovers = rowsMentioning(await allRows(), [
      w.zed.email,
      w.zed.firstName,
      w.zed.lastName,
      w.zed.user.id,
      profileImageId,
      ...listingPhotos,
    ]);
    expect(leftovers).toEqual([]);

    // The others' balances are exactly what they were; the money now belongs to a tombstone.
    expect(await balancesOf(w.bea, known)).toEqual(beforeBea);
    expect(await balancesOf(w.cy, known)).toEqual(beforeCy);

    // The longest-standing member took over as administrator.
    const household = await ok(await w.bea.client.get('/api/households/current'));
    expect(household.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [w.bea.user.id, 'admin'],
      [w.cy.user.id, 'member'],
    ]);

    // Chat: their messages stay, without an author; the notices speak of a former member.
    const messages = (await ok(await w.bea.client.get('/api/messages'))) as {
      content: string;
      userId: string | null;
      user: unknown;
      type: string;
      reactions: unknown[];
    }[];
    const milk = messages.find((m) => m.content === 'I bought the milk')!;
    expect(milk).toMatchObject({ userId: null, user: null, type: 'text', reactions: [] });
    expect(messages.map((m) => m.content)).toEqual(
      expect.arrayContaining(['Former member left the household']),
    );

    // Expenses keep their amounts; the payer is shown as a former member.
    const expenses = (await ok(await w.bea.client.get('/api/expenses'))) as {
      id: string;
      amount: string;
      paidByUser: { firstName: string; lastName: string; email: string } | null;
      splits: { amount: string }[];
      receiptUrl: string | null;
    }[];
    const milkRun = expenses.find((e) => e.id === w.zedPaid.id)!;
    expect(milkRun.amount).toBe('30.00');
    expect(milkRun.paidByUser).toMatchObject({ firstName: 'Former member', lastName: '' });
    expect(milkRun.splits.map((s) => s.amount)).toEqual(['10.00', '10.00', '10.00']);
    const internet = expenses.find((e) => e.id === w.beaPaid.id)!;
    expect(internet.receiptUrl).toBe(w.receiptUrl);
    expect((await w.bea.client.get(w.receiptUrl)).statusCode).toBe(200);

    // Chores: history kept without them; the open one moved on by rotation.
    const chores = (await ok(await w.bea.client.get('/api/chores'))) as {
      id: string;
      status: string;
      assignedTo: string | null;
      completedBy: string | null;
    }[];
    expect(chores.find((c) => c.id === w.done.id)).toMatchObject({
      status: 'done',
      assignedTo: null,
      completedBy: null,
    });
    expect([w.bea.user.id, w.cy.user.id]).toContain(chores.find((c) => c.id === w.open.id)!.assignedTo);

    // The event stays, with Bea as its only attendee; the photos are gone.
    const events = (await ok(
      await w.bea.client.get('/api/calendar?from=2026-03-01T00:00:00.000Z&to=2026-04-01T00:00:00.000Z'),
    )) as { id: string; attendees: string[] }[];
    expect(events.find((e) => e.id === w.event.id)!.attendees).toEqual([w.bea.user.id]);
    expect((await w.bea.client.get(w.profile.profileImageUrl)).statusCode).toBe(404);
    expect((await w.bea.client.get(w.listing.images[0])).statusCode).toBe(404);
    expect((await w.bea.client.get(`/api/roommate-listings/${w.listing.id}`)).statusCode).toBe(404);

    // Signing in fails; the e-mail can register again as a new account.
    const login = await new Client(t.app).post('/api/login', { email: w.zed.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    const again = await signUp(t.app, {
      email: w.zed.email.toUpperCase(),
      firstName: 'New',
      lastName: 'Person',
    });
    expect(again.user.id).not.toBe(w.zed.user.id);
    expect(await ok(await again.client.get('/api/households/current'))).toBeNull();
  });

  it('deletes the household with the account when they were its last member', async () => {
    const solo = await person('Lonely');
    const household = await ok(await solo.client.post('/api/households', { name: 'Just me' }), 201);
    await ok(await solo.client.post('/api/messages', { content: 'talking to myself' }), 201);
    await ok(await solo.client.post('/api/expenses', expensePayload(solo, [solo], 'Tea', '3.00')), 201);
    const tombstones = async () =>
      (await allRows()).users!.filter((r) => r.includes('deleted.invalid')).length;
    const before = await tombstones();
    expect((await deleteAccount(solo.client, { email: solo.email, password: PASSWORD })).statusCode).toBe(
      204,
    );
    expect(rowsMentioning(await allRows(), [household.id, solo.user.id, solo.email, solo.firstName])).toEqual(
      [],
    );
    // The household went with its expense: nobody is owed anything, so no tombstone was needed.
    expect(await tombstones()).toBe(before);
  });

  it('deletes a user without a household', async () => {
    const solo = await person('Nomad');
    expect((await deleteAccount(solo.client, { email: solo.email, password: PASSWORD })).statusCode).toBe(
      204,
    );
    expect(rowsMentioning(await allRows(), [solo.user.id, solo.email, solo.firstName])).toEqual([]);
    expect((await solo.client.get('/api/auth/user')).statusCode).toBe(401);
  });
});
