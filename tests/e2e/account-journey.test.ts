import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, uniqueEmail, watchPageErrors } from './helpers.ts';
import { expectAccessible } from './setup.ts';

const baseUrl = inject('baseUrl');
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

async function openPage(): Promise<Page> {
  context = await newContext(browser, baseUrl);
  return context.newPage();
}

async function waitForOverlayToHide(page: Page, message: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: message }).waitFor({ state: 'hidden' });
}

async function tinyPng(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-photo-')), 'me.png');
  await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 190, g: 60, b: 40 } } })
    .png()
    .toFile(file);
  return file;
}

describe('account journey', () => {
  it('signs up, edits the profile and theme, signs out and signs back in', async () => {
    const page = await openPage();
    // Signed out, GET /api/user answers 401 by contract.
    const pageErrors = watchPageErrors(page, [401]);
    const email = uniqueEmail('ada');
    const password = 'analytical-engine-1843';

    // Landing
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    await page.getByRole('heading', { name: 'One Platform' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Get Started for Free' }).click();

    // Auth opens on Create Account for a newcomer; Sign In is one tap away, and back.
    await page.waitForURL(`${baseUrl}/auth?mode=signup`);
    await page.getByRole('heading', { name: "There's always room for one more" }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: "There's always room for one more" }).waitFor();

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(`${password}x`);
    await page.getByRole('button', { name: 'Create Account' }).click();

    const mismatch = page.getByText("Passwords don't match");
    await mismatch.waitFor();
    const confirm = page.getByLabel('Confirm password');
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('confirmPassword');
    await expectAccessible(page);

    await confirm.fill(password);
    await mismatch.waitFor({ state: 'detached' });
    expect(await confirm.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Create Account' }).click();

    // Overlay across the full reload, then the signed-in shell: onboarding step 1
    await page.getByText('Setting up your account...').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();
    await waitForOverlayToHide(page, 'Setting up your account...');
    expect(await page.evaluate(() => sessionStorage.getItem('is_new_signup'))).toBe('true');
    // Just signed up: step 1 offers no way back.
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await page.getByText('Step 1 of 3').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { name: 'Choose Your Path' }).waitFor();
    await page.getByText('Step 2 of 3').waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: /Create Household/ }).waitFor();
    await page.getByRole('button', { name: /Join Household/ }).waitFor();
    await page.getByRole('button', { name: /Find Roommates/ }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();

    // Settings
    await page.getByRole('link', { name: 'Profile and settings' }).click();
    await page.waitForURL(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Profile', exact: true }).getByText(email).waitFor();
    await page.getByText('Member since').waitFor();
    await expectAccessible(page);

    // Name
    const firstName = page.getByLabel('First name');
    expect(await firstName.inputValue()).toBe('Ada');
    await firstName.fill('   ');
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await firstName.fill('Augusta');
    const [namesSaved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/user') && r.request().method() === 'PATCH'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(namesSaved.status()).toBe(200);
    await page.getByText('Name saved').waitFor();

    // Colour
    const [colourSaved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'PATCH'),
      page.getByRole('radio', { name: 'Green' }).check(),
    ]);
    expect(colourSaved.status()).toBe(200);
    expect(await page.getByRole('radio', { name: 'Green' }).isChecked()).toBe(true);

    // Theme
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#0b1220');

    // Photo
    const photo = await tinyPng();
    const [uploaded] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/user/profile-image') && r.request().method() === 'POST',
      ),
      page.getByLabel('Upload photo').setInputFiles(photo),
    ]);
    expect(uploaded.status()).toBe(200);
    const avatarImage = page.locator('img[alt="Your avatar"]');
    await avatarImage.waitFor();
    expect(await avatarImage.getAttribute('src')).toMatch(/^\/api\/images\//);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Your avatar"]');
      return img?.complete === true && img.naturalWidth > 0;
    });
    await page.getByText('Photo updated').waitFor();

    // Everything survives a reload, and the dark theme is accessible too
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(await page.getByLabel('First name').inputValue()).toBe('Augusta');
    expect(await page.getByRole('radio', { name: 'Green' }).isChecked()).toBe(true);
    await page.locator('img[alt="Your avatar"]').waitFor();
    await expectAccessible(page);

    // Sign out
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Signing out...').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    // This browser has signed in before, so '/' opens the sign-in screen.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await waitForOverlayToHide(page, 'Signing out...');
    expect(await page.evaluate(() => localStorage.getItem('auth-cache'))).toBeNull();

    // Sign in again
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Setting up your account...').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Augusta!' }).waitFor();
    await waitForOverlayToHide(page, 'Setting up your account...');

    // A signed-in user who opens /auth is sent home.
    await page.goto('/auth');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Welcome, Augusta!' }).waitFor();

    pageErrors.assertNone();
  });

  it('sends the photo and colour chosen on the sign-up form after registration', async () => {
    const page = await openPage();
    const pageErrors = watchPageErrors(page, [401]);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByLabel('Email').fill(uniqueEmail('katherine'));
    await page.getByLabel('Password', { exact: true }).fill('trajectories-1961');
    await page.getByLabel('Confirm password').fill('trajectories-1961');
    await page.getByLabel('Choose photo').setInputFiles(await tinyPng());
    await page.locator('img[alt="Your new avatar"]').waitFor();
    await page.getByRole('radio', { name: 'Purple' }).check();
    await expectAccessible(page);

    const [photoSent, colourSent] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith('/api/user/profile-image') && r.request().method() === 'POST',
      ),
      page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'PATCH'),
      page.getByRole('button', { name: 'Create Account' }).click(),
    ]);
    expect(photoSent.status()).toBe(200);
    expect(colourSent.status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome, Katherine!' }).waitFor();

    await page.goto('/settings');
    await page.locator('img[alt="Your avatar"]').waitFor();
    expect(await page.getByRole('radio', { name: 'Purple' }).isChecked()).toBe(true);
    pageErrors.assertNone();
  });

  it('shows the Authentication Error card for a wrong password', async () => {
    const page = await openPage();
    // 401 for the signed-out user check and for the rejected password.
    const pageErrors = watchPageErrors(page, [401]);
    const email = uniqueEmail('grace');
    const registered = await context.request.post('/api/register', {
      data: {
        email,
        password: 'compilers-1952',
        confirmPassword: 'compilers-1952',
        firstName: 'Grace',
        lastName: 'Hopper',
      },
    });
    expect(registered.status()).toBe(201);
    await context.clearCookies();

    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByText('Email is required').waitFor({ state: 'detached' });
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();

    const card = page.getByRole('alert').filter({ hasText: 'Authentication Error' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Invalid email or password, please try again.');
    await expectAccessible(page);

    // Switching to Create Account starts a clean form.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: "There's always room for one more" }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe('');

    pageErrors.assertNone();
  });

  it('answers unknown paths with Page Not Found and explains /settings when signed out', async () => {
    const page = await openPage();
    const pageErrors = watchPageErrors(page, [401]);

    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Get Started for Free' }).waitFor();

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Profile & Settings' }).waitFor();
    await page.getByText('Not logged in').waitFor();
    await expectAccessible(page);

    pageErrors.assertNone();
  });
});
