import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pointsFor } from '../../src/shared/chores/schemas.ts';
import { afterFrames, watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessible,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'rota-on-the-fridge-2024';
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();

/** Ada's household with Bea in it; Ada's browser at the given size. */
async function household(viewport?: {
  width: number;
  height: number;
}): Promise<{ ada: Member; bea: Member }> {
  const context = await browser.newContext(baseUrl, {
    timezoneId: TIME_ZONE,
    ...(viewport ? { viewport } : {}),
  });
  const ada = await registerMember(context, { firstName: 'Ada', password: PASSWORD });
  const { inviteCode } = await createHousehold(ada, 'Birch House');
  const bea = await registerMember(await browser.newContext(baseUrl, { timezoneId: TIME_ZONE }), {
    firstName: 'Bea',
    password: PASSWORD,
  });
  await joinHousehold(bea, inviteCode);
  return { ada, bea };
}

async function chore(who: Member, fields: Record<string, unknown>): Promise<{ id: string }> {
  const response = await who.context.request.post('/api/chores', {
    data: { dueDate: addDays(TZDate.tz(TIME_ZONE), 2).toISOString(), timeZone: TIME_ZONE, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** Ada's bins and stairs, Bea's plants (weekly, taking turns), and Ada's oven, done. */
async function fourChores(ada: Member, bea: Member) {
  await chore(ada, { title: 'Take out the bins', assignedTo: ada.id });
  await chore(ada, {
    title: 'Water the plants',
    assignedTo: bea.id,
    recurrence: 'weekly',
    rotation: 'round_robin',
  });
  const stairs = await chore(ada, { title: 'Vacuum the stairs', assignedTo: ada.id });
  const oven = await chore(ada, { title: 'Clean the oven', assignedTo: ada.id });
  const done = await ada.context.request.patch(`/api/chores/${oven.id}`, { data: { status: 'done' } });
  expect(done.status()).toBe(200);
  return { stairs };
}

const titles = (page: Page) => page.getByTestId('chore-card').locator('h3').allTextContents();
const search = (page: Page) => new URL(page.url()).searchParams;

describe('chores lists', () => {
  it('filters by Mine / All / Done and assignee, searches titles, keeps them in the URL and says who is next', async () => {
    const { ada, bea } = await household();
    const a = ada.page;
    const errors = watchPageErrors(a);
    await fourChores(ada, bea);
    await openLive(a, '/chores');

    // All open chores; done ones hidden. The tabs count the open chores.
    await a.getByTestId('chore-card').filter({ hasText: 'Water the plants' }).waitFor();
    expect((await titles(a)).sort()).toEqual(['Take out the bins', 'Vacuum the stairs', 'Water the plants']);
    expect(await a.getByRole('tab', { name: /^All/ }).getAttribute('aria-selected')).toBe('true');
    // Counted by the server over the whole household.
    await a.getByTestId('tab-count-all').filter({ hasText: /^3$/ }).waitFor();
    expect(await a.getByTestId('tab-count-mine').textContent()).toBe('2');
    expect(await a.getByTestId('tab-count-done').textContent()).toBe('1');
    // Bea's turn now; taking turns, Ada's next (after Bea, round to the first member).
    await a
      .getByTestId('chore-card')
      .filter({ hasText: 'Water the plants' })
      .getByText('Every week · next: Ada E.')
      .waitFor();
    await expectAccessible(a);

    await a.getByRole('tab', { name: /^Mine/ }).click();
    await a.waitForURL(/view=mine/);
    await a.getByTestId('chore-card').filter({ hasText: 'Water the plants' }).waitFor({ state: 'detached' });
    expect((await titles(a)).sort()).toEqual(['Take out the bins', 'Vacuum the stairs']);

    await a.getByRole('tab', { name: 'Done' }).click();
    await a.waitForURL(/view=done/);
    await a.getByTestId('chore-card').filter({ hasText: 'Clean the oven' }).waitFor();
    expect(await titles(a)).toEqual(['Clean the oven']);
    await expectAccessible(a);

    // Back returns to Mine; All with Bea as the assignee.
    await a.goBack();
    await a.waitForURL(/view=mine/);
    await a.getByRole('tab', { name: /^All/ }).click();
    await a.getByLabel('Assignee').selectOption(bea.id);
    await a.waitForURL((url) => url.searchParams.get('assignee') === bea.id);
    await a.getByTestId('chore-card').filter({ hasText: 'Take out the bins' }).waitFor({ state: 'detached' });
    expect(await titles(a)).toEqual(['Water the plants']);

    // The search, with Bea's filter still on, finds nothing; for everyone, the stairs.
    await a.getByRole('searchbox', { name: 'Search chores' }).fill('VACUUM the st');
    await a.getByText('No chores match').waitFor();
    await a.getByLabel('Assignee').selectOption('');
    await a.getByTestId('chore-card').filter({ hasText: 'Vacuum the stairs' }).waitFor();
    expect(await titles(a)).toEqual(['Vacuum the stairs']);
    expect(search(a).get('q')).toBe('VACUUM the st');
    expect(search(a).get('view')).toBeNull();

    // A reload keeps the filters; Edit from the menu and its back link return to them.
    await a.reload();
    await a.getByTestId('chore-card').filter({ hasText: 'Vacuum the stairs' }).waitFor();
    expect(await a.getByRole('searchbox', { name: 'Search chores' }).inputValue()).toBe('VACUUM the st');
    await a.getByRole('button', { name: 'More actions for "Vacuum the stairs"' }).click();
    await a.getByRole('menuitem', { name: 'Edit' }).click();
    await a.waitForURL(/\/edit$/);
    await a.getByRole('link', { name: 'Back to chores' }).click();
    await a.waitForURL((url) => url.pathname === '/chores' && url.searchParams.get('q') === 'VACUUM the st');
    expect(await titles(a)).toEqual(['Vacuum the stairs']);

    errors.assertNone();
  });

  it('shows the list and the details side by side at 1280 px; one tap completes and Undo takes the points back', async () => {
    const { ada, bea } = await household({ width: 1280, height: 800 });
    const a = ada.page;
    const errors = watchPageErrors(a);
    await fourChores(ada, bea);
    await openLive(a, '/chores');

    // Nothing selected: the counters and the week's points fill the detail pane.
    const pane = a.getByRole('region', { name: 'Chore details' });
    await pane.getByTestId('count-todo').waitFor();
    await pane.getByRole('heading', { name: 'This Week' }).waitFor();
    const row = a.getByTestId('chore-card').filter({ hasText: 'Water the plants' });
    await row.getByRole('button', { name: 'Water the plants', exact: true }).click();
    await a.waitForURL((url) => url.searchParams.has('chore'));
    const detail = pane.getByTestId('chore-detail');
    await detail.getByRole('heading', { name: 'Water the plants' }).waitFor();
    await detail.getByText('Every week · next: Ada E.').waitFor();
    await detail.getByText('Take turns', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Mark Complete' }).waitFor();
    // Side by side: the list on the left, the details on the right, nothing overflowing.
    const listBox = (await a.getByRole('tablist').boundingBox())!;
    const paneBox = (await pane.boundingBox())!;
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(paneBox.x);
    expect(Math.abs(listBox.y - paneBox.y)).toBeLessThan(200);
    expect(await a.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(a);
    await pane.getByRole('button', { name: 'Close details' }).click();
    await pane.getByTestId('count-todo').waitFor();

    // One tap on the stairs' status completes them at once and awards the points; Undo takes
    // them back and returns the chore to the list.
    const stairs = a.getByTestId('chore-card').filter({ hasText: 'Vacuum the stairs' });
    await Promise.all([
      a.waitForResponse((r) => r.url().includes('/api/chores/') && r.request().method() === 'PATCH'),
      stairs.getByRole('button', { name: 'Mark "Vacuum the stairs" as done' }).click(),
    ]);
    await stairs.waitFor({ state: 'detached' });
    const points = pointsFor({ estimatedDuration: 30, priority: 'medium' }, true);
    const adaRow = pane.getByTestId('leaderboard-row').filter({ hasText: 'Ada E.' });
    // The oven (done before) and the stairs.
    await adaRow.getByText(`${2 * points} pts`).waitFor();
    const toast = a.getByRole('status').filter({ hasText: '✅ Vacuum the stairs completed!' });
    await Promise.all([
      a.waitForResponse((r) => r.url().includes('/api/chores/') && r.request().method() === 'PATCH'),
      toast.getByRole('button', { name: 'Undo' }).click(),
    ]);
    await stairs.waitFor();
    await adaRow.getByText(`${points} pts`).waitFor();
    const board = (await (await a.request.get('/api/chores/leaderboard?period=week')).json()) as {
      userId: string;
      points: number;
      completions: number;
    }[];
    expect(board.find((r) => r.userId === ada.id)).toMatchObject({ points, completions: 1 });

    errors.assertNone();
  });
  it('asks the server once typing pauses, and says so when the done list or its older page fails', async () => {
    const { ada, bea } = await household();
    const a = ada.page;
    const errors = watchPageErrors(a, [503]);
    await fourChores(ada, bea);
    // With the oven, 101 done chores: two pages.
    for (let i = 0; i < 100; i++) {
      const { id } = await chore(ada, { title: `Done ${String(i).padStart(3, '0')}`, assignedTo: ada.id });
      expect((await a.request.patch(`/api/chores/${id}`, { data: { status: 'done' } })).status()).toBe(200);
    }
    await openLive(a, '/chores');
    await a.getByTestId('tab-count-all').filter({ hasText: /^3$/ }).waitFor();

    // The open list narrows as each key is typed; the counts are asked for once typing pauses.
    const countsAsked: string[] = [];
    a.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/chores/counts') countsAsked.push(request.url());
    });
    // Typed as fast as keys go: the address catches up in the background, no key is lost.
    const search = a.getByRole('searchbox', { name: 'Search chores' });
    await search.pressSequentially('Vacuum');
    await a.getByTestId('tab-count-all').filter({ hasText: /^1$/ }).waitFor();
    expect(await search.inputValue()).toBe('Vacuum');
    await expect.poll(() => new URL(a.url()).searchParams.get('q')).toBe('Vacuum');
    expect(countsAsked.length).toBeLessThan(3);
    await search.fill('');
    await a.getByTestId('tab-count-all').filter({ hasText: /^3$/ }).waitFor();

    // The done list failing says so, not that no chore matches.
    const donePage = (url: URL) =>
      url.pathname === '/api/chores' && url.searchParams.get('status') === 'done';
    await a.route(donePage, (route) => route.fulfill({ status: 503, body: '' }));
    await a.getByRole('tab', { name: /^Done/ }).click();
    await a.getByText('Unable to load chores').waitFor();
    expect(await a.getByText('No chores match').count()).toBe(0);
    await a.unroute(donePage);

    // Its older page failing keeps the first, says so and is not asked for again and again.
    await a.reload();
    const rows = a.getByTestId('chore-card');
    await rows.first().waitFor();
    const olderPage = (url: URL) => donePage(url) && url.searchParams.has('before');
    let olderAsked = 0;
    await a.route(olderPage, (route) => {
      olderAsked += 1;
      return route.fulfill({ status: 503, body: '' });
    });
    await a.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await a.getByText('Unable to load chores').waitFor();
    await afterFrames(a);
    expect(olderAsked).toBe(1);
    expect(await rows.first().getAttribute('aria-setsize')).toBe('100');
    await a.unroute(olderPage);
    await a.getByRole('button', { name: 'Show older' }).click();
    await a.locator('[data-testid="chore-card"][aria-setsize="101"]').first().waitFor();

    errors.assertNone();
  });

  it('renders only the rows near the screen, in order, keeps the scroll position after an edit and Back, and pages the done list', async () => {
    const { ada } = await household();
    const a = ada.page;
    const errors = watchPageErrors(a);
    const due = (i: number) => addDays(TZDate.tz(TIME_ZONE), 1 + i).toISOString();
    for (let i = 0; i < 120; i++)
      await chore(ada, { title: `Chore ${String(i).padStart(3, '0')}`, assignedTo: ada.id, dueDate: due(i) });
    await openLive(a, '/chores');
    const rows = a.getByTestId('chore-card');
    await rows.first().waitFor();
    // Far fewer rows than chores in the page; each says where it stands in the whole list.
    expect(await rows.count()).toBeLessThan(60);
    expect(await rows.first().getAttribute('aria-setsize')).toBe('120');
    expect(await rows.first().getAttribute('aria-posinset')).toBe('1');

    // Scrolled down, the rows there are rendered in order.
    const target = a.getByTestId('chore-card').filter({ hasText: 'Chore 090' });
    await a.evaluate(() => window.scrollTo(0, 90 * 71));
    await target.waitFor();
    const shown = await rows.locator('h3').allTextContents();
    expect(shown).toEqual([...shown].sort());
    await target.scrollIntoViewIfNeeded();
    const before = await a.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(3000);

    // Edit from its menu, back: the list is where it was.
    await target.getByRole('button', { name: 'More actions for "Chore 090"' }).click();
    await a.getByRole('menuitem', { name: 'Edit' }).click();
    await a.waitForURL(/\/edit$/);
    await a.getByRole('link', { name: 'Back to chores' }).click();
    await a.waitForURL(`${baseUrl}/chores`);
    await target.waitFor();
    expect(Math.abs((await a.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
    expect(await target.isVisible()).toBe(true);

    // And with the browser's Back from the edit page.
    await target.getByRole('button', { name: 'More actions for "Chore 090"' }).click();
    await a.getByRole('menuitem', { name: 'Edit' }).click();
    await a.waitForURL(/\/edit$/);
    await a.goBack();
    await a.waitForURL(`${baseUrl}/chores`);
    await target.waitFor();
    expect(Math.abs((await a.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);

    // The done list comes a page at a time, the next one as its end nears the screen.
    const ids = (await (await a.request.get('/api/chores')).json()) as { id: string }[];
    for (const { id } of ids.slice(0, 105))
      expect((await a.request.patch(`/api/chores/${id}`, { data: { status: 'done' } })).status()).toBe(200);
    await a.goto('/chores?view=done');
    await a.getByTestId('tab-count-done').filter({ hasText: /^105$/ }).waitFor();
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('aria-setsize')).toBe('100');
    await a.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await a.locator('[data-testid="chore-card"][aria-setsize="105"]').first().waitFor();
    await a.getByRole('button', { name: 'Show older' }).waitFor({ state: 'detached' });

    errors.assertNone();
  });
});
