// Issue 11: a signed-in page names what its first screen needs (src/server/pages/page-hints.ts),
// and the browser uses those answers instead of asking again; the boot splash is in the page.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, createHousehold, expectAccessible, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const files = browserPerFile();

/** The account schemas' chunk (validation.ts, with Zod): the largest part of the sign-in screen's code. */
const FORM_CHECKS = /\/assets\/validation-(?!rules)[^/]*\.js$/;

/**
 * Before any script runs (the document is parsed, deferred and module scripts not yet run), keeps
 * the server's main heading: an app that takes the page over keeps that element, one that
 * renders over it puts another in its place.
 */
function keepServerHeading(): void {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    (window as unknown as { serverHeading: Element | null }).serverHeading =
      document.querySelector('#root h1');
  });
}

/** Whether the heading on screen is the very element the server sent (keepServerHeading). */
function serverHeadingKept(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return kept?.isConnected === true && kept === document.querySelector('#root h1');
  });
}

/** A page opened by a browser nobody is signed in on, with the scripts it asks for. */
async function openSignedOut(path: string, expectedMessages: RegExp[] = []) {
  const context = await files.newContext(baseUrl);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  const errors = watchPageErrors(page, [], expectedMessages);
  await page.goto(path);
  return { page, scripts, errors };
}

