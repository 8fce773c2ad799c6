// Where an account is signed in, and ending any of it (docs/accounts.md, Sessions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMessages } from '#shared/accounts/sessions.ts';
import { Client, createTestApp, PASSWORD, signUp, type TestApp } from './helpers.ts';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Listed {
  id: string;
  browser: string;
  platform: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
}

/** The same account signed in on another device, with that device's browser. */
async function device(email: string, userAgent: string): Promise<Client> {
  const client = new Client(t.app);
  const login = await client.post('/api/login', { email, password: PASSWORD }, { 'user-agent': userAgent });
  expect(login.statusCode).toBe(200);
  return client;
}

describe('sessions', () => {
  it('lists where the account is signed in, this session first, the browser and system in words', async () => {
    const { client, email } = await signUp(t.app);
    await device(email, IPHONE_SAFARI);
    await device(email, MAC_CHROME);
    const listed = (await client.get('/api/auth/sessions')).json() as Listed[];
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true });
    expect(
      listed
        .slice(1)
        .map((s) => `${s.browser} on ${s.platform}`)
        .sort(),
    ).toEqual(['Chrome on macOS', 'Safari on iPhone']);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    for (const s of listed) expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    // Another account's list holds none of them.
    const stranger = await signUp(t.app);
    const theirs = (await stranger.client.get('/api/auth/sessions')).json() as Listed[];
    expect(theirs.map((s) => s.id)).not.toContain(listed[1]!.id);
  });

  it('ends one session by its id, and answers 404 for another account’s', async () => {
    const { client, email } = await signUp(t.app);
    const phone = await device(email, IPHONE_SAFARI);
    const listed = (await client.get('/api/auth/sessions')).json() as Listed[];
    const phoneId = listed.find((s) => !s.current)!.id;

    const stranger = await signUp(t.app);
    const foreign = await stranger.client.delete(`/api/auth/sessions/${phoneId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(sessionMessages.notFound);
    expect((await phone.get('/api/user')).statusCode).toBe(200);

    expect((await client.delete(`/api/auth/sessions/${phoneId}`)).statusCode).toBe(204);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.delete(`/api/auth/sessions/${phoneId}`)).statusCode).toBe(404);
  });

  it('ending this session by its id signs this browser out', async () => {
    const { client } = await signUp(t.app);
    const listed = (await client.get('/api/auth/sessions')).json() as Listed[];
    const ended = await client.delete(`/api/auth/sessions/${listed[0]!.id}`);
    expect(ended.statusCode).toBe(204);
    expect(String(ended.headers['set-cookie'])).toMatch(/hearth_session=;/);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('ends every other session at once, this one stays', async () => {
    const { client, email } = await signUp(t.app);
    const others = [await device(email, IPHONE_SAFARI), await device(email, MAC_CHROME)];
    expect((await client.post('/api/auth/sessions/revoke-others')).statusCode).toBe(204);
    for (const other of others) expect((await other.get('/api/user')).statusCode).toBe(401);
    const listed = (await client.get('/api/auth/sessions')).json() as Listed[];
    expect(listed).toEqual([expect.objectContaining({ current: true })]);
  });

  it('answers 401 signed out on every route', async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get('/api/auth/sessions')).statusCode).toBe(401);
    expect((await anonymous.delete('/api/auth/sessions/anything')).statusCode).toBe(401);
    expect((await anonymous.post('/api/auth/sessions/revoke-others')).statusCode).toBe(401);
  });
});
