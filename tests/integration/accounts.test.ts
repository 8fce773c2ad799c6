import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, PASSWORD, signUp, type TestApp, uniqueEmail } from './helpers.ts';
import { expectRefusal } from './refusals.ts';

let t: TestApp;
// Rate limits count in fixed windows; a fixed clock keeps a test from straddling two of them.
const NOW = Date.UTC(2026, 0, 15, 12, 5);
beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: 'Grace',
  lastName: 'Hopper',
  ...extra,
});

const USER_KEYS = [
  'createdAt',
  'email',
  'firstName',
  'id',
  'language',
  'lastName',
  'profileColor',
  'profileImageUrl',
];

describe('POST /api/register', () => {
  it('creates the account, signs in, and answers the public user object', async () => {
    const client = new Client(t.app);
    const email = uniqueEmail();
    const response = await client.post('/api/register', registration(`  ${email.toUpperCase()} `));
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(user).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      profileColor: 'blue',
      profileImageUrl: null,
    });
    expect(new Date(user.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(response.body).not.toContain('password');

    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/hearth_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).toMatch(/Max-Age=2592000/);

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(user);
  });

  it('stores the password only as an Argon2id hash and the session only as a hash', async () => {
    const { client, email } = await signUp(t.app);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    const token = client.cookie!.split('=')[1]!;
    const sessions = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', row.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).not.toBe(token);
    expect(sessions[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a second account for the same e-mail, whatever its case or spaces (409)', async () => {
    const email = uniqueEmail();
    expect((await new Client(t.app).post('/api/register', registration(email))).statusCode).toBe(201);
    const again = await new Client(t.app).post('/api/register', registration(` ${email.toUpperCase()}`));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'User already exists', code: 'auth.user_exists' });
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ password: '', confirmPassword: '' }, 'Password is required'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ confirmPassword: '' }, 'Please confirm your password'],
    [{ confirmPassword: 'something else' }, "Passwords don't match"],
    [{ firstName: '   ' }, 'First name is required'],
    [{ lastName: undefined }, 'Last name is required'],
    [{ firstName: 42 }, 'First name is required'],
    [{ email: ['a@b.co'] }, 'Email is required'],
    [{ firstName: 'x'.repeat(51) }, 'Names must be at most 50 characters'],
    [
      { password: 'p'.repeat(201), confirmPassword: 'p'.repeat(201) },
      'Password must be at most 200 characters',
    ],
  ])('answers 400 with a message naming the problem for %j', async (change, message) => {
    const email = uniqueEmail();
    const response = await new Client(t.app).post('/api/register', registration(email, change));
    expect(response.statusCode).toBe(400);
    expectRefusal(response.json(), message);
    expect(response.headers['set-cookie']).toBeUndefined();
    const count = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(count).toHaveLength(0);
  });

  it.each([
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
    ['a JSON string', '"hello"'],
  ])('answers 400 for %s as the body', async (_name, payload) => {
    const response = await new Client(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password, e-mail in any case', async () => {
    const { email } = await signUp(t.app, { firstName: 'Linus' });
    const client = new Client(t.app);
    const response = await client.post('/api/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, firstName: 'Linus' });
    expect(Object.keys(response.json()).sort()).toEqual(USER_KEYS);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ email });
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { email } = await signUp(t.app);
    const wrong = await new Client(t.app).post('/api/login', { email, password: 'wrong password' });
    const unknown = await new Client(t.app).post('/api/login', { email: uniqueEmail(), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'Invalid email or password',
        code: 'auth.invalid_credentials',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates its input (400)', async () => {
    const client = new Client(t.app);
    expect((await client.post('/api/login', { email: 'x@y.zz' })).json()).toEqual({
      message: 'Password is required',
      code: 'account.password_required',
      params: { field: 'password' },
    });
    expect((await client.post('/api/login', { password: 'x' })).json()).toEqual({
      message: 'Email is required',
      code: 'account.email_required',
      params: { field: 'email' },
    });
    expect((await client.post('/api/login', { email: 'nope', password: 'x' })).statusCode).toBe(400);
  });

  /** A 429 says how long to wait, in whole seconds, no longer than `maxSeconds`. */
  function expectRetryAfter(
    response: { statusCode: number; headers: Record<string, unknown> },
    maxSeconds: number,
  ) {
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= maxSeconds, String(seconds)).toBe(true);
  }

  it('locks one address out of an account after 10 failures, never its owner elsewhere', async () => {
    const ada = await signUp(t.app);
    const other = await signUp(t.app);
    const attacker = new Client(t.app, '192.0.2.10');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await attacker.post('/api/login', { email: ada.email, password: `guess-${i}-guess` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Locked: even the right password from that address waits for the window.
    const locked = await attacker.post('/api/login', { email: ada.email, password: PASSWORD });
    expectRetryAfter(locked, 10 * 60);
    expect(locked.json().message).toMatch(/too many attempts/i);
    // Ada, from her own address, signs in as usual; the attacker's address still signs in to others.
    const fine = await new Client(t.app, '192.0.2.11').post('/api/login', {
      email: ada.email,
      password: PASSWORD,
    });
    expect(fine.statusCode).toBe(200);
    const others = await attacker.post('/api/login', { email: other.email, password: PASSWORD });
    expect(others.statusCode).toBe(200);
  });

  it('never slows the owner down, however many addresses guess at the e-mail', async () => {
    const { email } = await signUp(t.app);
    const owner = new Client(t.app, '192.0.2.99');
    for (let i = 0; i < 25; i++) {
      const from = new Client(t.app, `198.51.100.${i + 1}`);
      for (let n = 0; n < 10; n++)
        expect((await from.post('/api/login', { email, password: 'wrong guess' })).statusCode).toBe(401);
      if (i % 10 === 9)
        expect((await owner.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    }
  });

  it('counts only failures: signing in again and again never locks anyone', async () => {
    const { email } = await signUp(t.app);
    const client = new Client(t.app, '192.0.2.12');
    for (let i = 0; i < 15; i++) {
      expect((await client.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    }
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/api/login', { email, password: 'wrong guess' })).statusCode).toBe(401);
    }
    expect((await client.post('/api/login', { email, password: 'wrong guess' })).statusCode).toBe(429);
  });

  it('limits failures per address (429), whatever the e-mails', async () => {
    const client = new Client(t.app, '192.0.2.77');
    let last = 0;
    for (let i = 0; i < 101; i++) {
      const response = await client.post('/api/login', { email: uniqueEmail(), password: 'whatever1' });
      last = response.statusCode;
      if (last === 429) expectRetryAfter(response, 10 * 60);
    }
    expect(last).toBe(429);
    const elsewhere = await new Client(t.app).post('/api/login', {
      email: uniqueEmail(),
      password: 'whatever1',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('counts afresh in the next window', async () => {
    let now = NOW;
    const timed = await createTestApp({}, { now: () => now });
    try {
      const { email } = await signUp(timed.app);
      const client = new Client(timed.app, '192.0.2.13');
      const guess = () => client.post('/api/login', { email, password: 'wrong guess' });
      for (let i = 0; i < 10; i++) expect((await guess()).statusCode).toBe(401);
      expect((await guess()).statusCode).toBe(429);
      now += 10 * 60_000;
      expect((await client.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    } finally {
      await timed.close();
    }
  });

  it('limits registrations per address (429) and creates nothing once limited', async () => {
    const client = new Client(t.app, '192.0.2.78');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await client.post('/api/register', registration(uniqueEmail()))).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses[20]).toBe(429);
    expect(
      Number((await client.post('/api/register', registration(uniqueEmail()))).headers['retry-after']),
    ).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('POST /api/logout ends the session on the server, not only in the browser', async () => {
    const { client } = await signUp(t.app);
    const stolenCookie = client.cookie!;
    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/hearth_session=;/);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const replay = await new Client(t.app).get('/api/user', { cookie: stolenCookie });
    expect(replay.statusCode).toBe(401);
  });

  it('GET /api/logout clears the session and redirects to /', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get('/api/logout');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('GET /api/logout from another site does not sign the user out', async () => {
    const { client } = await signUp(t.app);
    const response = await client.get('/api/logout', { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(302);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('answers 401 without a session, with a forged cookie, and with an expired session', async () => {
    const anonymous = new Client(t.app);
    for (const url of ['/api/user', '/api/auth/user']) {
      const response = await anonymous.get(url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
    }
    expect((await anonymous.get('/api/user', { cookie: 'hearth_session=forged' })).statusCode).toBe(401);

    const { client, user } = await signUp(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .execute();
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('slides the expiry forward when the session is used a day or more later', async () => {
    const { client, user } = await signUp(t.app);
    const soon = Date.now() + 5 * 24 * 3600_000;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('user_id', '=', user.id)
      .execute();
    const response = await client.get('/api/user');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('every protected endpoint answers 401 without a session and changes nothing', async () => {
    const anonymous = new Client(t.app);
    const calls = [
      anonymous.patch('/api/auth/user', { firstName: 'X', lastName: 'Y' }),
      anonymous.patch('/api/user', { profileColor: 'pink' }),
      anonymous.delete('/api/user/profile-image'),
      anonymous.post('/api/user/profile-image', {}),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
    }
  });
});

describe('profile', () => {
  it('PATCH /api/auth/user trims and saves names; the last name may be empty', async () => {
    const { client } = await signUp(t.app);
    const response = await client.patch('/api/auth/user', { firstName: '  Ada ', lastName: ' King ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Ada', lastName: 'King' });
    const noLast = await client.patch('/api/auth/user', { firstName: 'Ada', lastName: '' });
    expect(noLast.json()).toMatchObject({ firstName: 'Ada', lastName: '' });
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ firstName: 'Ada', lastName: '' });
  });

  it('PATCH /api/auth/user refuses a blank first name and keeps the old names', async () => {
    const { client } = await signUp(t.app, { firstName: 'Keep', lastName: 'Me' });
    const response = await client.patch('/api/auth/user', { firstName: '   ', lastName: 'Other' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'First name is required',
      code: 'account.first_name_required',
      params: { field: 'firstName', min: 1 },
    });
    expect((await client.patch('/api/auth/user', { firstName: 'A', lastName: 7 })).statusCode).toBe(400);
    expect((await client.get('/api/user')).json()).toMatchObject({ firstName: 'Keep', lastName: 'Me' });
  });

  it('PATCH /api/user sets one of the eight colours and refuses others', async () => {
    const { client } = await signUp(t.app);
    for (const color of ['blue', 'emerald', 'purple', 'orange', 'indigo', 'green', 'pink', 'teal']) {
      const response = await client.patch('/api/user', { profileColor: color });
      expect(response.statusCode).toBe(200);
      expect(response.json().profileColor).toBe(color);
    }
    const bad = await client.patch('/api/user', { profileColor: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Profile colour must be one of/);
    expect((await client.get('/api/user')).json().profileColor).toBe('teal');
  });

  it('a user cannot change anyone else: edits apply to the session user only', async () => {
    const a = await signUp(t.app, { firstName: 'Alice' });
    const b = await signUp(t.app, { firstName: 'Bob' });
    await b.client.patch('/api/auth/user', { firstName: 'Mallory', lastName: 'X', id: a.user.id });
    expect((await a.client.get('/api/user')).json().firstName).toBe('Alice');
  });
});

describe('cross-origin requests', () => {
  it('refuses state-changing requests from another origin (403) and changes nothing', async () => {
    const email = uniqueEmail();
    const response = await new Client(t.app).post('/api/register', registration(email), {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-origin request refused', code: 'http.cross_origin' });
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(0);

    const { client } = await signUp(t.app, { firstName: 'Same' });
    const patch = await client.patch(
      '/api/auth/user',
      { firstName: 'Evil', lastName: '' },
      { origin: 'http://evil.example' },
    );
    expect(patch.statusCode).toBe(403);
    expect((await client.get('/api/user')).json().firstName).toBe('Same');
  });

  it('accepts requests from its own origin', async () => {
    const response = await new Client(t.app).post('/api/register', registration(uniqueEmail()), {
      origin: 'http://localhost:80',
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('logs', () => {
  it('never contain passwords, session tokens or cookies', async () => {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        output += String(chunk);
        callback();
      },
    });
    const logged = await createTestApp({ logLevel: 'trace' }, { logStream: stream });
    try {
      const { client, email } = await signUp(logged.app);
      const token = client.cookie!.split('=')[1]!;
      await client.post('/api/login', { email, password: PASSWORD });
      await client.get('/api/user');
      await client.post('/api/logout');
      expect(output).toContain('/api/login');
      expect(output).not.toContain(PASSWORD);
      expect(output).not.toContain(token);
      expect(output).not.toContain('hearth_session=');
    } finally {
      await logged.close();
    }
  });
});
