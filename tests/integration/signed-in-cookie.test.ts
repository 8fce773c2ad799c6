// The readable companion of the session cookie (decision 0012): set and cleared with it, never
// holding a secret, so the web app can tell a signed-out browser without a 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, PASSWORD, signUp, type TestApp, uniqueEmail } from './helpers.ts';

let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  https = await createTestApp({ publicOrigin: 'https://hearth.example' });
});
afterAll(async () => {
  await t.close();
  await https.close();
});

const registration = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  firstName: 'Ada',
  lastName: 'Lovelace',
});

/** The Set-Cookie line of each cookie an answer sets, by name. */
function setCookies(response: { headers: Record<string, unknown> }): Map<string, string> {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [String(header)] : [];
  return new Map(lines.map((line: string) => [line.slice(0, line.indexOf('=')), line]));
}

/** A cookie line's attributes without its value, in a stable order. */
const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim())
    .sort();

const cleared = (line: string | undefined) => /=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(line ?? '');

describe('hearth_signed_in', () => {
  it('comes with every new session, readable and with the session cookie lifetime and rules', async () => {
    const email = uniqueEmail();
    const registered = await new Client(t.app).post('/api/register', registration(email));
    const loggedIn = await new Client(t.app).post('/api/login', { email, password: PASSWORD });
    for (const response of [registered, loggedIn]) {
      expect(response.statusCode).toBeLessThan(300);
      const cookies = setCookies(response);
      const session = cookies.get('hearth_session')!;
      const companion = cookies.get('hearth_signed_in')!;
      expect(companion.split(';')[0]).toBe('hearth_signed_in=1');
      expect(session).toMatch(/HttpOnly/);
      expect(companion).not.toMatch(/HttpOnly/);
      expect(attributes(companion)).toEqual(attributes(session).filter((a) => a !== 'HttpOnly'));
      expect(companion).toMatch(/Max-Age=2592000/);
      expect(companion).toMatch(/SameSite=Lax/);
      expect(companion).toMatch(/Path=\//);
    }
  });

  it('is Secure whenever the session cookie is (https)', async () => {
    const response = await new Client(https.app).post('/api/register', registration(uniqueEmail()));
    const cookies = setCookies(response);
    expect(cookies.get('hearth_session')).toMatch(/Secure/);
    expect(cookies.get('hearth_signed_in')).toMatch(/Secure/);
  });

  it('is set again, with a fresh lifetime, when the session is extended', async () => {
    const { client, user } = await signUp(t.app);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 5 * 24 * 3600_000 })
      .where('user_id', '=', user.id)
      .execute();
    const cookies = setCookies(await client.get('/api/user'));
    expect(cookies.get('hearth_session')).toMatch(/Max-Age=2592000/);
    expect(cookies.get('hearth_signed_in')).toMatch(/^hearth_signed_in=1;.*Max-Age=2592000/);
  });

  it('goes with the session on POST and GET /api/logout and on account deletion', async () => {
    const { client } = await signUp(t.app);
    const posted = setCookies(await client.post('/api/logout'));
    expect(cleared(posted.get('hearth_session'))).toBe(true);
    expect(cleared(posted.get('hearth_signed_in'))).toBe(true);

    const other = await signUp(t.app);
    const navigated = setCookies(await other.client.get('/api/logout'));
    expect(cleared(navigated.get('hearth_signed_in'))).toBe(true);

    const third = await signUp(t.app);
    const deleted = await third.client.request({
      method: 'DELETE',
      url: '/api/auth/user',
      payload: { email: third.email, password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(cleared(setCookies(deleted).get('hearth_session'))).toBe(true);
    expect(cleared(setCookies(deleted).get('hearth_signed_in'))).toBe(true);
  });

  it('is cleared by the 401 of the user check when its session has ended on the server', async () => {
    const { client, user } = await signUp(t.app);
    const cookie = `${client.cookie}; hearth_signed_in=1`;
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    for (const url of ['/api/user', '/api/auth/user']) {
      const response = await new Client(t.app).get(url, { cookie });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Not signed in', code: 'auth.not_signed_in' });
      expect(cleared(setCookies(response).get('hearth_signed_in'))).toBe(true);
    }
  });

  it('is neither set nor cleared by the user check of a browser that never signed in', async () => {
    const response = await new Client(t.app).get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
