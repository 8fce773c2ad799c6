// Installable and offline-capable (issue 10): the manifest and its icons, the service worker's
// registration and cache policy, the offline shell, and the 'Update available' banner.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { root } from '../../scripts/build-inputs.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { watchPageErrors } from './helpers.ts';
import { ServerProcess } from './server.ts';
import { browserPerFile, controlledBy, expectAccessible, keptAnswers, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const OFFLINE = /ERR_INTERNET_DISCONNECTED/;
/** Width and height from a PNG's signature and IHDR chunk, or null when it is no PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function openLanding(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
  return page;
}

describe('installable app', () => {
  it('serves a valid manifest whose icons are real PNGs of the stated sizes', async () => {
    const context = await browser.newContext(baseUrl);
    const response = await context.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      description: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      shortcuts: { name: string; url: string; icons: { src: string; sizes: string }[] }[];
    };
    expect(manifest).toMatchObject({
      name: 'Hearth',
      short_name: 'Hearth',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#f8fafc',
    });
    expect(manifest.description.length).toBeGreaterThan(10);
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(purposes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Chores', '/chores'],
      ['Expenses', '/expenses'],
      ['Chat', '/messages'],
    ]);

    const icons = [
      ...manifest.icons,
      ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons),
      { src: '/icons/badge-72.png', sizes: '72x72' },
      { src: '/icons/apple-touch-icon.png', sizes: '180x180' },
      { src: '/icons/favicon-32.png', sizes: '32x32' },
    ];
    for (const icon of icons) {
      const image = await context.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      const size = pngSize(await image.body());
      expect(size && `${size.width}x${size.height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('registers its worker, passes Chromium installability checks and follows the theme', async () => {
    // Chromium never offers to install from an incognito profile, which new contexts are: this
    // test uses a real (throw-away) profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseUrl,
      colorScheme: 'light',
    });
    try {
      await installableIn(context);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

/** Installability, the worker's registration and the theme-color, in `context`. */
async function installableIn(context: BrowserContext): Promise<void> {
  // Hermetic like every e2e context: nothing beyond this machine.
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
  );
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors = watchPageErrors(page, [401]);
  const landing = await page.goto('/');
  const csp = landing?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseUrl}/`);
  const sw = await context.request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);

  const cdp = await context.newCDPSession(page);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const themeColor = () => page.locator('meta[name="theme-color"]').getAttribute('content');
  expect(await themeColor()).toBe('#ffffff');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(themeColor).toBe('#0b1220');
  pageErrors.assertNone();
}

describe('offline', () => {
  it('opens the cached app shell, serves images it has seen, and never answers the API from a cache', async () => {
    const context = await browser.newContext(baseUrl);
    const member = await registerMember(context, { firstName: 'Olive', password: 'offline password' });
    // A profile photo, so that there is an /api/images/* address to cache.
    const png = await context.request.get('/icons/icon-192.png');
    const uploaded = await context.request.post('/api/user/profile-image', {
      multipart: { profileImage: { name: 'me.png', mimeType: 'image/png', buffer: await png.body() } },
    });
    expect(uploaded.status()).toBe(200);
    const imageUrl = ((await uploaded.json()) as { profileImageUrl: string }).profileImageUrl;
    expect(imageUrl).toMatch(/^\/api\/images\//);

    const page = member.page;
    const pageErrors = watchPageErrors(page, [], [OFFLINE]);
    const apiFromWorker: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
        apiFromWorker.push(response.url());
      }
    });
    await page.goto('/');
    await controlledBy(page, baseUrl);
    // Online, a controlled page reads the API from the network, and its image once.
    await page
      .getByRole('heading', { name: /Welcome back, Olive|Welcome/ })
      .first()
      .waitFor();
    expect(await page.evaluate((url) => fetch(url).then((r) => r.status), imageUrl)).toBe(200);

    await expect.poll(() => keptAnswers(page)).toContain('/api/user');
    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    // The shell and its scripts come from the cache, the member's answers from what the device
    // kept: still signed in, and told that it is offline.
    await page.getByRole('status').getByText("You're offline").waitFor();
    await page
      .getByRole('heading', { name: /Welcome back, Olive|Welcome/ })
      .first()
      .waitFor();
    await expectAccessible(page);

    const image = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, type: response.headers.get('content-type') };
    }, imageUrl);
    expect(image).toEqual({ status: 200, type: 'image/webp' });
    const user = await page.evaluate(() =>
      fetch('/api/user', { credentials: 'include' }).then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(user).toBe('failed');

    await context.setOffline(false);
    expect(apiFromWorker.filter((url) => !url.includes('/api/images/'))).toEqual([]);
    pageErrors.assertNone();
  });
});

describe('updates', () => {
  let copy: { server: ServerProcess; dir: string; context?: BrowserContext } | undefined;
  afterEach(async () => {
    // The browser first: the server's graceful stop waits for open connections.
    await copy?.context?.close();
    await copy?.server.dispose();
    if (copy) fs.rmSync(copy.dir, { recursive: true, force: true });
    copy = undefined;
  });

  it("offers 'Update available — Reload' when a new build's worker waits, and reloads into it", async () => {
    // A server of its own on a copy of the build, so that a new build can be deployed under it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-pwa-build-'));
    fs.cpSync(path.join(root, 'dist'), dir, { recursive: true });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    copy = { server: await ServerProcess.launch({ distDir: dir }), dir };
    const url = copy.server.url;

    const context = await browser.newContext(url);
    copy.context = context;
    const page = await openLanding(context);
    const pageErrors = watchPageErrors(page, [401]);
    await controlledBy(page, url);

    // The next build: a worker with another build id (the same files, to keep the test quick).
    const sw = path.join(dir, 'web/sw.js');
    const current = fs.readFileSync(sw, 'utf8');
    expect(current).toMatch(/hearth-precache-[0-9a-f]{16}/);
    const next = Buffer.from(
      `${current.replace(/hearth-precache-[0-9a-f]{16}/, 'hearth-precache-0000000000000000')}\n// the next build\n`,
    );
    fs.writeFileSync(sw, next);
    fs.writeFileSync(`${sw}.br`, zlib.brotliCompressSync(next));
    fs.writeFileSync(`${sw}.gz`, zlib.gzipSync(next));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const banner = page.getByRole('status').filter({ hasText: 'Update available' });
    await banner.waitFor();
    await expectAccessible(page);

    const reload = page.getByRole('button', { name: 'Reload' });
    await reload.focus();
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Enter');
    await reloaded;
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const script = await fetch('/sw.js').then((response) => response.text());
      return {
        waiting: registration.waiting !== null,
        controlled: navigator.serviceWorker.controller !== null,
        state: registration.active?.state,
        script: script.endsWith('// the next build\n'),
        // The previous build's precache is gone.
        precaches: (await caches.keys()).filter((name) => name.startsWith('hearth-precache-')),
      };
    });
    expect(after).toEqual({
      waiting: false,
      controlled: true,
      state: 'activated',
      script: true,
      precaches: ['hearth-precache-0000000000000000'],
    });
    expect(await banner.count()).toBe(0);
    pageErrors.assertNone();
  });
});
