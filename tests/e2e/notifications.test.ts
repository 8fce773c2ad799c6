import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, expectAccessibleInBothThemes, type Member, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'bell-on-the-door-2024';
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();
// Chromium's own message for each pushManager.subscribe in a Playwright (incognito-like) context.
const NO_PUSH_SERVICE = /does not support the Push API in incognito mode/;

interface SavedSettings {
  enabled: boolean;
  types: Record<'message' | 'chore' | 'expense' | 'calendar' | 'household', boolean>;
  quietHours: { start: string; end: string } | null;
  timeZone: string;
}

/** A signed-in user whose browser has already answered the notification prompt. */
async function member(permission: 'granted' | 'denied'): Promise<Member> {
  const context = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
  if (permission === 'granted') await context.grantPermissions(['notifications'], { origin: baseUrl });
  const signedIn = await registerMember(context, { firstName: 'Nia', password: PASSWORD });
  if (permission === 'denied') {
    // Playwright can only grant; the DevTools protocol can deny, for this context's id. The
    // session stays attached: Chromium drops its permission overrides when it detaches.
    const cdp = await context.newCDPSession(signedIn.page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: baseUrl,
      browserContextId: targetInfo.browserContextId,
    });
  }
  return signedIn;
}

const card = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });
const masterSwitch = (page: Page) => card(page).getByRole('switch', { name: 'Enable notifications' });

const isSettingsPut = (response: Response) =>
  new URL(response.url()).pathname === '/api/notification-settings' && response.request().method() === 'PUT';

/** Does `act` and returns the settings the server stored in answer to the PUT it caused. */
async function saved(page: Page, act: () => Promise<void>): Promise<SavedSettings> {
  const [response] = await Promise.all([page.waitForResponse(isSettingsPut, { timeout: 20_000 }), act()]);
  expect(response.status()).toBe(200);
  const sent = response.request().postDataJSON() as SavedSettings;
  const { undeliverable, ...stored } = (await response.json()) as SavedSettings & { undeliverable: unknown };
  expect(stored).toEqual(sent);
  expect(undeliverable).toBeNull();
  return stored;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await card(page).waitFor();
}

describe('Notifications card', () => {
  it('explains a blocked permission and keeps the master switch off and disabled', async () => {
    const { page } = await member('denied');
    const errors = watchPageErrors(page);
    await openSettings(page);
    expect(await page.evaluate(() => Notification.permission)).toBe('denied');

    await expect
      .poll(() =>
        card(page)
          .getByText('Notifications are blocked. Please enable them in your browser settings')
          .count(),
      )
      .toBe(1);
    await expect.poll(() => card(page).getByRole('listitem').first().textContent()).toContain('lock icon');
    expect(await masterSwitch(page).isDisabled()).toBe(true);
    expect(await masterSwitch(page).getAttribute('aria-checked')).toBe('false');

    await card(page).scrollIntoViewIfNeeded();
    await expectAccessibleInBothThemes(page);
    errors.assertNone();
  });

  it('turns notifications on and saves kinds and quiet hours to the server and this browser', async () => {
    const { page } = await member('granted');
    const errors = watchPageErrors(page, [], [NO_PUSH_SERVICE]);
    await openSettings(page);

    // Granted, and the server's defaults say enabled: the switch starts on.
    await expect.poll(() => masterSwitch(page).getAttribute('aria-checked')).toBe('true');
    const off = await saved(page, () => masterSwitch(page).click());
    expect(off.enabled).toBe(false);
    expect(await card(page).getByRole('switch', { name: 'Chores', exact: true }).count()).toBe(0);

    // Turning it on subscribes (or tries to: this browser has no push service) and saves enabled.
    const on = await saved(page, () => masterSwitch(page).click());
    expect(on).toMatchObject({ enabled: true, timeZone: TIME_ZONE });
    expect(await masterSwitch(page).getAttribute('aria-checked')).toBe('true');

    const chores = card(page).getByRole('switch', { name: 'Chores', exact: true });
    expect(await chores.getAttribute('aria-checked')).toBe('true');
    const noChores = await saved(page, () => chores.click());
    expect(noChores.types).toEqual({
      message: true,
      chore: false,
      expense: true,
      calendar: true,
      household: true,
    });

    // Keyboard: Space on a focused switch toggles it.
    const expenses = card(page).getByRole('switch', { name: 'Expenses', exact: true });
    await expenses.focus();
    const noExpenses = await saved(page, () => page.keyboard.press('Space'));
    expect(noExpenses.types).toMatchObject({ chore: false, expense: false });

    const quiet = await saved(page, () => card(page).getByRole('switch', { name: 'Quiet hours' }).click());
    expect(quiet.quietHours).toEqual({ start: '22:00', end: '07:00' });

    await card(page).getByLabel('From').fill('23:30');
    await card(page).getByLabel('Until').fill('06:15');
    const times = await saved(page, () =>
      card(page).getByRole('button', { name: 'Save quiet hours' }).click(),
    );
    expect(times).toMatchObject({
      enabled: true,
      quietHours: { start: '23:30', end: '06:15' },
      timeZone: TIME_ZONE,
      types: { chore: false, expense: false, message: true },
    });

    // Kept in this browser too (docs/notifications.md, Switches), and on the server after a reload.
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem('user-settings') ?? '{}'));
    expect(local.notifications).toEqual({ enabled: true, types: times.types });
    await openSettings(page);
    await expect
      .poll(() =>
        card(page).getByRole('switch', { name: 'Chores', exact: true }).getAttribute('aria-checked'),
      )
      .toBe('false');
    expect(await card(page).getByLabel('From').inputValue()).toBe('23:30');
    expect(await card(page).getByLabel('Until').inputValue()).toBe('06:15');

    await card(page).scrollIntoViewIfNeeded();
    await expectAccessibleInBothThemes(page);
    errors.assertNone();
  });

  it('sends a test notification: the local one at once, the push 2 s later, and says how far it works', async () => {
    const { page } = await member('granted');
    // This browser cannot subscribe (see NO_PUSH_SERVICE), so it has no subscription: the push test is a 404.
    const errors = watchPageErrors(page, [404], [NO_PUSH_SERVICE]);
    await openSettings(page);
    await expect.poll(() => masterSwitch(page).getAttribute('aria-checked')).toBe('true');

    const started = Date.now();
    const [test] = await Promise.all([
      page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/push/test' && r.request().method() === 'POST',
        { timeout: 20_000 },
      ),
      card(page).getByRole('button', { name: 'Send test notification' }).click(),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    const status = card(page).getByRole('status').filter({ hasText: 'Test notification' });
    await status.waitFor();
    const text = await status.textContent();
    if (test.status() === 200) expect(text).toContain('works when the app is closed');
    else expect(text).toContain('work while the browser is open');
    errors.assertNone();
  });
});
