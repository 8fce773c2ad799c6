// Profile and listing changes reach the other screens that show them over /ws, without a reload
// (docs/client.md, Live channel).
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { avatarGradient } from '../../src/shared/accounts/users.ts';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'names-change-2026';
const browser = browserPerFile();

/** A member in a fresh context, wide enough for the chat's member list beside it. */
async function member(firstName: string): Promise<Member> {
  const context = await browser.newContext(baseUrl, { viewport: { width: 1280, height: 800 } });
  return registerMember(context, { firstName, password: PASSWORD });
}

async function ok(who: Member, method: 'post' | 'patch' | 'delete', url: string, data?: unknown) {
  const response = await who.context.request[method](url, data === undefined ? {} : { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response;
}

/** The gradient an avatar of this colour is drawn with, as the browser writes it back. */
function gradientOf(page: Page, color: string): Promise<string> {
  const { from, to } = avatarGradient(color);
  return page.evaluate(
    ([a, b]) => {
      const probe = document.createElement('span');
      probe.style.backgroundImage = `linear-gradient(135deg, ${a}, ${b})`;
      return probe.style.backgroundImage;
    },
    [from, to] as const,
  );
}

const avatarOf = (row: Locator) => row.locator('span[aria-hidden="true"]').first();

describe('live profile and listing changes', () => {
  it("shows a member's new name and colour in the other members' chat and member list", async () => {
    const ada = await member('Ada');
    const bea = await member('Bea');
    const cal = await member('Cal');
    const { inviteCode } = await createHousehold(ada, 'Elm House');
    await joinHousehold(bea, inviteCode);
    await joinHousehold(cal, inviteCode);
    await ok(bea, 'post', '/api/messages', { content: 'Pizza tonight?' });
    const errors = watchPageErrors(ada.page);
    // A third member's chat lists the household's members too.
    await openLive(cal.page, '/messages');
    const onCal = cal.page.getByTestId('chat-side-pane').getByRole('listitem');
    await onCal.filter({ hasText: 'Bea E.' }).waitFor();

    await openLive(ada.page, '/messages');
    const message = ada.page
      .getByRole('log', { name: 'Conversation' })
      .getByRole('listitem')
      .filter({ hasText: 'Pizza tonight?' });
    const members = ada.page.getByTestId('chat-side-pane').getByRole('listitem');
    await message.getByText('Bea E.', { exact: true }).waitFor();
    const inList = members.filter({ hasText: 'Bea E.' });
    await inList.waitFor();
    const blue = await gradientOf(ada.page, 'blue');
    expect(await avatarOf(message).evaluate((el) => (el as HTMLElement).style.backgroundImage)).toBe(blue);

    // Bea renames herself on her device; Ada's chat and member list follow.
    await ok(bea, 'patch', '/api/auth/user', { firstName: 'Beatrix', lastName: 'Example' });
    await message.getByText('Beatrix E.', { exact: true }).waitFor();
    await members.filter({ hasText: 'Beatrix E.' }).waitFor();
    expect(await members.filter({ hasText: 'Bea E.' }).count()).toBe(0);
    await onCal.filter({ hasText: 'Beatrix E.' }).waitFor();

    // And picks another colour: her avatar beside her message and in the list turns green.
    await ok(bea, 'patch', '/api/user', { profileColor: 'green' });
    const green = await gradientOf(ada.page, 'green');
    for (const avatar of [avatarOf(message), avatarOf(members.filter({ hasText: 'Beatrix E.' }))]) {
      await expect.poll(() => avatar.evaluate((el) => (el as HTMLElement).style.backgroundImage)).toBe(green);
    }
    errors.assertNone();
  });

  it("moves 'Your Activity' on the poster's other tab when they post and close a listing", async () => {
    const ada = await member('Ada');
    const bea = await member('Bea');
    const { inviteCode } = await createHousehold(ada, 'Elm House');
    await joinHousehold(bea, inviteCode);
    // Ada's second tab (or device) and Bea's phone, both on home.
    const otherTab = await ada.context.newPage();
    const errors = watchPageErrors(otherTab);
    await openLive(otherTab, '/');
    await openLive(bea.page, '/');
    await otherTab.getByRole('region', { name: 'Find Roommates' }).waitFor();
    expect(await otherTab.getByRole('region', { name: 'Your Activity' }).count()).toBe(0);

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8ab' } })
      .jpeg()
      .toBuffer();
    const title = `Garden room ${Date.now().toString(36)}`;
    const created = await ok(ada, 'post', '/api/roommate-listings', {
      title,
      rent: '700',
      country: 'US',
      postcode: '62701',
      // A city of its own: the household's home shows its city's listings, whatever other
      // tests have put on the shared board.
      city: `Springfield ${Date.now().toString(36)}`,
      images: [`data:image/jpeg;base64,${photo.toString('base64')}`],
    });
    const { id } = (await created.json()) as { id: string };
    const activity = otherTab.getByRole('region', { name: 'Your Activity' });
    const active = () => activity.getByText('Active listings').locator('..').innerText();
    await expect.poll(active).toMatch(/1$/);
    // The board on Bea's home shows it too: the listing of the household's own city.
    await bea.page.getByRole('region', { name: 'Find Roommates' }).getByText(title).waitFor();

    await ok(ada, 'patch', `/api/roommate-listings/${id}`, { status: 'closed' });
    await expect.poll(active).toMatch(/0$/);
    await bea.page
      .getByRole('region', { name: 'Find Roommates' })
      .getByText(title)
      .waitFor({ state: 'hidden' });

    // Removed again, so that other tests see the board as they left it.
    await ok(ada, 'delete', `/api/roommate-listings/${id}`);
    errors.assertNone();
  });
});
