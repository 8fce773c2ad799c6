// What the e2e files used to repeat: one browser per file with fresh contexts, users and
// households made through the API, a live page, the axe checks and a server that fails on cue.
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  Request,
  WebSocket,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  axe,
  describeViolations,
  launchBrowser,
  newContext,
  switchColorScheme,
  uniqueEmail,
} from './helpers.ts';

/**
 * Launches one browser for the test file and closes every context it handed out after each
 * test. Call it at the top level of the file: it registers the hooks.
 */
export function browserPerFile() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return {
    /** A fresh context (see helpers.ts newContext), closed after the test. */
    async newContext(baseUrl: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
      if (!browser) throw new Error('The browser starts in beforeAll: ask for contexts inside tests');
      const context = await newContext(browser, baseUrl, options);
      contexts.push(context);
      return context;
    },
  };
}

export interface Member {
  id: string;
  email: string;
  context: BrowserContext;
  page: Page;
}

/** Registers a user through the API in `context`, which then holds the session, and opens a page. */
export async function registerMember(
  context: BrowserContext,
  { firstName, lastName = 'Example', password }: { firstName: string; lastName?: string; password: string },
): Promise<Member> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await context.request.post('/api/register', {
    data: { email, password, confirmPassword: password, firstName, lastName },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, email, context, page: await context.newPage() };
}

/** Creates a household through the API with `owner` as its admin. */
export async function createHousehold(
  owner: { context: BrowserContext },
  name: string,
): Promise<{ id: string; inviteCode: string }> {
  const created = await owner.context.request.post('/api/households', { data: { name } });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; inviteCode: string };
}

/** Joins a household through the API with its invite code. */
export async function joinHousehold(member: { context: BrowserContext }, inviteCode: string): Promise<void> {
  const joined = await member.context.request.post('/api/households/join', { data: { inviteCode } });
  expect(joined.status()).toBe(200);
}

/** Waits until the page's worker is active, then reloads so that the worker controls the page. */
export async function controlledBy(page: Page, origin: string): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
}

/** The first element of each answer's key that the device keeps for offline use. */
export function keptAnswers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    // Opening a database that is not there would create an empty one: look first.
    const names = (await indexedDB.databases()).map((database) => database.name);
    if (!names.includes('hearth-offline')) return [];
    return new Promise<string[]>((resolve) => {
      const open = indexedDB.open('hearth-offline');
      open.onerror = () => resolve([]);
      open.onsuccess = () => {
        const database = open.result;
        if (!database.objectStoreNames.contains('answers')) {
          database.close();
          resolve([]);
          return;
        }
        const store = database.transaction('answers').objectStore('answers');
        const keys = store.getAllKeys();
        const values = store.getAll();
        values.onsuccess = () => {
          database.close();
          const answers = keys.result
            .map((key, i) => [String(key), values.result[i] as { queryKey: unknown[] }] as const)
            .filter(([key]) => key.startsWith('answer:'));
          resolve(answers.map(([, query]) => String(query.queryKey[0])));
        };
      };
    });
  });
}

/** Opens a page and waits until its real-time channel is confirmed, so no event is missed. */
export async function openLive(page: Page, path: string): Promise<void> {
  const confirmed = page.waitForEvent('websocket').then((socket: WebSocket) =>
    socket.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('"connection_confirmed"'),
    }),
  );
  await page.goto(path);
  await confirmed;
}

/**
 * Runs `load` (a goto or reload of a member's page) and waits until the page's real-time channel
 * is confirmed, the reads it makes again on confirmation have been answered (`reads`, by path:
 * the bottom bar's unread count by default; the chat's latest page where the chat is open) and no
 * other request is under way. After that the page asks the server nothing of its own accord, so a
 * change the test makes next (ending the member's place in the household) cannot overtake one of
 * its reads.
 */
export async function loadSettled(
  page: Page,
  load: () => Promise<unknown>,
  reads: string[] = ['/api/messages/unread-count'],
): Promise<void> {
  const pathOf = (request: Request) => new URL(request.url()).pathname;
  const underWay = new Set<Request>();
  const answered = new Set<string>();
  let confirmed = false;
  let settle = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const check = () => {
    if (confirmed && underWay.size === 0 && reads.every((path) => answered.has(path))) settle();
  };
  const asked = (request: Request) => pathOf(request).startsWith('/api/') && underWay.add(request);
  // A read under way at the confirmation stands for the one asked again (the cache joins them).
  const finished = (request: Request) => {
    if (!underWay.delete(request)) return;
    if (confirmed) answered.add(pathOf(request));
    check();
  };
  const failed = (request: Request) => underWay.delete(request) && check();
  const opened = (socket: WebSocket) =>
    socket.on('framereceived', (frame) => {
      if (!String(frame.payload).includes('"connection_confirmed"')) return;
      confirmed = true;
      check();
    });
  page.on('request', asked);
  page.on('requestfinished', finished);
  page.on('requestfailed', failed);
  page.on('websocket', opened);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await load();
    await Promise.race([
      settled,
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          const missing = reads.filter((path) => !answered.has(path));
          const state = `confirmed: ${confirmed}; unanswered: ${missing.join(', ') || 'none'}; under way: ${underWay.size}`;
          reject(new Error(`The page did not settle in 30 s (${state})`));
        }, 30_000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    page.off('request', asked);
    page.off('requestfinished', finished);
    page.off('requestfailed', failed);
    page.off('websocket', opened);
  }
}

export async function expectAccessible(page: Page): Promise<void> {
  const violations = await axe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** Checks the page in the light theme and again in the dark one (contrast differs). */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  await switchColorScheme(page, 'light');
  await expectAccessible(page);
  await switchColorScheme(page, 'dark');
  await expectAccessible(page);
  await switchColorScheme(page, 'light');
}

export const SERVER_DOWN = 'The database is unavailable';

/**
 * Holds the page's POSTs to `url` until the returned function is called, then answers them with
 * a 500 saying SERVER_DOWN: the test sees the pending state first and the error after.
 */
export async function holdPostsThenFail(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await held;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: SERVER_DOWN }),
    });
  });
  return release;
}
