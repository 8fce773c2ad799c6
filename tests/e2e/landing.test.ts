import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { axe, describeViolations, launchBrowser, newContext, watchPageErrors } from './helpers.ts';

const baseUrl = inject('baseUrl');
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const BANNER = 'Install Hearth on your home screen';

let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
});

/** Holds the sign-in screen's code back until released, so the loading state can be seen. */
async function holdAuthChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/auth-page-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function expectLoadingThenSignUp(page: Page, label: string): Promise<void> {
  const release = await holdAuthChunk(page);
  await page.getByRole('button', { name: label }).click();
  const busy = page.getByRole('button', { name: 'Loading...' });
  await busy.waitFor();
  expect(await busy.getAttribute('aria-busy')).toBe('true');
  release();
  // A newcomer's start is Create Account, with Sign In one tap away.
  await page.waitForURL(`${baseUrl}/auth?mode=signup`);
  await page.getByRole('heading', { name: "There's always room for one more" }).waitFor();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
}

describe('landing page', () => {
  it('shows the loading state of Get Started for Free, then Create Account', async () => {
    context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const pageErrors = watchPageErrors(page, [401]);
    await page.goto('/');
    await page.getByText('No credit card', { exact: true }).waitFor();
    await page.getByText('Set up in about 2 minutes', { exact: true }).waitFor();
    for (const title of [
      'Smart Chores',
      'Split Expenses',
      'Group Chat',
      'Shared Calendar',
      'Household Management',
      'One Platform',
    ]) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    // Not an iPhone: no install banner.
    expect(await page.getByText(BANNER).count()).toBe(0);
    await expectLoadingThenSignUp(page, 'Get Started for Free');
    pageErrors.assertNone();
  });

  it('offers iPhone Safari users the install banner after 2 s and remembers its dismissal', async () => {
    context = await newContext(browser, baseUrl, {
      userAgent: IPHONE_SAFARI,
      isMobile: true,
      hasTouch: true,
      // After the reload below the service worker would serve the sign-in chunk from its cache,
      // where holdAuthChunk cannot hold it back (the worker itself is tested in pwa.test.ts).
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const pageErrors = watchPageErrors(page, [401]);
    await page.clock.install();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Your Journey' }).waitFor();
    await page.clock.fastForward(2_000);

    const banner = page.getByRole('region', { name: BANNER });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Add to Home Screen');
    const violations = await axe(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByRole('button', { name: 'Dismiss install banner' }).click();
    await banner.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => localStorage.getItem('ios-install-banner-dismissed-at'));
    expect(Number(stored)).toBeGreaterThan(0);

    // Dismissed: a later visit stays quiet well past the delay.
    await page.reload();
    await page.getByRole('button', { name: 'Start Your Journey' }).waitFor();
    await page.clock.fastForward(5_000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await page.getByText(BANNER).count()).toBe(0);

    await expectLoadingThenSignUp(page, 'Start Your Journey');
    pageErrors.assertNone();
  });
});
