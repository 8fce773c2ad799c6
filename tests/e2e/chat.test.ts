// Household chat in real time, with two browsers. The file runs its own production server (fresh
// data, and a server the last test can stop and start again).
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, watchPageErrors } from './helpers.ts';
import { ServerProcess } from './server.ts';
import {
  createHousehold,
  expectAccessible,
  expectAccessibleInBothThemes,
  joinHousehold,
  loadSettled,
  type Member,
  registerMember,
} from './setup.ts';

const PASSWORD = 'shared-kitchen-2024';
// Chromium logs refused WebSocket connections (the server is down on purpose) as errors.
const REFUSED_SOCKET = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed/;
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

/** A signed-in user in a fresh browser context, registered through the API. */
async function member(firstName: string, lastName: string): Promise<Member> {
  const context = await newContext(browser, server.url);
  contexts.push(context);
  return registerMember(context, { firstName, lastName, password: PASSWORD });
}

/** Posts a message through the API (of another app instance when `baseUrl` is given). */
async function post(author: Member, content: string, baseUrl = server.url): Promise<{ id: string }> {
  const response = await author.context.request.post(`${baseUrl}/api/messages`, { data: { content } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

const indicator = (page: Page, text: 'Real-time' | 'Connecting...') =>
  page.getByTestId('connection-indicator').filter({ hasText: text });

/** One message in the conversation, found by its text. */
const messageItem = (page: Page, text: string): Locator =>
  page.getByRole('log', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: text });

async function openChat(page: Page): Promise<void> {
  await page.goto('/messages');
  await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
  await page.getByText('Chat with your household').waitFor();
  await indicator(page, 'Real-time').waitFor();
}

describe('household chat', () => {
  it('delivers messages, typing and reactions between two members without reloading', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    const adaErrors = watchPageErrors(ada.page);
    const beaErrors = watchPageErrors(bea.page);
    const household = await createHousehold(ada, 'Oak House');

    // Ada alone: the empty chat, whose starters fill the input.
    await openChat(ada.page);
    await ada.page.getByRole('heading', { name: 'Start the conversation' }).waitFor();
    const adaInput = ada.page.getByRole('textbox', { name: 'Message' });
    const adaSend = ada.page.getByRole('button', { name: 'Send' });
    expect(await adaInput.getAttribute('placeholder')).toBe('Type a message...');
    expect(await adaSend.isDisabled()).toBe(true);
    await adaInput.fill('   ');
    expect(await adaSend.isDisabled()).toBe(true);
    for (const starter of ['House meeting tonight?', 'Need anything from the store?', 'Any weekend plans?']) {
      await ada.page.getByRole('button', { name: starter }).waitFor();
    }
    await ada.page.getByRole('button', { name: 'Anyone want coffee? ☕' }).click();
    expect(await adaInput.inputValue()).toBe('Anyone want coffee? ☕');
    expect(await adaSend.isEnabled()).toBe(true);
    await expectAccessibleInBothThemes(ada.page);
    await adaInput.fill('');

    // Bea joins: the system message reaches Ada's open chat, centred.
    await joinHousehold(bea, household.inviteCode);
    const joinedNote = messageItem(ada.page, 'Bea E. joined the household');
    await joinedNote.waitFor();
    expect(await joinedNote.evaluate((li) => getComputedStyle(li).justifyContent)).toBe('center');
    await openChat(bea.page);
    await messageItem(bea.page, 'Bea E. joined the household').waitFor();

    // Ada types: Bea sees her name, which goes when Ada pauses.
    const typingOnBea = bea.page.getByText('Ada L. is typing…');
    await adaInput.pressSequentially('Hello Bea');
    await typingOnBea.waitFor();
    await typingOnBea.waitFor({ state: 'hidden' });

    // Ada types again and sends with Enter: the name goes, the message arrives.
    await adaInput.pressSequentially(', welcome!');
    await typingOnBea.waitFor();
    const [sent] = await Promise.all([
      ada.page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST'),
      adaInput.press('Enter'),
    ]);
    expect(sent.status()).toBe(201);
    expect(sent.request().postDataJSON()).toEqual({
      content: 'Hello Bea, welcome!',
      householdId: household.id,
      userId: ada.id,
      // The device's id for the message: sent again, it is stored once.
      clientId: expect.stringMatching(/^temp-/),
    });
    expect(await adaInput.inputValue()).toBe('');
    const adaOnBea = messageItem(bea.page, 'Hello Bea, welcome!');
    await adaOnBea.waitFor();
    await typingOnBea.waitFor({ state: 'hidden' });
    await adaOnBea.getByText('Ada L.', { exact: true }).waitFor();

    // Bea answers on two lines (Shift+Enter) and sends with the button.
    const beaInput = bea.page.getByRole('textbox', { name: 'Message' });
    await beaInput.pressSequentially('Hi Ada!');
    await beaInput.press('Shift+Enter');
    await beaInput.pressSequentially('Coffee sounds good');
    expect(await beaInput.inputValue()).toBe('Hi Ada!\nCoffee sounds good');
    await bea.page.getByRole('button', { name: 'Send' }).click();
    const beaOnAda = messageItem(ada.page, 'Coffee sounds good');
    await beaOnAda.waitFor();
    expect(await beaOnAda.getByTestId('message-bubble').innerText()).toBe('Hi Ada!\nCoffee sounds good');
    await beaOnAda.getByText('Bea E.', { exact: true }).waitFor();
    // Ada's own message came back twice (POST answer and socket event) and shows once, sent.
    const adaOwn = messageItem(ada.page, 'Hello Bea, welcome!');
    expect(await adaOwn.count()).toBe(1);
    expect(await ada.page.getByText('Sending…').count()).toBe(0);
    expect(await messageItem(bea.page, 'Coffee sounds good').count()).toBe(1);

    // Bea reacts to Ada's message from its menu: both see 👍 1.
    await adaOnBea.hover();
    await adaOnBea.getByRole('button', { name: 'React', exact: true }).click();
    const [reacted] = await Promise.all([
      bea.page.waitForResponse((r) => r.url().endsWith('/reactions')),
      adaOnBea.getByRole('button', { name: 'React with thumbs up' }).click(),
    ]);
    expect(reacted.request().postDataJSON()).toEqual({ emoji: '👍' });
    await adaOnBea.getByRole('button', { name: 'thumbs up reaction, 1', pressed: true }).waitFor();
    await adaOwn.getByRole('button', { name: 'thumbs up reaction, 1', pressed: false }).waitFor();

    // Ada adds hers with the chip: 2 for both.
    await adaOwn.getByRole('button', { name: 'thumbs up reaction, 1' }).click();
    await adaOwn.getByRole('button', { name: 'thumbs up reaction, 2', pressed: true }).waitFor();
    await adaOnBea.getByRole('button', { name: 'thumbs up reaction, 2', pressed: true }).waitFor();

    // The menu works from the keyboard: focus moves in, Escape closes it and returns focus.
    const react = beaOnAda.getByRole('button', { name: 'React', exact: true });
    await react.focus();
    await ada.page.keyboard.press('Enter');
    const menu = beaOnAda.getByRole('group', { name: 'Reactions' });
    await menu.waitFor();
    expect(await ada.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'React with thumbs up',
    );
    await expectAccessible(ada.page);
    await ada.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await react.evaluate((button) => button === document.activeElement)).toBe(true);

    await expectAccessibleInBothThemes(ada.page);
    await expectAccessibleInBothThemes(bea.page);
    adaErrors.assertNone();
    beaErrors.assertNone();
  });

  it('shows a message as sending at once, and keeps one that failed for Retry or Discard', async () => {
    const ada = await member('Ada', 'Lovelace');
    // The 500 and 503 below are provoked on purpose.
    const adaErrors = watchPageErrors(ada.page, [500, 503]);
    const warnings: string[] = [];
    ada.page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await createHousehold(ada, 'Oak House');
    await openChat(ada.page);
    const input = ada.page.getByRole('textbox', { name: 'Message' });
    const send = ada.page.getByRole('button', { name: 'Send' });

    // The server answers only when the test lets it, and then with a failure.
    let answer: (status: number) => void = () => {};
    await ada.page.route('**/api/messages', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const status = await new Promise<number>((resolve) => {
        answer = resolve;
      });
      await route.fulfill({ status, contentType: 'application/json', body: '{"message":"Try later"}' });
    });
    await input.fill('Pizza tonight?');
    await input.press('Enter');
    const pending = messageItem(ada.page, 'Pizza tonight?');
    await pending.getByText('Sending…').waitFor();
    expect(await input.inputValue()).toBe('');
    // Nothing else goes while a message is on its way.
    await input.fill('And dessert?');
    expect(await send.isDisabled()).toBe(true);
    answer(500);
    await pending.getByText('Not sent.').waitFor();
    expect(await send.isEnabled()).toBe(true);
    expect(warnings).toContain('Failed to send message: 500 {"message":"Try later"}');
    await expectAccessible(ada.page);

    // Retry goes through once the server is fine again.
    await ada.page.unroute('**/api/messages');
    const [retried] = await Promise.all([
      ada.page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST'),
      pending.getByRole('button', { name: 'Retry' }).click(),
    ]);
    expect(retried.status()).toBe(201);
    await pending.getByText('Not sent.').waitFor({ state: 'detached' });
    await pending.getByText('Sending…').waitFor({ state: 'detached' });
    expect(await pending.count()).toBe(1);

    // A failed message can also be dropped.
    await ada.page.route('**/api/messages', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );
    await send.click();
    const dropped = messageItem(ada.page, 'And dessert?');
    await dropped.getByText('Not sent.').waitFor();
    expect(warnings).toContain('Failed to send message: 503 Service Unavailable');
    await dropped.getByRole('button', { name: 'Discard' }).click();
    await dropped.waitFor({ state: 'detached' });
    adaErrors.assertNone();
  });

  it('hears message_error when the server cannot store a message, and Retry stores it once', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    // The 500 is provoked on purpose: the server loses its messages table for a moment.
    const adaErrors = watchPageErrors(ada.page, [500]);
    const household = await createHousehold(ada, 'Oak House');
    await joinHousehold(bea, household.inviteCode);
    const socket = ada.page.waitForEvent('websocket');
    await openChat(ada.page);
    await openChat(bea.page);
    const frames = await socket;
    const heard = frames.waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('"message_error"'),
    });

    const database = new SQLite(path.join(server.dataDir, 'hearth.db'));
    try {
      database.exec('alter table messages rename to messages_away');
      const input = ada.page.getByRole('textbox', { name: 'Message' });
      await input.fill('Bins go out tonight');
      await input.press('Enter');
      const frame = JSON.parse(String((await heard).payload));
      const failed = messageItem(ada.page, 'Bins go out tonight');
      await failed.getByText('Not sent.').waitFor();
      // The frame names the message the page holds, so it is that message that offers Retry.
      expect(frame).toEqual({
        type: 'message_error',
        error: 'Your message could not be saved. Try sending it again.',
        clientId: expect.stringMatching(/^temp-/),
      });
    } finally {
      database.exec('alter table messages_away rename to messages');
      database.close();
    }

    const failed = messageItem(ada.page, 'Bins go out tonight');
    const [retried] = await Promise.all([
      ada.page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST'),
      failed.getByRole('button', { name: 'Retry' }).click(),
    ]);
    expect(retried.status()).toBe(201);
    await failed.getByText('Not sent.').waitFor({ state: 'detached' });
    await messageItem(bea.page, 'Bins go out tonight').waitFor();
    expect(await messageItem(bea.page, 'Bins go out tonight').count()).toBe(1);
    expect(await failed.count()).toBe(1);
    adaErrors.assertNone();
  });

  it('counts unread messages on the Chat tab until the chat is opened', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    const beaErrors = watchPageErrors(bea.page);
    const household = await createHousehold(ada, 'Oak House');
    await joinHousehold(bea, household.inviteCode);

    // Bea's own arrival ('Bea E. joined the household') is not news to her: nothing is unread.
    await bea.page.goto('/messages');
    const nav = bea.page.getByRole('navigation', { name: 'Main' });
    await indicator(bea.page, 'Real-time').waitFor();
    await nav.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    expect(await (await bea.context.request.get('/api/messages/unread-count')).json()).toEqual({ unread: 0 });

    // On another page, Ada's messages raise the count without a reload.
    await nav.getByRole('link', { name: 'Home' }).click();
    await bea.page.waitForURL(`${server.url}/`);
    // The chat stays on screen until Home's code has come, and a message shown there is read.
    await bea.page.getByRole('log', { name: 'Conversation' }).waitFor({ state: 'detached' });
    await post(ada, 'Rent is due on Friday');
    await nav.getByRole('link', { name: 'Chat, 1 unread message' }).waitFor();
    await post(ada, 'Who has the spare key?');
    const badged = nav.getByRole('link', { name: 'Chat, 2 unread messages' });
    await badged.waitFor();
    expect(await badged.getByTestId('unread-badge').innerText()).toBe('2');

    // Opening the chat reads them and clears the badge.
    await badged.click();
    await messageItem(bea.page, 'Who has the spare key?').waitFor();
    await nav.getByRole('link', { name: 'Chat', exact: true }).waitFor();
    expect(await nav.getByTestId('unread-badge').count()).toBe(0);
    const count = await bea.context.request.get('/api/messages/unread-count');
    expect(await count.json()).toEqual({ unread: 0 });
    beaErrors.assertNone();
  });

  it('loads earlier messages when scrolled to the top', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    const beaErrors = watchPageErrors(bea.page);
    const household = await createHousehold(ada, 'Oak House');
    await joinHousehold(bea, household.inviteCode);
    // One page (100) and five more.
    for (let n = 1; n <= 105; n++) await post(ada, `Note ${String(n).padStart(3, '0')}`);

    await openChat(bea.page);
    const log = bea.page.getByRole('log', { name: 'Conversation' });
    await messageItem(bea.page, 'Note 105').waitFor();
    // The newest 12 are laid out at first; the rest of the first page (100), 30 at a time, as
    // the reader scrolls.
    expect(await messageItem(bea.page, 'Note 094').count()).toBe(1);
    expect(await messageItem(bea.page, 'Note 093').count()).toBe(0);
    // It opens at the bottom.
    expect(await log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(2);
    await log.getByRole('button', { name: 'Load earlier messages' }).waitFor();

    // Scrolling up shows what the browser already holds, keeping the place, before asking.
    const asked: string[] = [];
    bea.page.on('request', (r) => r.url().includes('/api/messages?before=') && asked.push(r.url()));
    for (const note of ['Note 064', 'Note 034', 'Note 006']) {
      await log.evaluate((el) => {
        el.scrollTop = 0;
      });
      await messageItem(bea.page, note).waitFor();
      expect(await log.evaluate((el) => el.scrollTop), note).toBeGreaterThan(0);
    }
    expect(await messageItem(bea.page, 'Note 005').count()).toBe(0);
    expect(asked).toEqual([]);

    const [older] = await Promise.all([
      bea.page.waitForResponse((r) => r.url().includes('/api/messages?before=')),
      log.evaluate((el) => {
        el.scrollTop = 0;
      }),
    ]);
    expect(new URL(older.url()).searchParams.get('limit')).toBe('100');
    await messageItem(bea.page, 'Note 001').waitFor();
    await messageItem(bea.page, 'Bea E. joined the household').waitFor();
    // The start of the chat: nothing earlier to load, and the place in the list is kept.
    await log.getByRole('button', { name: 'Load earlier messages' }).waitFor({ state: 'detached' });
    expect(await log.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(
      await log
        .getByRole('listitem')
        .filter({ hasText: /Note \d{3}/ })
        .count(),
    ).toBe(105);
    beaErrors.assertNone();
  });

  it('sends a member removed by the administrator home, with the notice', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    const beaErrors = watchPageErrors(bea.page);
    const household = await createHousehold(ada, 'Oak House');
    await joinHousehold(bea, household.inviteCode);
    // Bea has read the chat (its read marker has answered), and her page has read again what its
    // live channel's confirmation asks for, before the administrator removes her: a read reaching
    // the server after that would get a 404.
    const read = bea.page.waitForResponse((r) => r.url().endsWith('/api/messages/read') && r.ok());
    // (Here the read marker's answer gives the unread count: the count's own read may be cancelled.)
    await loadSettled(bea.page, () => openChat(bea.page), ['/api/messages']);
    await read;

    const removed = await ada.context.request.delete(`/api/households/members/${bea.id}`);
    expect(removed.status()).toBe(200);
    await bea.page.waitForURL(`${server.url}/`);
    await bea.page.getByRole('region', { name: 'Removed from Household' }).waitFor();
    await bea.page.getByRole('heading', { name: 'Welcome back, Bea' }).waitFor();
    expect(await bea.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    beaErrors.assertNone();
  });

  it('words system messages in each reader’s language', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    const language = await ada.context.request.patch(`${server.url}/api/user`, { data: { language: 'de' } });
    expect(language.status()).toBe(200);
    const household = await createHousehold(ada, 'Wohnung');
    await joinHousehold(bea, household.inviteCode);

    await ada.page.goto('/messages');
    await ada.page.getByRole('heading', { name: 'Nachrichten', level: 1 }).waitFor();
    await ada.page
      .getByRole('log', { name: 'Unterhaltung' })
      .getByRole('listitem')
      .filter({ hasText: 'Bea E. ist dem Haushalt beigetreten' })
      .waitFor();
    await openChat(bea.page);
    await messageItem(bea.page, 'Bea E. joined the household').waitFor();
  });

  it('signs the page out, without reconnecting, when its session ends on the server', async () => {
    const bea = await member('Bea', 'Example');
    // After the reload the page asks who is signed in with the cookie of the ended session: 401.
    const beaErrors = watchPageErrors(bea.page, [401]);
    await createHousehold(bea, 'Oak House');
    await openChat(bea.page);
    const sockets: string[] = [];
    bea.page.on('websocket', (socket) => sockets.push(socket.url()));

    // The session ends elsewhere (signed out on another device): this browser keeps its cookies.
    const cookie = (await bea.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const elsewhere = await newContext(browser, server.url);
    contexts.push(elsewhere);
    expect((await elsewhere.request.post('/api/logout', { headers: { cookie } })).status()).toBe(204);

    await bea.page.waitForURL(`${server.url}/`);
    await bea.page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    expect(sockets).toEqual([]);
    beaErrors.assertNone();
  });

  it('reconnects after the server restarts and shows the messages it missed', async () => {
    const ada = await member('Ada', 'Lovelace');
    const bea = await member('Bea', 'Example');
    const beaErrors = watchPageErrors(bea.page, [], [REFUSED_SOCKET]);
    const household = await createHousehold(ada, 'Oak House');
    await joinHousehold(bea, household.inviteCode);
    await openChat(bea.page);
    const before = await post(ada, 'Before the restart');
    await messageItem(bea.page, 'Before the restart').waitFor();
    // Bea's chat marks it read (a moment after it arrives) before the server goes.
    await bea.page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/messages/read') &&
        (r.request().postDataJSON() as { messageId?: string }).messageId === before.id,
    );

    await server.stop();
    await indicator(bea.page, 'Connecting...').waitFor();

    // While Bea is cut off, Ada writes through another app instance on the same data.
    const other = await ServerProcess.launch({ dataDir: server.dataDir });
    try {
      await post(ada, 'Sent while you were away', other.url);
    } finally {
      await other.dispose();
    }
    expect(await messageItem(bea.page, 'Sent while you were away').count()).toBe(0);

    // The server comes back on the same port and data: Bea reconnects and catches up.
    await server.start();
    await indicator(bea.page, 'Real-time').waitFor();
    await messageItem(bea.page, 'Sent while you were away').waitFor();
    await post(ada, 'After the restart');
    await messageItem(bea.page, 'After the restart').waitFor();
    expect(await messageItem(bea.page, 'Before the restart').count()).toBe(1);
    expect(await messageItem(bea.page, 'Sent while you were away').count()).toBe(1);
    beaErrors.assertNone();
  });
});
