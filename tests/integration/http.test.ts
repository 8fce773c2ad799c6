import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, PASSWORD, signUp, type TestApp, testEngine, uniqueEmail } from './helpers.ts';

const json = { 'content-type': 'application/json' };

function expectClientError(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  const body = response.json() as { message?: unknown };
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBeTruthy();
}

describe('API basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health answers 200 with the engine in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testEngine });
  });

  it('an unknown /api path answers a JSON 404 with a message', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/nope?x=1', headers: json, payload: '{}' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        message: `No such endpoint: ${method} /api/nope`,
        code: 'http.no_such_endpoint',
        params: { method, path: '/api/nope' },
      });
    }
  });

  it('sends the security headers on API answers, errors included, and no HSTS over plain http', async () => {
    for (const url of ['/api/health', '/api/user', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expectSecurityHeaders(response);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('over plain http the session cookie is httpOnly and SameSite=Lax but not Secure', async () => {
    const response = await new Client(t.app).post('/api/register', {
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(response.statusCode).toBe(201);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });
});

describe('request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload: string | Buffer, headers: Record<string, string> = json) =>
    new Client(t.app).request({ method: 'POST', url, payload, headers });

  it('malformed JSON answers 400 "Malformed JSON body"', async () => {
    for (const body of ['{"email": "a@b.co", "password": ', '{email: 1}', "{'a':1}", '   ']) {
      const response = await post('/api/login', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Malformed JSON body', code: 'http.malformed_json' });
    }
  });

  it('an empty JSON body answers 400 with a message', async () => {
    expectClientError(await post('/api/login', ''));
  });

  it('a JSON body over 1 MB answers 413 with a message', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    const response = await post('/api/login', body);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      message: 'Request body is too large (the limit is 1 MB)',
      code: 'http.body_too_large',
    });
  });

  it('a JSON body just under 1 MB is read (and then refused for its content, with 400)', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 - 100) });
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const response = await post('/api/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Password must be at most 200 characters',
      code: 'account.password_too_long',
      params: { field: 'password', max: 200 },
    });
  });

  it.each([
    ['text/plain', 'email=a@b.co&password=x'],
    ['application/x-www-form-urlencoded', 'email=a@b.co&password=x'],
    ['application/xml', '<login><email>a@b.co</email></login>'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('a %s body answers 4xx with a message', async (contentType, body) => {
    for (const url of ['/api/login', '/api/register']) {
      expectClientError(await post(url, body, { 'content-type': contentType }));
    }
  });

  it('a prototype-poisoning body is refused with 400', async () => {
    for (const body of [
      '{"email":"a@example.com","password":"x","__proto__":{"isAdmin":true}}',
      '{"email":"a@example.com","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const response = await post('/api/login', body);
      expect(response.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    }
  });
});

describe('hostile and odd input to /api/register and /api/login never causes a 5xx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const valid = () => ({
    email: uniqueEmail('odd'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  // Each request from its own address, so the per-address rate limits never hide a 5xx behind a 429.
  const send = (url: string, payload: string) =>
    new Client(t.app).request({ method: 'POST', url, payload, headers: json });

  const hostileBodies: Array<[string, () => string]> = [
    ['100,000 nested arrays', () => `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)},"password":"x"}`],
    [
      '50,000 nested objects',
      () => `{"email":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)},"password":"x"}`,
    ],
    ['a 900 KB e-mail', () => JSON.stringify({ ...valid(), email: `${'a'.repeat(900_000)}@example.com` })],
    [
      'a 900 KB password',
      () => JSON.stringify({ ...valid(), password: 'p'.repeat(900_000), confirmPassword: 'p' }),
    ],
    ['a 900 KB first name', () => JSON.stringify({ ...valid(), firstName: 'F'.repeat(900_000) })],
    ['an e-mail that is a number', () => JSON.stringify({ ...valid(), email: 42 })],
    ['an e-mail that is an array', () => JSON.stringify({ ...valid(), email: ['a@example.com'] })],
    ['an e-mail that is a query object', () => JSON.stringify({ ...valid(), email: { $ne: null } })],
    ['null fields', () => JSON.stringify({ email: null, password: null, firstName: null })],
    ['a JSON array', () => '[1,2,3]'],
    ['a JSON string', () => '"hello"'],
    ['JSON null', () => 'null'],
    ['a lone surrogate escape', () => '{"email":"\\ud800@example.com","password":"\\udfff\\ud800xxxxxx"}'],
  ];

  it.each(hostileBodies)('%s → 4xx with a message', async (_label, body) => {
    const text = body();
    expectClientError(await send('/api/register', text));
    expectClientError(await send('/api/login', text));
  });

  it('a NUL character in the e-mail is refused with 400 on register and login', async () => {
    const body = { ...valid(), email: `nul\u0000${uniqueEmail()}` };
    const register = await send('/api/register', JSON.stringify(body));
    expect(register.statusCode, register.body).toBe(400);
    expect((register.json() as { message: string }).message).toMatch(/email/i);
    const login = await send('/api/login', JSON.stringify({ email: body.email, password: PASSWORD }));
    expect(login.statusCode, login.body).toBe(400);
  });

  it('a NUL character in a name is refused with 400', async () => {
    for (const field of ['firstName', 'lastName']) {
      const response = await send('/api/register', JSON.stringify({ ...valid(), [field]: 'A\u0000da' }));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(typeof (response.json() as { message: string }).message).toBe('string');
    }
  });

  it('a password containing NUL and other control characters is never a 5xx, and works if accepted', async () => {
    const password = 'pass\u0000word\u0007\u001b[31m';
    const email = uniqueEmail();
    const register = await send(
      '/api/register',
      JSON.stringify({ ...valid(), email, password, confirmPassword: password }),
    );
    expect(register.statusCode, register.body).toBeLessThan(500);
    if (register.statusCode === 201) {
      const login = await send('/api/login', JSON.stringify({ email, password }));
      expect(login.statusCode).toBe(200);
      const wrong = await send('/api/login', JSON.stringify({ email, password: 'pass' }));
      expect(wrong.statusCode).toBe(401);
    } else {
      expectClientError(register);
    }
  });

  it('unicode names and e-mails round-trip exactly, on register, login and GET /api/user', async () => {
    const email = `zoë.${uniqueEmail()}`;
    const firstName = 'Zoë 李 🏠';
    const lastName = 'مريم‎ Ωμέγα';
    const password = 'pässwörd 🔑 密码';
    const register = await send(
      '/api/register',
      JSON.stringify({
        ...valid(),
        email: email.toUpperCase(),
        firstName,
        lastName,
        password,
        confirmPassword: password,
      }),
    );
    expect(register.statusCode, register.body).toBe(201);
    expect(register.json()).toMatchObject({ email: email.toLowerCase(), firstName, lastName });

    const client = new Client(t.app);
    const login = await client.post('/api/login', { email, password });
    expect(login.statusCode).toBe(200);
    const me = await client.get('/api/user');
    expect(me.json()).toMatchObject({ email: email.toLowerCase(), firstName, lastName });
  });

  it('the server still answers after all of the above', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { client } = await signUp(t.app);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('state-changing requests from another origin', () => {
  let t: TestApp;
  let email: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ email } = await signUp(t.app));
  });
  afterAll(async () => {
    await t.close();
  });

  // Without PUBLIC_ORIGIN the app's own origin is http://{Host}; inject's Host is localhost:80.
  const login = (headers: Record<string, string>) =>
    new Client(t.app).post('/api/login', { email, password: PASSWORD }, headers);

  it('refuses a login posted from a foreign Origin with 403 and starts no session', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:8080', 'null', 'https://localhost:80']) {
      const response = await login({ origin });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-origin request refused', code: 'http.cross_origin' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('accepts the same login from the matching Origin', async () => {
    const response = await login({ origin: 'http://localhost:80' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeDefined();
  });

  it('accepts a matching Origin for another Host header', async () => {
    const response = await login({ host: 'hearth.local:5000', origin: 'http://hearth.local:5000' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site without an Origin header, accepts same-origin and none', async () => {
    const cross = await login({ 'sec-fetch-site': 'cross-site' });
    expect(cross.statusCode).toBe(403);
    expect((await login({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
  });

  it('refuses other state-changing requests from a foreign origin too, and changes nothing', async () => {
    const { client } = await signUp(t.app, { firstName: 'Grace' });
    const evil = { origin: 'https://evil.example' };
    expect((await client.patch('/api/auth/user', { firstName: 'Mallory' }, evil)).statusCode).toBe(403);
    expect((await client.patch('/api/user', { profileColor: 'pink' }, evil)).statusCode).toBe(403);
    expect((await client.delete('/api/user/profile-image', evil)).statusCode).toBe(403);
    expect((await client.post('/api/logout', undefined, evil)).statusCode).toBe(403);
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ firstName: 'Grace', profileColor: 'blue' });
  });
});

describe('behind https (PUBLIC_ORIGIN=https://hearth.example)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicOrigin: 'https://hearth.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends HSTS on every answer', async () => {
    for (const url of ['/api/health', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
      expectSecurityHeaders(response);
    }
  });

  it('marks the session cookie Secure', async () => {
    const response = await new Client(t.app).post(
      '/api/register',
      {
        email: uniqueEmail(),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Ada',
        lastName: 'L',
      },
      { origin: 'https://hearth.example' },
    );
    expect(response.statusCode).toBe(201);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('allows exactly the public origin for state-changing requests', async () => {
    const { email } = await signUp(t.app);
    const body = { email, password: PASSWORD };
    const ok = await new Client(t.app).post('/api/login', body, { origin: 'https://hearth.example' });
    expect(ok.statusCode).toBe(200);
    for (const origin of [
      'http://hearth.example',
      'http://localhost:80',
      'https://hearth.example.evil.com',
    ]) {
      const refused = await new Client(t.app).post('/api/login', body, { origin });
      expect(refused.statusCode, origin).toBe(403);
    }
  });
});

describe('serving the production web build', () => {
  const indexHtml =
    '<!doctype html><html lang="en"><head><title>Hearth</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
  const appJs = `console.log(${JSON.stringify('hearth '.repeat(200))});\n`;
  const swJs = 'self.addEventListener("push", () => {});\n';
  let dir: string;
  let t: TestApp;

  function writeWithCompressed(relative: string, content: string) {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
  }

  const decode = (response: LightMyRequestResponse): string => {
    const encoding = response.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
    return response.body;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-web-'));
    writeWithCompressed('index.html', indexHtml);
    writeWithCompressed('assets/app-abc123.js', appJs);
    fs.writeFileSync(path.join(dir, 'sw.js'), swJs);
    t = await createTestApp({ webRoot: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves a hashed asset brotli-compressed, cached for a year as immutable', async () => {
    const response = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(decode(response)).toBe(appJs);
  });

  it('serves gzip to a client that accepts only gzip, and plain bytes to one that accepts neither', async () => {
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode(gzip)).toBe(appJs);

    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(appJs);
    expect(plain.headers['cache-control']).toContain('immutable');
  });

  it.each(['/', '/settings', '/auth', '/settings/profile?tab=1'])(
    'answers %s with index.html, revalidated on every load and compressed when accepted',
    async (url) => {
      const response = await get(url, {
        accept: 'text/html,application/xhtml+xml',
        'accept-encoding': 'br, gzip',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBe('br');
      expect(decode(response)).toBe(indexHtml);
      expectSecurityHeaders(response);
    },
  );

  it('serves index.html uncompressed to a client that accepts no encoding', async () => {
    const response = await get('/settings', { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(indexHtml);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not cache unhashed files such as the service worker for long', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(swJs);
  });

  it('answers 404 for a missing file instead of index.html', async () => {
    for (const url of ['/missing.js', '/assets/app-000000.js', '/favicon.ico']) {
      const response = await get(url, { accept: '*/*', 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(404);
      expect(decode(response)).not.toContain('<div id="root">');
    }
  });

  it('never serves files outside the web root (at most the page, for an extension-less path)', async () => {
    fs.writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`), 'top secret');
    const escapes = [
      '/../package.json',
      '/assets/..%2F..%2Fpackage.json',
      '/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      `/..%2F${path.basename(dir)}-secret.txt`,
      `/assets/..%2F..%2F${path.basename(dir)}-secret.txt`,
    ];
    for (const url of escapes) {
      const response = await get(url);
      expect(response.statusCode, url).toBeLessThan(500);
      if (response.statusCode === 200) expect(response.body, url).toBe(indexHtml);
      expect(response.body).not.toContain('top secret');
      expect(response.body).not.toContain('"name": "hearth"');
      expect(response.body).not.toContain('root:');
    }
    fs.rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.txt`));
  });

  it('still answers an unknown /api path with a JSON 404, not the page', async () => {
    const response = await get('/api/unknown', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      code: 'http.no_such_endpoint',
      params: { path: '/api/unknown' },
    });
  });

  it('still serves the API beside the web build', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testEngine });
  });
});

describe('addresses holding NUL', () => {
  it('answer 400 on every route, never 5xx', async () => {
    const t = await createTestApp();
    try {
      const { client } = await signUp(t.app);
      for (const url of [
        '/api/chores/a%00b',
        '/api/expenses?before=a%00b',
        '/api/calendar-events/x%00',
        '/api/messages?before=%00',
      ]) {
        const response = await client.request({
          method: url.startsWith('/api/chores') ? 'PATCH' : 'GET',
          url,
          payload: {},
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'The address must not contain NUL characters',
          code: 'http.nul_in_address',
        });
      }
    } finally {
      await t.close();
    }
  });
});

describe('security headers, the best-practice set (issue 11)', () => {
  let plain: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
    behindProxy = await createTestApp({ publicOrigin: 'https://hearth.example', trustProxy: true });
  });
  afterAll(async () => {
    await plain.close();
    await behindProxy.close();
  });

  // Answers of every kind: success, 401, 404, 400 from a schema, 400 from the framework, 413.
  const requests = [
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/user' },
    { method: 'GET', url: '/api/nope' },
    { method: 'POST', url: '/api/login', payload: { email: 1 } },
    { method: 'GET', url: '/api/chores/%E0%A4%A' },
    { method: 'POST', url: '/api/login', payload: `{"p":"${'x'.repeat(1024 * 1024)}"}`, headers: json },
  ] as const;

  it('sends no Server or X-Powered-By banner, and the full set on every kind of answer', async () => {
    for (const t of [plain, behindProxy]) {
      for (const request of requests) {
        const response = await t.app.inject({
          ...request,
          headers: { ...json, ...('headers' in request ? request.headers : {}) },
        });
        const label = `${request.method} ${request.url.slice(0, 40)} → ${response.statusCode}`;
        expect(response.headers.server, label).toBeUndefined();
        expect(response.headers['x-powered-by'], label).toBeUndefined();
        expectSecurityHeaders(response);
        expect(response.headers['x-frame-options'], label).toBe('DENY');
        expect(response.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
        const csp = String(response.headers['content-security-policy']);
        expect(csp, label).toContain("object-src 'none'");
        expect(csp, label).toContain("base-uri 'self'");
        expect(csp, label).toContain("default-src 'self'");
      }
    }
  });

  it('sends HSTS only when the public origin is https, never because a client claims https', async () => {
    const spoofed = await plain.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('behind an https proxy the session cookie is httpOnly, SameSite=Lax and Secure on login too', async () => {
    const { email } = await signUp(behindProxy.app);
    const response = await new Client(behindProxy.app).post(
      '/api/login',
      { email, password: PASSWORD },
      { origin: 'https://hearth.example', 'x-forwarded-proto': 'https' },
    );
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/Path=\//i);
  });
});

describe('the page a signed-in browser gets', () => {
  const indexHtml =
    '<!doctype html><html lang="en"><head><title>Hearth</title><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>';
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true },
    'features/chores/chores-page.tsx': { file: 'assets/chores-page-b.js', isDynamicEntry: true },
    'features/realtime/realtime-connection.tsx': { file: 'assets/realtime-c.js', isDynamicEntry: true },
    'features/auth/auth-page.tsx': { file: 'assets/auth-page-d.js', isDynamicEntry: true },
    'features/home/home-page.tsx': { file: 'assets/home-page-e.js', isDynamicEntry: true },
  };
  let dir: string;
  let webRoot: string;
  let t: TestApp;

  beforeAll(async () => {
    // The build's layout: dist/web (served) and dist/web-manifest.json beside it (never served).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-hints-'));
    webRoot = path.join(dir, 'web');
    fs.mkdirSync(webRoot);
    fs.writeFileSync(path.join(webRoot, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dir, 'web-manifest.json'), JSON.stringify(manifest));
    t = await createTestApp({ webRoot });
    const member = await signUp(t.app);
    expect((await member.client.post('/api/households', { name: 'Hinted Flat' })).statusCode).toBe(201);
    memberCookie = `${member.client.cookie}; hearth_signed_in=1`;
    loneCookie = `${(await signUp(t.app)).client.cookie}; hearth_signed_in=1`;
    signedIn = { accept: 'text/html', cookie: memberCookie };
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A member of a household; a signed-in user in none.
  let memberCookie: string;
  let loneCookie: string;
  let signedIn: Record<string, string>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("names the screen's reads and files in the head, revalidated, compressed, with an ETag", async () => {
    const response = await get('/chores', { ...signedIn, 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Cookie, Accept-Encoding, Accept-Language');
    expect(response.headers['content-encoding']).toBe('gzip');
    expectSecurityHeaders(response);
    const html = zlib.gunzipSync(response.rawPayload).toString();
    const head = html.slice(0, html.indexOf('</head>'));
    for (const read of ['/api/user', '/api/households/current', '/api/chores'])
      expect(head).toContain(`<link rel="preload" href="${read}" as="fetch" crossorigin="use-credentials">`);
    for (const file of ['/assets/chores-page-b.js', '/assets/realtime-c.js'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`);
    expect(html.replace(/\s*<link rel="(module)?preload"[^>]*>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(
      indexHtml,
    );

    const again = await get('/chores', { ...signedIn, 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("names the home screen's read in the time zone the browser said, if it is one", async () => {
    const paris = await get('/', { ...signedIn, cookie: `${memberCookie}; hearth_tz=Europe%2FParis` });
    expect(paris.body).toContain(
      '<link rel="preload" href="/api/home?tz=Europe%2FParis" as="fetch" crossorigin="use-credentials">',
    );
    expect(paris.body).toContain('/assets/home-page-e.js');
    for (const cookie of [memberCookie, `${memberCookie}; hearth_tz=Nowhere%2FAtAll`]) {
      const page = await get('/', { ...signedIn, cookie });
      expect(page.body, cookie).toContain('/assets/home-page-e.js');
      expect(page.body, cookie).not.toContain('/api/home');
    }
  });

  it("names the sign-in screen's files, and nothing to read, when nobody is signed in", async () => {
    const response = await get('/auth', { accept: 'text/html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-page-d.js">',
    );
    expect(response.body).not.toContain('rel="preload"');
    expect(response.body).not.toContain('chores-page');
  });

  it('sends index.html as it is when signed out, in no household, at addresses without a screen, and never the manifest', async () => {
    const html = { accept: 'text/html' };
    for (const [url, headers] of [
      ['/chores', html],
      // The readable cookie alone proves nothing: the session is what counts.
      ['/chores', { ...html, cookie: 'hearth_signed_in=1' }],
      ['/chores', { ...html, cookie: 'hearth_session=no-such-session; hearth_signed_in=1' }],
      // Signed in, in no household: a household read would answer 404.
      ['/chores', { ...html, cookie: loneCookie }],
      ['/', { ...html, cookie: `${loneCookie}; hearth_tz=Europe%2FParis` }],
      ['/auth', signedIn],
      ['/listings/abc', signedIn],
    ] as const) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(indexHtml);
    }
    for (const url of ['/web-manifest.json', '/../web-manifest.json', '/.vite/manifest.json'])
      expect((await get(url, { accept: '*/*' })).statusCode, url).toBe(404);
  });

  it('follows a new build copied in under the running server', async () => {
    const before = (await get('/chores', signedIn)).body;
    const next = { ...manifest, 'features/chores/chores-page.tsx': { file: 'assets/chores-page-z.js' } };
    fs.writeFileSync(path.join(dir, 'web-manifest.json'), JSON.stringify(next));
    // A build writes index.html last; its new time is what the server notices.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(webRoot, 'index.html'), later, later);
    const after = (await get('/chores', signedIn)).body;
    expect(before).toContain('/assets/chores-page-b.js');
    expect(after).toContain('/assets/chores-page-z.js');
    expect(after).not.toContain('/assets/chores-page-b.js');
  });

  it('sends index.html as it is while the manifest is unreadable, and hints again once it is whole', async () => {
    const touch = (seconds: number) => {
      const at = new Date(Date.now() + seconds * 1_000);
      fs.utimesSync(path.join(webRoot, 'index.html'), at, at);
    };
    // Caught half-written (a copy in progress), or gone.
    for (const [step, write] of [
      [
        10,
        () => fs.writeFileSync(path.join(dir, 'web-manifest.json'), '{"index.html": {"file": "assets/ind'),
      ],
      [20, () => fs.rmSync(path.join(dir, 'web-manifest.json'))],
    ] as const) {
      write();
      touch(step);
      const page = await get('/chores', signedIn);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(indexHtml);
    }
    fs.writeFileSync(path.join(dir, 'web-manifest.json'), JSON.stringify(manifest));
    touch(30);
    expect((await get('/chores', signedIn)).body).toContain('/assets/chores-page-b.js');
  });
});
