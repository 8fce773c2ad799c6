// Notifications by e-mail in Chromium, through a real SMTP server in the test process: a member
// turns one kind on in Settings, the e-mail that arrives carries a link, and that link, opened
// signed out, switches the kind off again.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, Mailbox } from '../integration/mailbox.ts';
import { launchBrowser, newContext, watchPageErrors } from './helpers.ts';
import { ServerProcess } from './server.ts';
import { createHousehold, expectAccessible, joinHousehold, registerMember } from './setup.ts';

const PASSWORD = 'mail me about it';
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

async function context() {
  const made = await newContext(browser, server.url);
  contexts.push(made);
  return made;
}

describe('notifications by e-mail', () => {
  it('a switch in Settings turns one kind on; the link in the e-mail turns it off without signing in', async () => {
    const ada = await registerMember(await context(), { firstName: 'Ada', password: PASSWORD });
    const bea = await registerMember(await context(), { firstName: 'Bea', password: PASSWORD });
    const home = await createHousehold(ada, 'Elm Street');
    await joinHousehold(bea, home.inviteCode);

    const errors = watchPageErrors(bea.page);
    await bea.page.goto('/settings');
    const expenses = bea.page.getByRole('switch', { name: 'Expenses you owe on by e-mail' });
    await expenses.waitFor();
    expect(await expenses.getAttribute('aria-checked')).toBe('false');
    const saved = bea.page.waitForResponse(
      (r) => r.url().endsWith('/api/notification-settings') && r.request().method() === 'PUT',
    );
    await expenses.click();
    expect((await saved).status()).toBe(200);
    expect(await expenses.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(bea.page);

    const added = await ada.context.request.post('/api/expenses', {
      data: {
        expense: {
          title: 'Window cleaner',
          amount: '24.00',
          category: 'cleaning',
          splitType: 'equal',
          paidBy: ada.id,
          isRecurring: false,
        },
        splits: [
          { userId: ada.id, amount: '12.00' },
          { userId: bea.id, amount: '12.00' },
        ],
      },
    });
    expect(added.status()).toBe(201);
    const mail = await box.next(bea.email);
    expect(mail.mail.subject).toBe('You owe Ada E. $12.00 for Window cleaner');
    const link = linkIn(mail, `${server.url}/unsubscribe?token=`);

    // Opened in another browser, signed out, as a mail program on a phone would.
    const elsewhere = await (await context()).newPage();
    const elsewhereErrors = watchPageErrors(elsewhere, [401]);
    await elsewhere.goto(link);
    await elsewhere.getByText('Stop “Expenses you owe on” e-mails?').waitFor();
    await expectAccessible(elsewhere);
    await elsewhere.getByRole('button', { name: 'Unsubscribe' }).click();
    await elsewhere
      .getByRole('status')
      .filter({ hasText: 'You will get no more “Expenses you owe on” e-mails.' })
      .waitFor();
    elsewhereErrors.assertNone();

    await bea.page.reload();
    await expenses.waitFor();
    expect(await expenses.getAttribute('aria-checked')).toBe('false');
    errors.assertNone();
  });

  it('an address that refuses mail is shown in Settings, and an invite that bounced in the household’s list', async () => {
    const ada = await registerMember(await context(), { firstName: 'Ada', password: PASSWORD });
    const bea = await registerMember(await context(), { firstName: 'Bea', password: PASSWORD });
    const home = await createHousehold(ada, 'Birch Road');
    await joinHousehold(bea, home.inviteCode);
    const nobody = `nobody-${bea.email}`;
    box.refuse = (to) =>
      to === bea.email || to === nobody ? { code: 550, message: 'Mailbox does not exist' } : null;
    try {
      expect(
        (
          await bea.context.request.put('/api/notification-settings', {
            data: {
              enabled: false,
              types: { message: true, chore: true, expense: true, calendar: true, household: true },
              quietHours: null,
              timeZone: 'UTC',
              email: { chore: false, rent: false, expense: true, summary: false },
            },
          })
        ).status(),
      ).toBe(200);
      const added = await ada.context.request.post('/api/expenses', {
        data: {
          expense: {
            title: 'Milk',
            amount: '2.00',
            category: 'groceries',
            splitType: 'equal',
            paidBy: ada.id,
            isRecurring: false,
          },
          splits: [
            { userId: ada.id, amount: '1.00' },
            { userId: bea.id, amount: '1.00' },
          ],
        },
      });
      expect(added.status()).toBe(201);
      await expect
        .poll(
          async () =>
            (await (await bea.context.request.get('/api/notification-settings')).json()).undeliverable,
        )
        .not.toBeNull();
      await bea.page.goto('/settings');
      await bea.page
        .getByRole('alert')
        .filter({ hasText: `An e-mail to ${bea.email} could not be delivered` })
        .filter({ hasText: 'Mailbox does not exist' })
        .waitFor();

      await ada.page.goto('/settings');
      await ada.page.getByLabel('Invite by e-mail').fill(nobody);
      await ada.page.getByRole('button', { name: 'Send invite' }).click();
      const invites = ada.page.getByRole('region', { name: 'Invites sent' });
      await invites.getByText(nobody).waitFor();
      // It reads 'sending…' until the mail server has answered, then what it said.
      await invites.getByText(/could not be delivered: .*Mailbox does not exist/).waitFor();
      await expectAccessible(ada.page);
    } finally {
      box.refuse = () => null;
    }
  });
});
