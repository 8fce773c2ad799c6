import { TZDate } from '@date-fns/tz';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { addDaysToKey, dayKeyIn } from '../../src/shared/calendar/days.ts';
import { pointsFor } from '../../src/shared/chores/rules.ts';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessibleInBothThemes,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'fair-shares-for-all-2026';
// A fixed zone, so that 'today' and 'yesterday' are the browser's days, as the server counts them.
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();

async function member(firstName: string): Promise<Member> {
  const context = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
  return registerMember(context, { firstName, password: PASSWORD });
}

const today = () => dayKeyIn(Date.now(), TIME_ZONE);
function at(day: string, hours: number, minutes = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, hours, minutes, 0, TIME_ZONE).toISOString();
}

async function post(who: Member, url: string, data: unknown): Promise<{ id: string }> {
  const response = await who.context.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

async function chore(who: Member, title: string, assignedTo: string, day: string) {
  return post(who, '/api/chores', { title, assignedTo, dueDate: at(day, 23, 59), timeZone: TIME_ZONE });
}

/** A default chore (30 minutes, medium) done before it is due: what the stairs earn Ada. */
const STAIRS_POINTS = pointsFor({ estimatedDuration: 30, priority: 'medium' }, true);

async function complete(who: Member, id: string): Promise<void> {
  const response = await who.context.request.patch(`/api/chores/${id}`, { data: { status: 'done' } });
  expect(response.status()).toBe(200);
}

/** Cumulative layout shift of the page so far (every shift not caused by input). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          let total = 0;
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) total += entry.value;
          resolve(total);
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all the observer is never called: an empty frame settles it.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(0)));
      }),
  );
}

/** Ada and Bea in Elm House: a chore each week, a shared bill, a message, an event today. */
async function seededHousehold() {
  const ada = await member('Ada');
  const bea = await member('Bea');
  const { inviteCode } = await createHousehold(ada, 'Elm House');
  await joinHousehold(bea, inviteCode);
  const day = today();
  const bins = await chore(ada, 'Take out the bins', ada.id, addDaysToKey(day, -1));
  await chore(ada, 'Water the plants', bea.id, addDaysToKey(day, 2));
  const vacuum = await chore(ada, 'Vacuum the stairs', ada.id, addDaysToKey(day, 3));
  await complete(ada, vacuum.id);
  await post(ada, '/api/expenses', {
    expense: { title: 'Groceries', amount: '30.00', category: 'groceries', date: day, paidBy: ada.id },
    splits: [
      { userId: ada.id, amount: '15.00' },
      { userId: bea.id, amount: '15.00' },
    ],
  });
  await post(bea, '/api/messages', { content: 'Who is up for pizza tonight?' });
  await post(ada, '/api/calendar', {
    title: 'Flat birthday',
    startDate: at(day, 0),
    endDate: at(day, 23, 59),
    allDay: true,
    eventType: 'birthday',
    timeZone: TIME_ZONE,
  });
  await post(ada, '/api/calendar', {
    title: 'House meeting',
    startDate: at(addDaysToKey(day, 2), 19),
    endDate: at(addDaysToKey(day, 2), 20),
    timeZone: TIME_ZONE,
  });
  return { ada, bea, bins };
}

const tile = (page: Page, name: string) =>
  page
    .getByRole('navigation', { name: /At a glance|Summary/ })
    .getByRole('link', { name: new RegExp(`^${name}`) });

describe('home and household dashboard', () => {
  it('shows today at a glance on the home screen without layout shift', async () => {
    const { ada, bea } = await seededHousehold();
    // Bea pays for two things of her own: with her message, more activity than Ada's chore and
    // bill, but no chore points, so she is not the top performer.
    for (const title of ['Phone case', 'Headphones'])
      await post(bea, '/api/expenses', {
        expense: { title, amount: '12.00', category: 'other', date: today(), paidBy: bea.id },
        splits: [{ userId: bea.id, amount: '12.00' }],
      });
    const page = ada.page;
    const errors = watchPageErrors(page);
    // Hold the home answer, so the skeletons are seen in place first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/home?*', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/');
    await page.getByRole('heading', { name: /^(Good morning|Afternoon|Good evening), Ada$/ }).waitFor();
    await page.getByText('Elm House').waitFor();
    await page.getByRole('region', { name: "Today's Priority" }).waitFor();
    release();

    await tile(page, 'Chores').filter({ hasText: 'Active chores' }).filter({ hasText: '2' }).waitFor();
    expect(await tile(page, 'Expenses').innerText()).toMatch(/\$15\.00\s+Owed to you/);
    expect(await tile(page, 'Calendar').innerText()).toMatch(/1\s+Event today/);
    // Unread: 'Bea E. joined the household' and her question.
    expect(await tile(page, 'Messages').innerText()).toMatch(/2\s+New messages/);
    expect(await tile(page, 'Chores').getAttribute('href')).toBe('/chores');

    const priority = page.getByRole('region', { name: "Today's Priority" });
    await priority
      .getByText('“Take out the bins” is overdue since yesterday: take care of it first.')
      .waitFor();
    await priority.getByText('Flat birthday').waitFor();
    await priority.getByText('All day').waitFor();
    // Only Ada's own chores: Bea's plants are hers to water.
    const items = await priority.getByRole('listitem').allInnerTexts();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/Flat birthday\s+All day/);
    expect(items[1]).toMatch(/Take out the bins\s+Yesterday/);

    const summary = page.getByRole('region', { name: 'Household Dashboard' });
    // This week: the bins (due, open) and the stairs (done) count; one of two is done.
    await summary.getByText('50%').first().waitFor();
    await summary.getByText('Good', { exact: true }).waitFor();
    expect(await summary.getByText('Tasks completed in the last 7 days').locator('..').innerText()).toMatch(
      /1$/,
    );
    // Points are chore points, as the member bars show them: Ada's stairs; Bea did no chore.
    await summary.getByText(`Ada (${STAIRS_POINTS} points)`).waitFor();
    await summary.getByText(`1 done · ${STAIRS_POINTS} pts`).waitFor();
    await summary.getByText('0 done · 0 pts').waitFor();
    expect(await summary.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/dashboard');

    await page
      .getByRole('region', { name: 'Latest messages' })
      .getByText('Who is up for pizza tonight?')
      .waitFor();
    // The board is the whole server's, which other files fill: its contents are the next test's.
    await page.getByRole('region', { name: 'Find Roommates' }).waitFor();

    expect(await layoutShift(page)).toBeLessThan(0.1);
    await expectAccessibleInBothThemes(page);
    errors.assertNone();
  });

  it('shows the dashboard by period and moves it live when another member completes a chore', async () => {
    const { ada, bea, bins } = await seededHousehold();
    const page = bea.page;
    const errors = watchPageErrors(page);
    await openLive(page, '/dashboard');
    await page.getByRole('heading', { name: 'Household Dashboard', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'This Week', selected: true }).waitFor();

    const chores = tile(page, 'Chores');
    await chores.filter({ hasText: '1 of 2 done' }).waitFor();
    expect(await chores.innerText()).toMatch(/50%/);
    expect(await tile(page, 'Expenses').innerText()).toMatch(/\$30\.00\s+1 expense/);
    expect(await tile(page, 'Messages').innerText()).toMatch(/1\s+Messages sent/);
    expect(await tile(page, 'Calendar').innerText()).toMatch(/1\s+Next 7 days/);
    const hrefs = await page
      .getByRole('navigation', { name: 'Summary' })
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(hrefs).toEqual(['/chores', '/expenses', '/messages', '/calendar']);

    const members = page.getByRole('region', { name: 'Household Members' });
    await members.getByText('1 done · ').first().waitFor();
    const top = page.getByRole('region', { name: 'Top Performer' });
    await top.getByText('Ada E.').waitFor();
    // The same points as the bars; messages and expenses are counted beside them, not as points.
    await top.getByText(`${STAIRS_POINTS} points from 1 chore; 0 messages, 1 expense`).waitFor();
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    const entries = await activity.getByRole('listitem').allInnerTexts();
    expect(entries).toHaveLength(3);
    expect(entries.join('\n')).toMatch(
      /Vacuum the stairs\s+Ada E\. completed · [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)/,
    );
    expect(entries.join('\n')).toContain('Ada E. paid $30.00');
    expect(entries.join('\n')).toContain('Bea E. wrote');
    const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
    await upcoming.getByText('Next 7 days').waitFor();
    await upcoming.getByText('House meeting').waitFor();
    await page.getByRole('img', { name: /^Chores completed per day: / }).waitFor();
    const actions = await page
      .getByRole('region', { name: 'Quick Actions' })
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(actions).toEqual(['/add-expense', '/chores', '/calendar', '/messages']);
    await expectAccessibleInBothThemes(page);

    // Ada takes the bins out on her screen; Bea's dashboard follows without a reload.
    await complete(ada, bins.id);
    await chores.filter({ hasText: '2 of 2 done' }).waitFor();
    expect(await chores.innerText()).toMatch(/100%/);
    await members.getByText('2 done · ').waitFor();
    await activity.getByText('Take out the bins').waitFor();

    // All Time by the keyboard: the same figures here, since everything happened this week.
    await page.getByRole('tab', { name: 'This Week' }).focus();
    await page.keyboard.press('End');
    await page.getByRole('tab', { name: 'All Time', selected: true }).waitFor();
    await chores.filter({ hasText: '2 of 2 done' }).waitFor();
    errors.assertNone();
  });

  it('lists the newest listings on home, not only featured ones', async () => {
    const ada = await member('Ada');
    await createHousehold(ada, 'Elm House');
    // Someone outside the household posts a room; nobody features it.
    const cleo = await member('Cleo');
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8ab' } })
      .jpeg()
      .toBuffer();
    const title = `Attic room ${Date.now().toString(36)}`;
    const listing = await post(cleo, '/api/roommate-listings', {
      title,
      rent: '640',
      country: 'US',
      postcode: '62701',
      city: 'Springfield',
      images: [`data:image/jpeg;base64,${photo.toString('base64')}`],
    });
    await ada.page.goto('/');
    const board = ada.page.getByRole('region', { name: 'Find Roommates' });
    const card = board.getByTestId('listing-card').filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByText('Featured').count()).toBe(0);
    expect(await board.getByText('No listings yet').count()).toBe(0);
    // Removed again, so that other tests see the board as they left it.
    expect((await cleo.context.request.delete(`/api/roommate-listings/${listing.id}`)).status()).toBe(204);
  });

  it('says so when the home answer fails, and keeps the rest of the screen', async () => {
    const ada = await member('Ada');
    await createHousehold(ada, 'Elm House');
    await ada.page.route('**/api/home?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The database is unavailable' }),
      }),
    );
    await ada.page.goto('/');
    const alert = ada.page.getByRole('alert').filter({ hasText: 'Could not load your home screen' });
    await alert.getByText('The database is unavailable').waitFor();
    await ada.page.getByRole('heading', { name: /, Ada$/ }).waitFor();
    await ada.page.getByText('Elm House', { exact: true }).waitFor();
  });

  it('answers /dashboard without a household with No Household Data', async () => {
    const cleo = await member('Cleo');
    // Cleo finished onboarding in this browser without joining a household.
    await cleo.context.addInitScript(() => localStorage.setItem('onboarding_completed', 'true'));
    await cleo.page.goto('/dashboard');
    await cleo.page.getByRole('heading', { name: 'No Household Data' }).waitFor();
    await cleo.page.getByRole('link', { name: 'Go to Home' }).click();
    await cleo.page.waitForURL(`${baseUrl}/`);
  });
});
