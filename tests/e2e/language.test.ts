// Issue 28, the app in the member's language (docs/i18n.md): the landing page in the browser's
// language, the sign-in screen rendered so by the server and taken over as it is; the Language
// setting switching the app at once and holding on the next page; the pseudo-locale wrapping
// what is marked.
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, createHousehold, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const files = browserPerFile();

/** Fails on a first screen the app had to render anew (hydration that did not match). */
function watchHydration(page: Page) {
  const redone: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.text().includes('rendered anew')) redone.push(message.text());
  });
  return redone;
}

const CATALOGUE_PRELOAD = (locale: string) =>
  new RegExp(`<link rel="preload" href="/assets/${locale}-[\\w-]+\\.json" as="fetch" crossorigin>`);

/** How the page loaded `locale`'s catalogue, one entry per download ('link': a preload). */
const catalogueLoads = (page: Page, locale: string) =>
  page.evaluate(
    (pattern) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(pattern).test(new URL(entry.name).pathname))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    `^/assets/${locale}-[\\w-]+\\.json$`,
  );

/** A tab of the bottom bar, by the bar's name and the tab's. */
const nav = (page: Page, bar: string, tab: string) =>
  page.getByRole('navigation', { name: bar }).getByRole('link', { name: tab });

describe('the landing page', () => {
  it('comes in German for a browser that asks for de-DE, and so does the sign-in screen the server renders', async () => {
    const context = await files.newContext(baseUrl, { locale: 'de-DE' });
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401]);
    const redone = watchHydration(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Teilt euer Zuhause, nicht den Stress' }).waitFor();
    await page.getByRole('heading', { name: 'Clevere Aufgaben' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await page.getByRole('button', { name: 'Kostenlos loslegen' }).click();
    await page.getByRole('heading', { name: 'Einer geht immer noch' }).waitFor();

    // The sign-in screen's HTML is German before any script, and the app takes it over as it is.
    const response = await page.goto('/auth');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="de-DE" data-language="de">');
    expect(html).toContain('Willkommen zurück');
    // The German catalogue is named in the page, and the app's own request for it takes that
    // download over: one fetch of it, started by the page rather than after index.js has run.
    expect(html).toMatch(CATALOGUE_PRELOAD('de'));
    await page.getByLabel('Passwort', { exact: true }).fill('x');
    expect(await catalogueLoads(page, 'de')).toEqual(['link']);
    expect(redone).toEqual([]);
    errors.assertNone();
  });

  it('stays English for an English browser', async () => {
    const context = await files.newContext(baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Share a home, not the stress' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  });

  it('wraps every marked text with ?lang=pseudo', async () => {
    const context = await files.newContext(baseUrl);
    const page = await context.newPage();
    await page.goto('/?lang=pseudo');
    await page.getByRole('heading', { level: 1, name: '[!! Šĥàŕé à ĥöɱé, ñöţ ţĥé šţŕéšš !!]' }).waitFor();
    await page.getByRole('button', { name: '[!! Ĝéţ Šţàŕţéđ ƒöŕ Ƒŕéé !!]' }).waitFor();
  });
});

describe('Settings → Language', () => {
  it('switches the app at once, is saved, and the next page comes in it from the server', async () => {
    const context = await files.newContext(baseUrl);
    const { page } = await registerMember(context, { firstName: 'Lena', password: 'correct horse battery' });
    await createHousehold({ context }, 'Sprach WG');
    const errors = watchPageErrors(page);
    // Home first: it tells the server the browser's time zone, which a rendered first screen needs.
    await page.goto('/');
    await nav(page, 'Main', 'Chores').waitFor();
    await page.goto('/settings');
    await nav(page, 'Main', 'Chores').waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user') && r.request().method() === 'PATCH',
    );
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    // At once, without a reload: the card and the bottom bar are German.
    await page.getByRole('heading', { name: 'Sprache' }).waitFor();
    await nav(page, 'Hauptmenü', 'Aufgaben').waitFor();
    expect((await saved).status()).toBe(200);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');

    // The setting holds over the browser's English on the next visit, from the server's first screen.
    const redone = watchHydration(page);
    const home = await page.goto('/chores');
    const homeHtml = (await home?.text()) ?? '';
    expect(homeHtml).toContain('data-language="de"');
    // Its catalogue is the member's language, not the browser's (which needs none).
    expect(homeHtml).toMatch(CATALOGUE_PRELOAD('de'));
    expect(homeHtml.match(/as="fetch" crossorigin>/g)).toHaveLength(1);
    await nav(page, 'Hauptmenü', 'Aufgaben').waitFor();

    // Back to the browser's language.
    await page.goto('/settings');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('');
    await page.getByRole('heading', { name: 'Language' }).waitFor();
    await nav(page, 'Main', 'Chores').waitFor();
    expect(redone).toEqual([]);
    errors.assertNone();
  });
});
