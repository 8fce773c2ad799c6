// Offline first (issue 30): a signed-in member's screens open offline with what they last showed,
// marked with when; a change that cannot wait says it was not saved; a chat message written
// offline waits in an outbox that survives a reload and is sent once when back online.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ChatMessage } from '#shared/messages/api.ts';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  controlledBy,
  createHousehold,
  expectAccessible,
  joinHousehold,
  keptAnswers,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();
const PASSWORD = 'offline-and-on-2024';
// Offline, the page's requests and its live channel fail, and Chromium says so in the console.
const OFFLINE = /ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed/;

/** How many kept sends are waiting in the device's outbox. */
function outboxSize(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('hearth-offline');
        open.onsuccess = () => {
          const read = open.result.transaction('answers').objectStore('answers').get('outbox');
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result?.length ?? 0);
          };
        };
      }),
  );
}

async function member(context: BrowserContext, firstName: string): Promise<Member> {
  return registerMember(context, { firstName, lastName: 'Offline', password: PASSWORD });
}

const bar = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" });

describe('offline', () => {
  it('opens every screen it has shown with what it showed, and says what cannot be saved', async () => {
    const context = await browser.newContext(baseUrl);
    const ada = await member(context, 'Ada');
    await createHousehold(ada, 'The Lighthouse');
    const chore = await context.request.post('/api/chores', {
      data: {
        title: 'Sweep the stairs',
        assignedTo: ada.id,
        dueDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(chore.status()).toBe(201);
    const bill = await context.request.post('/api/expenses', {
      data: {
        expense: { title: 'Lamp oil', amount: '12.50', category: 'utilities', paidBy: ada.id },
        splits: [{ userId: ada.id, amount: '12.50' }],
      },
    });
    expect(bill.status()).toBe(201);

    const page = ada.page;
    const errors = watchPageErrors(page, [], [OFFLINE]);
    await page.goto('/');
    await controlledBy(page, baseUrl);
    await page.getByRole('heading', { name: /(Good morning|Afternoon|Good evening), Ada/ }).waitFor();
    await expect.poll(() => keptAnswers(page)).toEqual(expect.arrayContaining(['/api/user', '/api/home']));
    await page.goto('/chores');
    await page.getByText('Sweep the stairs').first().waitFor();
    await expect.poll(() => keptAnswers(page)).toContain('/api/chores');
    await page.goto('/expenses');
    await page.getByText('Lamp oil').first().waitFor();
    // Each page keeps its answers beside those the earlier pages kept: the expenses screen has
    // five (the list's first page and the tabs' counts, the payments, both balances), each kept
    // once it has come, so all of them are waited for.
    await expect
      .poll(() => keptAnswers(page))
      .toEqual(
        expect.arrayContaining([
          '/api/user',
          '/api/households/current',
          '/api/home',
          '/api/chores',
          '/api/expenses',
          '/api/payments',
          '/api/balance',
          '/api/balances',
        ]),
      );
    await expect
      .poll(async () => (await keptAnswers(page)).filter((key) => key === '/api/expenses').length)
      .toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    // Signed in, in the household, with the figures last shown: not the sign-in screen.
    await page.goto('/');
    await page.getByRole('heading', { name: /(Good morning|Afternoon|Good evening), Ada/ }).waitFor();
    await bar(page).filter({ hasText: 'This is how it looked when last updated' }).waitFor();
    await expectAccessible(page);
    await page.goto('/chores');
    await page.getByText('Sweep the stairs').first().waitFor();
    await bar(page).filter({ hasText: 'last updated' }).waitFor();
    await page.goto('/expenses');
    await page.getByText('Lamp oil').first().waitFor();
    await bar(page).filter({ hasText: 'last updated' }).waitFor();
    // A screen this device never opened has nothing kept, and says so.
    await page.goto('/calendar');
    await bar(page).filter({ hasText: 'has not been opened on this device before' }).waitFor();

    // A new chore cannot wait for the network: saving says it was not saved, and keeps the form.
    await page.goto('/add-chore');
    await page.getByLabel('Title').fill('Polish the lens');
    await page.getByLabel('Due date').fill(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Create Chore' }).click();
    await page.getByText('You are offline, so this was not saved.').first().waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Polish the lens');

    await context.setOffline(false);
    await bar(page).waitFor({ state: 'detached' });

    // Signing out leaves nothing of the member on the device.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    expect(await keptAnswers(page)).toEqual([]);
    errors.assertNone();
  });

  it('keeps a message written offline through a reload and sends it once when back online', async () => {
    const adaContext = await browser.newContext(baseUrl);
    const bobContext = await browser.newContext(baseUrl);
    const ada = await member(adaContext, 'Ada');
    const bob = await member(bobContext, 'Bob');
    const { inviteCode } = await createHousehold(ada, 'The Signal Box');
    await joinHousehold(bob, inviteCode);

    const page = ada.page;
    const errors = watchPageErrors(page, [], [OFFLINE]);
    await page.goto('/messages');
    await controlledBy(page, baseUrl);
    await openLive(bob.page, '/messages');
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await expect.poll(() => keptAnswers(page)).toContain('/api/messages');

    await adaContext.setOffline(true);
    const input = page.getByPlaceholder('Type a message...');
    await input.fill('Sent from the tunnel');
    await input.press('Enter');
    // Offline, more than one can wait.
    await input.fill('And this one too');
    await input.press('Enter');
    const conversation = page.getByRole('log', { name: 'Conversation' });
    await conversation
      .getByRole('listitem')
      .filter({ hasText: 'And this one too' })
      .getByText('Sending…')
      .waitFor();
    await expect.poll(() => outboxSize(page)).toBe(2);

    await page.reload();
    await conversation
      .getByRole('listitem')
      .filter({ hasText: 'Sent from the tunnel' })
      .getByText('Sending…')
      .waitFor();
    await conversation.getByRole('listitem').filter({ hasText: 'And this one too' }).waitFor();

    await adaContext.setOffline(false);
    const bobs = bob.page.getByRole('log', { name: 'Conversation' }).getByRole('listitem');
    await bobs.filter({ hasText: 'And this one too' }).waitFor();
    await expect.poll(() => outboxSize(page)).toBe(0);
    await conversation.getByText('Sending…').waitFor({ state: 'detached' });

    // Once each, in the order written, on both screens and on the server.
    const listed = (await (await adaContext.request.get('/api/messages')).json()) as ChatMessage[];
    expect(listed.filter((m) => m.type === 'text').map((m) => m.content)).toEqual([
      'Sent from the tunnel',
      'And this one too',
    ]);
    expect(await bobs.filter({ hasText: 'Sent from the tunnel' }).count()).toBe(1);
    expect(await conversation.getByRole('listitem').filter({ hasText: 'Sent from the tunnel' }).count()).toBe(
      1,
    );
    expect(await conversation.getByRole('listitem').filter({ hasText: 'And this one too' }).count()).toBe(1);
    errors.assertNone();
  });
});
