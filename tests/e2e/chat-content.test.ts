// What a message holds: links (only http and https), long words that wrap, photos in a
// lightbox; the day label beside, never over, the messages; the side pane on wide screens.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../src/shared/validation-rules.ts';
import { launchBrowser, newContext, watchPageErrors } from './helpers.ts';
import { ServerProcess } from './server.ts';
import {
  createHousehold,
  expectAccessible,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const PASSWORD = 'shared-kitchen-2024';
let browser: Browser;
let server: ServerProcess;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), ServerProcess.launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function member(firstName: string, lastName: string, viewport = { width: 390, height: 844 }) {
  const context = await newContext(browser, server.url, { viewport });
  contexts.push(context);
  return registerMember(context, { firstName, lastName, password: PASSWORD });
}

async function post(author: Member, content: string): Promise<void> {
  const response = await author.context.request.post(`${server.url}/api/messages`, { data: { content } });
  expect(response.status()).toBe(201);
}

async function openChat(page: Page): Promise<void> {
  await openLive(page, '/messages');
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
}

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });

describe('chat message content', () => {
  it('makes http(s) links safe links, leaves javascript: as text and wraps a long word at 390 px', async () => {
    const ada = await member('Ada', 'Lovelace');
    const errors = watchPageErrors(ada.page);
    await createHousehold(ada, 'Link House');
    const word = 'x'.repeat(300);
    await post(ada, 'Guide: https://example.com/guide?a=1. Thanks!');
    await post(ada, 'javascript:alert(1) and data:text/html,<b>hi</b>');
    await post(ada, word);
    await post(ada, `https://example.com/${'long-path-'.repeat(30)}`);
    await openChat(ada.page);

    const link = log(ada.page).getByRole('link', { name: 'https://example.com/guide?a=1' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://example.com/guide?a=1');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    await link.click({ trial: true });

    await log(ada.page).getByText('javascript:alert(1) and data:text/html,<b>hi</b>').waitFor();
    expect(await log(ada.page).locator('a[href^="javascript:"], a[href^="data:"]').count()).toBe(0);
    expect(await log(ada.page).getByRole('link').count()).toBe(2);

    const viewport = 390;
    for (const text of [word, 'long-path-long-path']) {
      const bubble = log(ada.page).getByTestId('message-bubble').filter({ hasText: text });
      const box = (await bubble.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport);
      // The word broke over several lines inside the bubble.
      expect(box.height).toBeGreaterThan(60);
    }
    expect(await ada.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport);
    errors.assertNone();
  });

  it('keeps the day label off the messages while the list scrolls', async () => {
    const ada = await member('Dee', 'Label', { width: 390, height: 600 });
    await createHousehold(ada, 'Label House');
    for (let i = 0; i < 30; i += 1) await post(ada, `Line ${i} of a longer conversation about the garden`);
    await openChat(ada.page);
    await log(ada.page).getByText('Line 29 of').waitFor();
    const bar = ada.page.getByTestId('current-day');
    for (const position of [0.5, 0.25, 0.75]) {
      await log(ada.page).evaluate((element, at) => {
        element.scrollTop = (element.scrollHeight - element.clientHeight) * at;
        element.dispatchEvent(new Event('scroll'));
      }, position);
      await bar.getByText('Today').waitFor();
      const overlaps = await ada.page.evaluate(() => {
        const scroller = document.querySelector('[role="log"]')!.getBoundingClientRect();
        const labels = [
          document.querySelector('[data-testid="current-day"] span'),
          ...document.querySelectorAll('[role="log"] h2 span'),
        ].flatMap((label) => (label ? [label.getBoundingClientRect()] : []));
        const texts = [...document.querySelectorAll('[data-testid="message-bubble"]')].map((bubble) => {
          // Only the part the reader can see: the list clips what scrolled out of it.
          const r = bubble.getBoundingClientRect();
          return {
            top: Math.max(r.top, scroller.top),
            bottom: Math.min(r.bottom, scroller.bottom),
            left: r.left,
            right: r.right,
          };
        });
        return labels.some((l) =>
          texts.some(
            (t) =>
              t.bottom > t.top &&
              l.left < t.right &&
              t.left < l.right &&
              l.top < t.bottom &&
              t.top < l.bottom,
          ),
        );
      });
      expect(overlaps).toBe(false);
    }
  });

  it('sends a photo that shows live as a thumbnail and opens in a lightbox', async () => {
    const ada = await member('Ada', 'Photo');
    const bea = await member('Bea', 'Viewer');
    const errors = watchPageErrors(ada.page);
    const household = await createHousehold(ada, 'Photo House');
    await joinHousehold(bea, household.inviteCode);
    await openChat(ada.page);
    await openChat(bea.page);

    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c87828' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'HearthCam' } })
      .toBuffer();
    const attach = ada.page.getByRole('button', { name: 'Attach a photo' });
    await attach.waitFor();
    await ada.page
      .locator('#chat-photo')
      .setInputFiles({ name: 'garden.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await ada.page.getByText('Photo to send: garden.jpg').waitFor();
    await ada.page.getByRole('textbox', { name: 'Message' }).fill('Our garden');
    const [sent] = await Promise.all([
      ada.page.waitForResponse((r) => r.url().endsWith('/api/messages/photo')),
      ada.page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(sent.status()).toBe(201);
    await ada.page.getByText('Photo to send: garden.jpg').waitFor({ state: 'detached' });

    // Bea gets it live, as a thumbnail whose box has the photo's shape before it loads.
    const thumb = bea.page.getByRole('button', { name: 'Open photo from Ada P.' });
    await thumb.waitFor();
    const box = (await thumb.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1.5, 1);
    await log(bea.page).getByText('Our garden').waitFor();
    await expect
      .poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(600);

    await thumb.click();
    const dialog = bea.page.getByRole('dialog', { name: 'Photo from Ada P.' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close photo' }).waitFor();
    await expectAccessible(bea.page);
    await bea.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await thumb.evaluate((element) => element === document.activeElement)).toBe(true);

    // Ada sees her own photo and may open it too.
    await ada.page.getByRole('button', { name: 'Open photo from Ada P.' }).click();
    await ada.page
      .getByRole('dialog', { name: 'Photo from Ada P.' })
      .getByRole('button', { name: 'Close photo' })
      .click();
    await ada.page.getByRole('dialog').waitFor({ state: 'hidden' });
    errors.assertNone();
  });

  it('refuses a photo of 5 MB or more before sending and keeps one the server could not take', async () => {
    const ada = await member('Ada', 'Upload');
    const errors = watchPageErrors(ada.page, [], [/Failed to load resource/]);
    await createHousehold(ada, 'Upload House');
    await openChat(ada.page);
    const photos: string[] = [];
    ada.page.on('request', (request) => {
      if (request.url().endsWith('/api/messages/photo')) photos.push(request.method());
    });
    const picker = ada.page.locator('#chat-photo');
    await ada.page.getByRole('button', { name: 'Attach a photo' }).waitFor();

    await picker.setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(IMAGE_MAX_BYTES),
    });
    await ada.page.getByRole('alert').getByText('Photo not sent: Image must be smaller than 5MB').waitFor();
    expect(await ada.page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(photos).toEqual([]);

    // Offline: the photo stays chosen, so Send tries again once the connection is back.
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3060a0' } })
      .jpeg()
      .toBuffer();
    await picker.setInputFiles({ name: 'small.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await ada.page.getByText('Photo to send: small.jpg').waitFor();
    expect(await ada.page.getByRole('alert').count()).toBe(0);
    await ada.page.route('**/api/messages/photo', (route) => route.abort('internetdisconnected'));
    await ada.page.getByRole('button', { name: 'Send' }).click();
    await ada.page
      .getByRole('alert')
      .getByText(/^Photo not sent: Hearth could not be reached/)
      .waitFor();
    await ada.page.getByText('Photo to send: small.jpg').waitFor();
    await ada.page.unroute('**/api/messages/photo');
    const [sent] = await Promise.all([
      ada.page.waitForResponse((r) => r.url().endsWith('/api/messages/photo')),
      ada.page.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(sent.status()).toBe(201);
    await ada.page.getByRole('button', { name: 'Open photo from Ada U.' }).waitFor();
    expect(await ada.page.getByRole('alert').count()).toBe(0);
    errors.assertNone();
  });

  it('shows the members and what is due beside the chat from md, and only the chat on a phone', async () => {
    const ada = await member('Ada', 'Wide', { width: 1280, height: 800 });
    const household = await createHousehold(ada, 'Wide House');
    const bea = await member('Bea', 'Narrow');
    await joinHousehold(bea, household.inviteCode);
    await openChat(ada.page);
    const side = ada.page.getByRole('complementary', { name: 'Household' });
    await side.getByRole('heading', { name: 'Members' }).waitFor();
    await side.getByText('Bea N.').waitFor();
    await side.getByRole('heading', { name: 'Coming up' }).waitFor();
    const logBox = (await log(ada.page).boundingBox())!;
    const sideBox = (await side.boundingBox())!;
    expect(sideBox.x).toBeGreaterThanOrEqual(logBox.x + logBox.width - 1);
    await expectAccessible(ada.page);

    await openChat(bea.page);
    await log(bea.page).waitFor();
    expect(await bea.page.getByRole('complementary', { name: 'Household' }).count()).toBe(0);
  });
});