/** A member, in a household of their own, with one chore due tomorrow. */
async function memberWithChore(firstName: string, householdName: string, title: string) {
  const context = await files.newContext(baseUrl);
  const { page, id } = await registerMember(context, { firstName, password: 'correct horse battery' });
  await createHousehold({ context }, householdName);
  const chore = await context.request.post('/api/chores', {
    data: { title, assignedTo: id, dueDate: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(chore.status()).toBe(201);
  return { context, page };
}

describe('the first screen of a signed-in member', () => {
  it('fetches its user, household and chores once each, from the hints in the page, and shows them', async () => {
    const { page } = await memberWithChore('Pia', 'Hint House', 'Water the plants');

    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
    });
    const errors = watchPageErrors(page);
    const response = await page.goto('/chores');
    const html = (await response?.text()) ?? '';
    // The splash paints before any script; the hints name the reads and the screen's code.
    expect(html).toContain('<div role="status" aria-label="Loading"');
    for (const read of ['/api/user', '/api/households/current', '/api/chores'])
      expect(html).toContain(`<link rel="preload" href="${read}" as="fetch" crossorigin="use-credentials">`);
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/assets\/chores-page-[\w-]+\.js">/,
    );
    // What the household screens share comes in one file (decision 0015), not a score of small
    // ones that share the page's six connections (26 files before).
    expect(html).toMatch(/href="\/assets\/household-[\w-]+\.js"/);
    expect(html.match(/rel="modulepreload"/g)?.length).toBeLessThanOrEqual(19);

    await page.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
    await page.getByText('Water the plants').first().waitFor();
    expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    // Each answer the page asked for in advance was taken, not asked for again.
    expect([asked.get('/api/user'), asked.get('/api/households/current'), asked.get('/api/chores')]).toEqual([
      1, 1, 1,
    ]);
    errors.assertNone();
  });

  it('renders the home screen once the browser has said its time zone, and takes it over from the page', async () => {
    const context = await files.newContext(baseUrl);
    const { page } = await registerMember(context, { firstName: 'Tia', password: 'correct horse battery' });
    await createHousehold({ context }, 'Zone House');
    const errors = watchPageErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { name: /Tia/, level: 1 }).waitFor();
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect((await context.cookies()).find((c) => c.name === 'hearth_tz')?.value).toBe(
      encodeURIComponent(zone),
    );

    const asked: string[] = [];
    page.on(
      'request',
      (request) => new URL(request.url()).pathname.startsWith('/api/') && asked.push(request.url()),
    );
    await page.addInitScript(keepServerHeading);
    const html = (await (await page.reload())?.text()) ?? '';
    // The screen and the answers it was drawn from are in the page: nothing to fetch again.
    expect(html).toContain('<script type="application/json" id="first-screen-state">');
    expect(html).not.toContain('as="fetch"');
    await page.locator('#root > div:not([inert])').waitFor();
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();
    expect(await serverHeadingKept(page)).toBe(true);
    // (The bottom bar's unread count is not part of the screen: it is asked for as before.)
    const screenReads = ['/api/user', '/api/households/current', '/api/home'];
    expect(asked.filter((url) => screenReads.includes(new URL(url).pathname))).toEqual([]);
    errors.assertNone();
  });

  it('takes the time zone from its cookie while the clock keeps its offset, and asks again when it moves', async () => {
    const berlin = await files.newContext(baseUrl, { timezoneId: 'Europe/Berlin' });
    const { page } = await registerMember(berlin, { firstName: 'Ute', password: 'correct horse battery' });
    await createHousehold({ context: berlin }, 'Offset House');
    await page.goto('/');
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();
    const offset = await page.evaluate(() => String(new Date().getTimezoneOffset()));
    const cookie = async (context: BrowserContext, name: string) =>
      decodeURIComponent((await context.cookies()).find((c) => c.name === name)?.value ?? '');
    expect([await cookie(berlin, 'hearth_tz'), await cookie(berlin, 'hearth_tz_offset')]).toEqual([
      'Europe/Berlin',
      offset,
    ]);

    // The next visit names the same zone without asking Intl for it (a format with no locale
    // and no zone given is how the zone is asked): that first format is costly.
    await page.addInitScript(() => {
      const w = window as unknown as { zoneAsked: number };
      w.zoneAsked = 0;
      const asksZone = (args: unknown[]) =>
        args[0] === undefined && !(args[1] as { timeZone?: string })?.timeZone;
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct: (target, args) => {
          if (asksZone(args)) w.zoneAsked += 1;
          return new target(...args);
        },
        apply: (target, _this, args) => {
          if (asksZone(args)) w.zoneAsked += 1;
          return target(...args);
        },
      });
    });
    const asked: string[] = [];
    page.on('request', (request) => request.url().includes('/api/home') && asked.push(request.url()));
    await page.reload();
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();
    // Rendered by the server in that zone, the screen is taken over with the page's answers.
    await page.locator('#root > div:not([inert])').waitFor();
    expect(asked).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { zoneAsked: number }).zoneAsked)).toBe(0);

    // The same browser in Tokyo: the offset has moved, so the zone is asked for and written.
    const tokyo = await files.newContext(baseUrl, {
      timezoneId: 'Asia/Tokyo',
      storageState: await berlin.storageState(),
    });
    const there = await tokyo.newPage();
    const errors = watchPageErrors(there);
    const askedThere: string[] = [];
    there.on('request', (request) => request.url().includes('/api/home') && askedThere.push(request.url()));
    await there.goto('/');
    // The page shows the screen the server rendered (in the zone of the cookie) until the app
    // has run and taken it over, in the zone the browser now says.
    await there.locator('#root > div:not([inert])').waitFor();
    await there.getByRole('heading', { name: "Today's Priority" }).waitFor();
    expect(askedThere).toContain(`${baseUrl}/api/home?tz=Asia%2FTokyo`);
    expect([await cookie(tokyo, 'hearth_tz'), await cookie(tokyo, 'hearth_tz_offset')]).toEqual([
      'Asia/Tokyo',
      '-540',
    ]);
    errors.assertNone();
  });

  it('shows the screen with its placeholder when the first answer is slow, then the answer', async () => {
    const { page } = await memberWithChore('Sol', 'Slow House', 'Descale the kettle');
    // The chores answer is held until the screen has shown without it (FIRST_DATA_WAIT_MS).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/chores', async (route) => {
      await held;
      await route.continue();
    });
    const errors = watchPageErrors(page);
    await page.goto('/chores');
    await page.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('status', { name: 'Loading' }).waitFor();
    expect(await page.getByText('Descale the kettle').count()).toBe(0);

    release();
    await page.getByText('Descale the kettle').first().waitFor();
    expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    errors.assertNone();
  });

  it("loads none of the household screens' shared code on the landing page", async () => {
    const { page, scripts, errors } = await openSignedOut('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => url.includes('/assets/index-'))).toBe(true);
    expect(scripts.filter((url) => url.includes('/assets/household-'))).toEqual([]);
    errors.assertNone();
  });

  it('loads the sign-in screen without its form checks, and them once the user starts on the form', async () => {
    const { page, scripts, errors } = await openSignedOut('/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    const checks = () => scripts.filter((url) => FORM_CHECKS.test(url));
    expect(scripts.some((url) => url.includes('/assets/auth-page-'))).toBe(true);
    expect(checks()).toEqual([]);
    await page.getByLabel('Email').focus();
    await expect.poll(checks).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    errors.assertNone();
  });

  it('says so when the form checks cannot load, and checks the form once they can', async () => {
    const { page, errors } = await openSignedOut('/auth', [/Failed to load resource/]);
    await page.route(FORM_CHECKS, (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Email').fill('pia@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Something went wrong. Please try again.').waitFor();
    // Nothing was sent: the form was never checked.
    expect(await page.getByLabel('Email').inputValue()).toBe('pia@example.com');
    await page.unroute(FORM_CHECKS);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    errors.assertNone();
  });

  it('names nothing to read for a signed-in user in no household, and shows their screen cleanly', async () => {
    const context = await files.newContext(baseUrl);
    const { page } = await registerMember(context, { firstName: 'Noa', password: 'correct horse battery' });
    const errors = watchPageErrors(page);
    const html = (await (await page.goto('/'))?.text()) ?? '';
    expect(html).not.toContain('rel="preload"');
    // Index.js's own imports only: no household screen, no live connection.
    expect(html).not.toMatch(/fetchpriority="low"|home-page|realtime-connection/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    errors.assertNone();
  });
});

describe("a member's first screen, rendered by the server", () => {
  it('paints each screen with its data before any script runs, then the app takes it over', async () => {
    const context = await files.newContext(baseUrl, { timezoneId: 'Asia/Tokyo' });
    const { page, id } = await registerMember(context, {
      firstName: 'Ida',
      password: 'correct horse battery',
    });
    await createHousehold({ context }, 'Paint House');
    // Enough of a conversation to scroll: the newest message comes last.
    // One of them would end the page's data block early, were its text not escaped there.
    for (let i = 1; i <= 24; i++) {
      const content =
        i === 24
          ? 'Filler 24: </script><img src=x id="broke-out"> closes nothing'
          : `Filler ${i}: a longer note on the rota, the bins and who buys the milk this week`;
      const said = await context.request.post('/api/messages', { data: { content } });
      expect(said.status()).toBe(201);
    }
    const sent = [
      await context.request.post('/api/chores', {
        data: {
          title: 'Sweep the stairs',
          assignedTo: id,
          dueDate: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
      await context.request.post('/api/expenses', {
        data: {
          expense: {
            title: 'Groceries',
            amount: '42.50',
            category: 'groceries',
            date: '2026-11-02',
            paidBy: id,
          },
          splits: [{ userId: id, amount: '42.50' }],
        },
      }),
      await context.request.post('/api/messages', { data: { content: 'Pizza on Friday?' } }),
      // Under way now, so on today's square and in today's list whatever the hour.
      await context.request.post('/api/calendar', {
        data: {
          title: 'Flat meeting',
          startDate: new Date(Date.now() - 1_800_000).toISOString(),
          endDate: new Date(Date.now() + 1_800_000).toISOString(),
          timeZone: 'Asia/Tokyo',
        },
      }),
    ];
    expect(sent.map((r) => r.status())).toEqual([201, 201, 201, 201]);
    const messageAt = ((await sent[2]!.json()) as { createdAt: string }).createdAt;
    // The browser says its time zone on its first visit to the home screen (time-zone.ts).
    await page.goto('/');
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();

    // Without scripts, each screen is in the page, its times in the browser's zone, and out of
    // reach (inert) until the app has rendered it: nothing typed or clicked into it is lost.
    const still = await files.newContext(baseUrl, {
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const preview = await still.newPage();
    const tokyoTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(messageAt));
    for (const [path, shown] of [
      ['/', "Today's Priority"],
      ['/chores', 'Sweep the stairs'],
      ['/expenses', 'Groceries'],
      ['/calendar', 'Flat meeting'],
      ['/messages', 'Pizza on Friday?'],
    ] as const) {
      const response = await preview.goto(path);
      const html = (await response?.text()) ?? '';
      // The member's own data: no shared cache may keep it.
      expect(response?.headers()['cache-control'], path).toBe('private, no-cache');
      expect(html, path).not.toContain('aria-label="Loading"');
      expect(html, path).toContain(shown.replace("'", '&#x27;'));
      // Visible: the expenses' category filter has a hidden 'Groceries' option.
      await preview.getByText(shown).filter({ visible: true }).first().waitFor();
      expect(await preview.locator('#root > div[inert]').count(), path).toBe(1);
    }
    expect(await preview.locator('main').textContent()).toContain(tokyoTime);
    // The same answers make the same page (no time of reading in it): a reload gets its 304.
    const first = await still.request.get('/chores');
    const etag = first.headers().etag!;
    expect((await still.request.get('/chores')).headers().etag).toBe(etag);
    expect((await still.request.get('/chores', { headers: { 'if-none-match': etag } })).status()).toBe(304);
    // The chat's picture opens at its newest message, as the app then scrolls it.
    const viewport = preview.viewportSize()!;
    const newest = (await preview.getByText('Pizza on Friday?').boundingBox())!;
    expect(newest.y + newest.height).toBeLessThanOrEqual(viewport.height);
    expect(newest.y).toBeGreaterThan(0);
    const older = (await preview.getByText(/^Filler 14:/).boundingBox())!;
    expect(older.y).toBeLessThan(0);

    // With scripts, the app takes each screen over as the server drew it (the same elements,
    // not a copy drawn over them), in reach and working.
    const errors = watchPageErrors(page);
    await page.addInitScript(keepServerHeading);
    for (const [path, shown] of [
      ['/', "Today's Priority"],
      ['/expenses', 'Groceries'],
      ['/messages', 'Pizza on Friday?'],
      ['/chores', 'Sweep the stairs'],
      ['/calendar', 'Flat meeting'],
    ] as const) {
      await page.goto(path);
      await page.locator('#root > div:not([inert])').waitFor();
      await page.getByText(shown).filter({ visible: true }).first().waitFor();
      expect(await serverHeadingKept(page), path).toBe(true);
      expect(await page.locator('#broke-out').count(), path).toBe(0);
    }
    // The chat, once the app's list (no longer the picture's reversed column), is at its end.
    await page.goto('/messages');
    const log = page.getByRole('log', { name: 'Conversation' });
    await page.waitForFunction(() => {
      const list = document.querySelector('[role="log"]');
      return list !== null && getComputedStyle(list).flexDirection !== 'column-reverse';
    });
    expect(await log.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight)).toBeLessThan(
      2,
    );
    expect((await page.getByText('Pizza on Friday?').boundingBox())!.y).toBeGreaterThan(0);
    await page.goto('/chores');
    await page.getByRole('link', { name: 'Add chore' }).click();
    await page.waitForURL('**/add-chore');
    errors.assertNone();
  });

  it('renders over the screen, asking for its answers, when the page carries answers it cannot use', async () => {
    const { page } = await memberWithChore('Una', 'Fallback House', 'Water the ferns');
    // The browser says its time zone on its first visit to the home screen.
    await page.goto('/');
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();

    const errors = watchPageErrors(page);
    await page.addInitScript(keepServerHeading);
    const asked: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/chores') && asked.push(request.url()));
    // A block cut short (a page truncated on its way), and one that names another address.
    const spoilers: [string, (block: string) => string][] = [
      ['cut short', (block) => block.slice(0, block.length / 2)],
      ['another address', (block) => block.replace('"path":"/chores"', '"path":"/expenses"')],
    ];
    for (const [name, spoil] of spoilers) {
      await page.unrouteAll();
      await page.route(`${baseUrl}/chores`, async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        const block = /(<script type="application\/json" id="first-screen-state">)(.*?)(<\/script>)/s.exec(
          html,
        );
        expect(block?.[2], name).toContain('"path":"/chores"');
        const body = html.replace(block![0], `${block![1]}${spoil(block![2]!)}${block![3]}`);
        await route.fulfill({ response, body });
      });
      asked.length = 0;
      await page.goto('/chores');
      await page.locator('#root > div:not([inert])').waitFor();
      await page.getByText('Water the ferns').waitFor();
      expect(await serverHeadingKept(page), name).toBe(false);
      expect(asked, name).toEqual([`${baseUrl}/api/chores`]);
    }
    await page.getByRole('link', { name: 'Add chore' }).click();
    await page.waitForURL('**/add-chore');
    errors.assertNone();
  });

  it("says so when a screen's code cannot download, keeps the app in reach, and loads it on Try again", async () => {
    const { page } = await memberWithChore('Ria', 'Offline House', 'Wipe the hob');
    // The browser says its time zone on its first visit to the home screen.
    await page.goto('/');
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();

    // The connection drops for the chores screen's code: every download of it fails.
    const errors = watchPageErrors(
      page,
      [],
      [/net::ERR_INTERNET_DISCONNECTED/, /Failed to fetch dynamically imported module/],
    );
    let down = true;
    let asked = 0;
    await page.route(/\/assets\/chores-page-[^/]*\.js$/, (route) => {
      asked += 1;
      return down ? route.abort('internetdisconnected') : route.continue();
    });
    const failure = page.getByRole('alert').filter({ hasText: 'This screen could not load' });
    await page.goto('/chores');
    await failure.waitFor();
    // Not a picture nothing can be done with: the app is in reach around the message.
    await page.locator('#root > div:not([inert])').waitFor();
    await expectAccessible(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();
    // Coming back tries the download again, and says so again while it fails.
    const before = asked;
    await nav.getByRole('link', { name: 'Chores' }).click();
    await failure.waitFor();
    expect(asked).toBeGreaterThan(before);

    // The connection is back: Try again shows the screen, which works.
    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Wipe the hob').waitFor();
    expect(await failure.count()).toBe(0);
    await page.getByRole('link', { name: 'Add chore' }).click();
    await page.waitForURL('**/add-chore');
    errors.assertNone();
  });

  it('paints the sign-in screen before any script runs, then the app takes it over', async () => {
    const still = await files.newContext(baseUrl, { javaScriptEnabled: false });
    const preview = await still.newPage();
    const html = (await (await preview.goto('/auth'))?.text()) ?? '';
    expect(html).not.toContain('aria-label="Loading"');
    await preview.getByText('Welcome back').waitFor();
    expect(await preview.locator('#root > div[inert] input[type="password"]').count()).toBe(1);

    const context = await files.newContext(baseUrl);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.addInitScript(keepServerHeading);
    await page.goto('/auth');
    await page.locator('#root > div:not([inert])').waitFor();
    expect(await serverHeadingKept(page)).toBe(true);
    await page.getByLabel('Email').fill('nobody@example.com');
    expect(await page.getByLabel('Email').inputValue()).toBe('nobody@example.com');
    errors.assertNone();
  });

  it("paints in the saved or the system's dark theme before any of the app's code has arrived", async () => {
    for (const [saved, scheme] of [
      ['dark', 'light'],
      ['auto', 'dark'],
      ['light', 'dark'],
    ] as const) {
      const context = await files.newContext(baseUrl, { colorScheme: scheme });
      await context.addInitScript((theme) => localStorage.setItem('theme', theme), saved);
      // None of the app's own files arrive: only the page's inline theme script can run.
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      const errors = watchPageErrors(page, [], [/Failed to load resource: net::ERR_FAILED/]);
      await page.goto('/auth');
      await page.getByText('Welcome back').waitFor();
      const dark = saved === 'dark' || (saved === 'auto' && scheme === 'dark');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), saved).toBe(
        dark,
      );
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content'), saved).toBe(
        dark ? '#0b1220' : '#ffffff',
      );
      // The policy lets that script run by its hash, and refuses nothing else on the page.
      errors.assertNone();
      await context.close();
    }
  });

  it('renders nothing of a household for a browser that is not one of its members', async () => {
    const { context, page } = await memberWithChore('Ola', 'Private House', 'Private chore');
    await page.goto('/');
    await page.getByRole('heading', { name: "Today's Priority" }).waitFor();
    const zone = (await context.cookies()).filter((c) => c.name.startsWith('hearth_tz'));

    // A stranger with the same time zone cookies, signed in to no household, and one signed out.
    const other = await files.newContext(baseUrl);
    await registerMember(other, { firstName: 'Eve', password: 'correct horse battery' });
    const signedOut = await files.newContext(baseUrl);
    for (const browser of [other, signedOut]) {
      await browser.addCookies(zone);
      const html = await (await browser.request.get('/chores')).text();
      expect(html).not.toContain('Private chore');
      expect(html).toContain('aria-label="Loading"');
    }
  });
});
