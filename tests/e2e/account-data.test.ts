import fs from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, createHousehold, expectAccessible, joinHousehold, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'take-it-all-with-me';
const browser = browserPerFile();

describe('Settings: your data', () => {
  it("'Download my data' downloads the ZIP export", async () => {
    const context = await browser.newContext(baseUrl, { acceptDownloads: true });
    const dora = await registerMember(context, { firstName: 'Dora', password: PASSWORD });
    await createHousehold(dora, 'Download House');
    const errors = watchPageErrors(dora.page);

    await dora.page.goto('/settings');
    const link = dora.page.getByRole('link', { name: 'Download my data' });
    await link.waitFor();
    const downloading = dora.page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^hearth-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await fs.readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'household.json']),
    );
    expect(JSON.parse(new TextDecoder().decode(files['profile.json']))).toMatchObject({ email: dora.email });
    errors.assertNone();
  });

  it("'Delete account' with the typed e-mail and the password signs out at '/'; the chat then shows 'Former member'", async () => {
    const zedContext = await browser.newContext(baseUrl);
    const zed = await registerMember(zedContext, { firstName: 'Zed', password: PASSWORD });
    const household = await createHousehold(zed, 'Leaving House');
    const bea = await registerMember(await browser.newContext(baseUrl), {
      firstName: 'Bea',
      password: PASSWORD,
    });
    await joinHousehold(bea, household.inviteCode);
    const said = await zed.context.request.post('/api/messages', { data: { content: 'Goodbye, all' } });
    expect(said.status()).toBe(201);

    const page = zed.page;
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    // The admin hand-over is stated before anything happens.
    expect(await dialog.textContent()).toContain(
      'Bea E., the member who has been there longest, becomes the administrator',
    );
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    const field = dialog.getByLabel(/Type your email address/);
    await field.fill('someone-else@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await expectAccessible(page);

    await field.fill(zed.email.toUpperCase());
    // The password is asked for; a wrong one is refused at its field and nothing is deleted.
    const password = dialog.getByLabel('Your password');
    await password.fill('not my password');
    await confirm.click();
    await dialog.getByText('Password is incorrect').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);
    expect((await zed.context.request.get('/api/auth/user')).status()).toBe(200);

    // The right one, confirmed from the keyboard.
    await password.fill(PASSWORD);
    await password.press('Enter');
    await page.waitForURL(`${baseUrl}/`);
    expect((await zed.context.request.get('/api/auth/user')).status()).toBe(401);

    // Signing in again fails.
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email').fill(zed.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    // Bea keeps the message; its author is a former member.
    await bea.page.goto('/messages');
    await bea.page.getByText('Goodbye, all').waitFor();
    await bea.page.getByText('Former member', { exact: true }).first().waitFor();
    await bea.page.getByText('Former member left the household').waitFor();
  });
});
