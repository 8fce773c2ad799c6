// Issue 11: the server's part of a first screen rendered into the page (src/server/pages/first-screen.ts,
// decision 0017): which viewer gets one, what it is rendered from, the time zone it is rendered
// in, the page's caching and the cookies the reads set. The renderer here is a stand-in module
// in the build's place that shows what it was given (which screens and reads: the screen list,
// src/shared/screens/screens.ts); the app's own rendering of the screens is tested in the browser
// (tests/e2e/first-screen.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './helpers.ts';

const indexHtml =
  '<!doctype html><html lang="en"><head><title>Hearth</title><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"><div role="status" aria-label="Loading"></div></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true },
  'features/chores/chores-page.tsx': { file: 'assets/chores-page-b.js', isDynamicEntry: true },
  'features/realtime/realtime-connection.tsx': { file: 'assets/realtime-c.js', isDynamicEntry: true },
  'features/auth/auth-page.tsx': { file: 'assets/auth-page-d.js', isDynamicEntry: true },
  'features/home/home-page.tsx': { file: 'assets/home-page-e.js', isDynamicEntry: true },
};
// What dist/ssr/entry-server-*.js exports (src/web/entry-server.tsx), showing its inputs.
const entry = `
export async function prepare() {}
export function renderFirstScreen(pathname, answers, timeZone) {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(Date.UTC(2026, 0, 1, 12)),
    ),
  );
  return '<p>' + pathname + ' ' + answers['/api/households/current'].name + ' chores:' +
    answers['/api/chores'].length + ' noon UTC at ' + hour + ' in ' + timeZone + '</p>';
}
export function renderGuestScreen(pathname) {
  return pathname === '/auth' ? '<p>Sign in, guest</p>' : null;
}
`;

let dir: string;
let t: TestApp;
let member: Awaited<ReturnType<typeof signUp>>;
const tokyo = 'hearth_tz=Asia%2FTokyo';
const get = (url: string, cookie?: string | null) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-first-screen-'));
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dir, 'web-manifest.json'), JSON.stringify(manifest));
  fs.mkdirSync(path.join(dir, 'ssr', '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'ssr', 'entry-server-x.js'), entry);
  fs.writeFileSync(
    path.join(dir, 'ssr', '.vite', 'manifest.json'),
    JSON.stringify({ 'entry-server.tsx': { file: 'entry-server-x.js', isEntry: true } }),
  );
  t = await createTestApp({ webRoot: path.join(dir, 'web') });
  member = await signUp(t.app);
  expect((await member.client.post('/api/households', { name: 'Rendered Flat' })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a member's first screen in the page", () => {
  it("is rendered from the member's own answers, in their time zone, and kept out of shared caches", async () => {
    const zoneBefore = process.env.TZ;
    const page = await get('/chores', `${member.client.cookie}; ${tokyo}`);
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe(
      '<div id="root"><p>/chores Rendered Flat chores:0 noon UTC at 21 in Asia/Tokyo</p></div>',
    );
    // The screen's code is named; its reads are not: the page carries their answers.
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/chores-page-b.js">',
    );
    expect(page.body).not.toContain('as="fetch"');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toBe('Cookie, Accept-Encoding, Accept-Language');
    // The process's zone is back as it was.
    expect(process.env.TZ).toBe(zoneBefore);
  });

  it('is not rendered before the browser has said its time zone, nor for anyone but a member', async () => {
    const lone = await signUp(t.app);
    for (const [who, cookie] of [
      ['member without a zone', member.client.cookie],
      ['member with an unknown zone', `${member.client.cookie}; hearth_tz=Nowhere%2FAtAll`],
      ['user in no household', `${lone.client.cookie}; ${tokyo}`],
      ['nobody', tokyo],
    ] as const) {
      const page = await get('/chores', cookie);
      expect(page.statusCode, who).toBe(200);
      expect(root(page.body), who).toBe(
        '<div id="root"><div role="status" aria-label="Loading"></div></div>',
      );
    }
  });

  it('is not rendered at an address whose query names more than its reads (a filter, a day)', async () => {
    const page = await get('/chores?filter=done', `${member.client.cookie}; ${tokyo}`);
    expect(page.statusCode).toBe(200);
    expect(root(page.body)).toBe('<div id="root"><div role="status" aria-label="Loading"></div></div>');
    // The screen's code is still named, for the app to draw it sooner.
    expect(page.body).toContain('href="/assets/chores-page-b.js"');
  });

  it('carries the cookies its reads set, so a session they extend is extended in the browser too', async () => {
    const { client, user } = await signUp(t.app);
    expect((await client.post('/api/households', { name: 'Extended Flat' })).statusCode).toBe(201);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() + 5 * 24 * 3600_000 })
      .where('user_id', '=', user.id)
      .execute();
    const page = await get('/chores', `${client.cookie}; ${tokyo}`);
    expect(root(page.body)).toContain('Extended Flat');
    const cookies = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('hearth_session='))).toMatch(/Max-Age=2592000/);
  });

  it('renders the sign-in screen for a browser nobody is signed in on, and nothing else', async () => {
    const auth = await get('/auth');
    expect(root(auth.body)).toBe('<div id="root"><p>Sign in, guest</p></div>');
    expect(auth.headers['cache-control']).toBe('no-cache');
    expect(root((await get('/auth', `${member.client.cookie}; ${tokyo}`)).body)).not.toContain('guest');
  });
});
