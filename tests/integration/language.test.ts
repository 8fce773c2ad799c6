// Issue 28, the app in the member's language (docs/i18n.md): the Language setting through the
// API, and the language a page is rendered in (src/server/pages/page-language.ts). The renderer
// is a stand-in module in the build's place that shows the language it was given; the app's own
// rendering in a language is tested in the browser (tests/e2e/language.test.ts).
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
const entry = `
export async function prepare() {}
export function renderFirstScreen(pathname, answers, timeZone, language) {
  return '<p>member ' + language.locale + ' ' + language.tag + '</p>';
}
export function renderGuestScreen(pathname, language) {
  return pathname === '/auth' ? '<p>guest ' + language.locale + ' ' + language.tag + '</p>' : null;
}
`;

let dir: string;
let t: TestApp;
const tokyo = 'hearth_tz=Asia%2FTokyo';
const page = (url: string, acceptLanguage?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      accept: 'text/html',
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
const htmlTag = (body: string) => body.match(/<html[^>]*>/)?.[0];
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-language-'));
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
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Language setting', () => {
  it('starts null (the browser decides), takes en, de or es, and null again', async () => {
    const { client } = await signUp(t.app);
    expect((await client.get('/api/user')).json().language).toBeNull();
    expect((await client.get('/api/auth/user')).json().language).toBeNull();
    for (const language of ['de', 'es', 'en', null]) {
      const answer = await client.patch('/api/user', { language });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().language).toBe(language);
      expect((await client.get('/api/user')).json().language).toBe(language);
    }
    // The colour alone still works as before, and leaves the language as it is.
    await client.patch('/api/user', { language: 'de' });
    const colour = await client.patch('/api/user', { profileColor: 'teal' });
    expect(colour.json()).toMatchObject({ profileColor: 'teal', language: 'de' });
  });

  it('refuses anything else with a 400 that says what it takes, and changes nothing', async () => {
    const { client } = await signUp(t.app);
    await client.patch('/api/user', { language: 'es' });
    for (const body of [
      { language: 'fr' },
      { language: 'pseudo' },
      { language: 'DE' },
      { language: 42 },
      { language: 'de', profileColor: 'red' },
      {},
    ]) {
      const answer = await client.patch('/api/user', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof answer.json().message).toBe('string');
    }
    const bad = await client.patch('/api/user', { language: 'fr' });
    expect(bad.json().message).toMatch(/language must be one of en, de, es, or null/);
    expect((await client.get('/api/user')).json()).toMatchObject({ language: 'es', profileColor: 'blue' });
  });

  it('is never shown to other members', async () => {
    const ann = await signUp(t.app);
    await ann.client.patch('/api/user', { language: 'de' });
    expect((await ann.client.post('/api/households', { name: 'Quiet Flat' })).statusCode).toBe(201);
    const members = (await ann.client.get('/api/households/current/members')).json();
    expect(members[0].user).not.toHaveProperty('language');
  });
});

describe('the language a page is rendered in', () => {
  it("follows the browser's Accept-Language for a guest, else English, and names it on <html>", async () => {
    const german = await page('/auth', 'de-DE,de;q=0.9,en;q=0.8');
    expect(htmlTag(german.body)).toBe('<html lang="de-DE" data-language="de">');
    expect(root(german.body)).toBe('<div id="root"><p>guest de de-DE</p></div>');
    expect(german.headers.vary).toBe('Cookie, Accept-Encoding, Accept-Language');
    const spanish = await page('/auth', 'fr-FR, es-MX;q=0.5');
    expect(htmlTag(spanish.body)).toBe('<html lang="es-MX" data-language="es">');
    const other = await page('/auth', 'fr-FR');
    expect(htmlTag(other.body)).toBe('<html lang="en-US" data-language="en">');
    expect(root((await page('/auth')).body)).toBe('<div id="root"><p>guest en en-US</p></div>');
    // Each language keeps its own page.
    expect(root((await page('/auth', 'de')).body)).toBe('<div id="root"><p>guest de de-DE</p></div>');
  });

  it('takes ?lang= first, the pseudo-locale included', async () => {
    const pseudo = await page('/auth?lang=pseudo', 'de-DE');
    expect(htmlTag(pseudo.body)).toBe('<html lang="en-US" data-language="pseudo">');
    expect(root(pseudo.body)).toBe('<div id="root"><p>guest pseudo en-US</p></div>');
  });

  it("renders a member's screen in their setting over the browser's, or the browser's without one", async () => {
    const member = await signUp(t.app);
    expect((await member.client.post('/api/households', { name: 'Polyglot Flat' })).statusCode).toBe(201);
    const cookie = `${member.client.cookie}; ${tokyo}`;
    const before = await page('/chores', 'de-DE', cookie);
    expect(htmlTag(before.body)).toBe('<html lang="de-DE" data-language="de">');
    expect(root(before.body)).toBe('<div id="root"><p>member de de-DE</p></div>');
    await member.client.patch('/api/user', { language: 'es' });
    const after = await page('/chores', 'de-DE', cookie);
    expect(htmlTag(after.body)).toBe('<html lang="es-ES" data-language="es">');
    expect(root(after.body)).toBe('<div id="root"><p>member es es-ES</p></div>');
  });
});
