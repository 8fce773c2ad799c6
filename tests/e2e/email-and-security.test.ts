// Forgot password, change password and e-mail, signed-in devices and invites by e-mail in Chromium, with
// e-mail through a real SMTP server in the test process: the link that arrives is the link the
// browser follows.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, Mailbox } from '../integration/mailbox.ts';
import { launchBrowser, newContext, uniqueEmail, watchPageErrors } from './helpers.ts';
import { ServerProcess } from './server.ts';
import { expectAccessible } from './setup.ts';

let box: Mailbox;
let server: ServerProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  box = await Mailbox.start();
  server = await ServerProcess.launch({
    env: (url) => ({ SMTP_URL: box.url(), MAIL_FROM: 'Hearth <hearth@hearth.test>', PUBLIC_ORIGIN: url }),
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.dispose();
  await box?.close();
});

async function page() {
  const context = await newContext(browser, server.url);
  contexts.push(context);
  return context.newPage();
}

/** An account made through the API, as another device would have. */
async function account(password: string) {
  const email = uniqueEmail('reset');
  const response = await fetch(`${server.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password, confirmPassword: password, firstName: 'Rosa', lastName: 'Park' }),
  });
  expect(response.status).toBe(201);
  return email;
}

/** Signs in on the sign-in screen, as a person would. */
async function signInOn(p: Page, email: string, password: string) {
  await p.goto('/auth');
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign In' }).click();
  await p.waitForURL(`${server.url}/`);
}

async function signIn(email: string, password: string) {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe('passwords', () => {
  it('forgot password: the link that arrives sets a new password and signs the browser in', async () => {
    const email = await account('the old password');
    const p = await page();
    const errors = watchPageErrors(p, [401]);
    await p.goto('/auth');
    await p.getByRole('link', { name: 'Forgot password?' }).click();
    await p.waitForURL(`${server.url}/forgot-password`);
    // The address changes before the new screen replaces the sign-in form, which has an Email too.
    await p.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(p);
    await p.getByLabel('Email').fill(email);
    await p.getByRole('button', { name: 'Send me a link' }).click();
    await p.getByRole('status').filter({ hasText: 'we have sent it a link' }).waitFor();

    const mail = await box.next(email);
    const link = linkIn(mail, `${server.url}/reset-password?token=`);
    await p.goto(link);
    await p.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(p);
    await p.getByLabel('New password', { exact: true }).fill('a much better one');
    await p.getByLabel('Confirm new password').fill('something else');
    await p.getByRole('button', { name: 'Save and sign in' }).click();
    await p.getByText("Passwords don't match").waitFor();
    await p.getByLabel('Confirm new password').fill('a much better one');
    await p.getByRole('button', { name: 'Save and sign in' }).click();
    // Signed in, the new account goes on to set up its home.
    await p.waitForURL(`${server.url}/`);
    await p.getByRole('heading', { name: /Welcome, Rosa/ }).waitFor();
    expect(await signIn(email, 'the old password')).toBe(401);
    expect(await signIn(email, 'a much better one')).toBe(200);

    // The same link again says it has been used, and offers a new one.
    const again = await page();
    await again.goto(link);
    await again.getByRole('button', { name: 'Save and sign in' }).waitFor();
    await again.getByLabel('New password', { exact: true }).fill('a third password');
    await again.getByLabel('Confirm new password').fill('a third password');
    await again.getByRole('button', { name: 'Save and sign in' }).click();
    await again.getByText('This reset link has already been used').waitFor();
    await again.getByRole('link', { name: 'Send me a new link' }).waitFor();
    errors.assertNone();
  });

  it('Settings lists where the account is signed in and signs another device out', async () => {
    const email = await account('a password of mine');
    const here = await page();
    const elsewhere = await page();
    for (const p of [here, elsewhere]) await signInOn(p, email, 'a password of mine');
    await here.goto('/settings');
    const card = here.getByRole('region', { name: 'Security' });
    await card.getByText('(this device)').waitFor();
    const signOut = card.getByRole('button', { name: /^Sign out Chrome on Linux/ });
    await signOut.waitFor();
    await expectAccessible(here);
    await signOut.click();
    await signOut.waitFor({ state: 'detached' });
    await elsewhere.goto('/settings');
    await elsewhere.getByText('Not logged in').waitFor();
    await here.reload();
    await here.getByRole('region', { name: 'Security' }).getByText('(this device)').waitFor();
  });

  it('change password in Settings signs the other devices out', async () => {
    const email = await account('the first password');
    const here = await page();
    const elsewhere = await page();
    for (const p of [here, elsewhere]) await signInOn(p, email, 'the first password');
    await here.goto('/settings');
    const card = here.getByRole('region', { name: 'Security' });
    await card.getByLabel('Current password').fill('not it');
    await card.getByLabel('New password', { exact: true }).fill('the second password');
    await card.getByLabel('Confirm new password').fill('the second password');
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByText('Current password is incorrect').waitFor();
    await card.getByLabel('Current password').fill('the first password');
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByText('Password changed. Other devices have been signed out.').waitFor();
    await expectAccessible(here);
    const told = await box.next(email);
    expect(told.mail.subject).toBe('Your Hearth password was changed');

    // This device stays signed in; the other one is signed out.
    await here.reload();
    await here.getByRole('region', { name: 'Security' }).waitFor();
    await elsewhere.goto('/settings');
    await elsewhere.getByText('Not logged in').waitFor();
  });

  it('change e-mail in Settings: the address changes when the link that arrives is confirmed', async () => {
    const email = await account('my mail password');
    const p = await page();
    const errors = watchPageErrors(p, [400]);
    await signInOn(p, email, 'my mail password');
    await p.goto('/settings');
    const card = p.getByRole('region', { name: 'Security' });
    await card.getByText(email).waitFor();
    const newEmail = uniqueEmail('moved');
    await card.getByLabel('New e-mail address').fill(newEmail);
    await card.getByLabel('Your password').fill('not it');
    await card.getByRole('button', { name: 'Change e-mail address' }).click();
    await card.getByText('Password is incorrect').waitFor();
    await card.getByLabel('Your password').fill('my mail password');
    await card.getByRole('button', { name: 'Change e-mail address' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: `We have sent a link to ${newEmail}` })
      .waitFor();
    await expectAccessible(p);
    const notice = await box.next(email);
    expect(notice.mail.subject).toBe('A change of your Hearth e-mail address was asked for');

    const mail = await box.next(newEmail);
    const link = linkIn(mail, `${server.url}/confirm-email?token=`);
    await p.goto(link);
    await p.getByRole('heading', { name: 'Confirm your new e-mail address' }).waitFor();
    await expectAccessible(p);
    // Opening the link changes nothing (mail scanners open links); the button does.
    expect(await signIn(newEmail, 'my mail password')).toBe(401);
    await p.getByRole('button', { name: 'Confirm new address' }).press('Enter');
    await p
      .getByRole('status')
      .filter({ hasText: `Your e-mail address is now ${newEmail}` })
      .waitFor();
    await p.getByRole('link', { name: 'Go to Settings' }).click();
    await p.waitForURL(`${server.url}/settings`);
    await p.getByRole('region', { name: 'Security' }).getByText(newEmail).waitFor();
    expect(await signIn(newEmail, 'my mail password')).toBe(200);
    expect(await signIn(email, 'my mail password')).toBe(401);
    const told = await box.next(email);
    expect(told.mail.subject).toBe('Your Hearth e-mail address was changed');
    errors.assertNone();

    // The same link again, in a browser nobody is signed in on, says it can no longer be used.
    const again = await page();
    await again.goto(link);
    await again.getByRole('button', { name: 'Confirm new address' }).click();
    await again.getByText('This confirmation link can no longer be used').waitFor();
    await again.getByRole('link', { name: 'Go to Settings' }).waitFor();
  });

  it('invite by e-mail: the link names the household and inviter, opens on Create Account, and leads to joining', async () => {
    const email = await account('the inviter password');
    const admin = await page();
    await signInOn(admin, email, 'the inviter password');
    const created = await admin.evaluate(async () => {
      const response = await fetch('/api/households', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Linden House' }),
      });
      return response.status;
    });
    expect(created).toBe(201);
    await admin.goto('/settings');
    const friend = uniqueEmail('friend');
    await admin.getByLabel('Invite by e-mail').fill(friend);
    await admin.getByRole('button', { name: 'Send invite' }).click();
    await admin.getByText('Invite sent. It works for 14 days.').waitFor();

    const mail = await box.next(friend);
    expect(mail.mail.subject).toBe('Rosa P. invited you to Linden House on Hearth');
    const link = linkIn(mail, `${server.url}/join/`);
    const guest = await page();
    const errors = watchPageErrors(guest, [401]);
    await guest.goto(link);
    await guest.getByRole('heading', { name: 'Join Linden House' }).waitFor();
    await guest.getByText('Rosa P. invited you').waitFor();
    await expectAccessible(guest);
    expect(await guest.getByLabel('Email').inputValue()).toBe(friend);
    await guest.getByLabel('First name').fill('Finn');
    await guest.getByLabel('Last name').fill('Mertens');
    await guest.getByLabel('Password', { exact: true }).fill('a friend password');
    await guest.getByLabel('Confirm password').fill('a friend password');
    await guest.getByRole('button', { name: 'Create Account' }).click();
    // Back at the invite, signed in: one tap to join.
    await guest.getByRole('button', { name: 'Join Household' }).click();
    await guest.waitForURL(`${server.url}/`);
    await guest.getByText('Linden House').first().waitFor();
    errors.assertNone();
  });

  it('an invite link whose token is unknown or expired opens a plain Create Account and still leads to joining', async () => {
    const email = await account('the host password');
    const host = await page();
    await signInOn(host, email, 'the host password');
    const code = await host.evaluate(async () => {
      const response = await fetch('/api/households', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hazel Court' }),
      });
      return ((await response.json()) as { inviteCode: string }).inviteCode;
    });
    const guest = await page();
    const errors = watchPageErrors(guest, [401, 404]);
    await guest.goto(`/join/${code}?invite=${'A'.repeat(43)}`);
    await guest.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await guest.getByLabel('Email').inputValue()).toBe('');
    expect(await guest.getByText('invited you').count()).toBe(0);
    await expectAccessible(guest);
    await guest.getByLabel('First name').fill('Gil');
    await guest.getByLabel('Last name').fill('Moss');
    await guest.getByLabel('Email').fill(uniqueEmail('gil'));
    await guest.getByLabel('Password', { exact: true }).fill('a guest password');
    await guest.getByLabel('Confirm password').fill('a guest password');
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await guest.getByRole('button', { name: 'Join Household' }).click();
    await guest.waitForURL(`${server.url}/`);
    await guest.getByText('Hazel Court').first().waitFor();
    errors.assertNone();
  });
});

describe('with the server down', () => {
  it('the forgot-password page says the server could not be reached, and works once it is back', async () => {
    const email = await account('a remembered password');
    const p = await page();
    await p.goto('/forgot-password');
    await p.getByLabel('Email').fill(email);
    await server.stop();
    try {
      await p.getByRole('button', { name: 'Send me a link' }).click();
      await p
        .getByRole('alert')
        .filter({ hasText: 'Hearth could not be reached. Check your connection and try again.' })
        .waitFor();
    } finally {
      await server.restart();
    }
    await p.getByRole('button', { name: 'Send me a link' }).click();
    await p.getByRole('status').filter({ hasText: 'we have sent it a link' }).waitFor();
    expect((await box.next(email)).mail.subject).toBe('Choose a new Hearth password');
  });
});
