// The Expenses list as it scales: compact rows that open their details, search and filters kept
// in the URL, tab counts the server makes for the whole household, infinite scroll that keeps
// its place, and two panes on a wide screen (docs/expenses.md, The list).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
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
const PASSWORD = 'count-every-coffee-2024';
const browser = browserPerFile();

async function member(firstName: string): Promise<Member> {
  return registerMember(await browser.newContext(baseUrl), { firstName, password: PASSWORD });
}

async function household(...others: string[]): Promise<Member[]> {
  const ada = await member('Ada');
  const { inviteCode } = await createHousehold(ada, 'Linden Lane');
  const members = [ada];
  for (const name of others) {
    const other = await member(name);
    await joinHousehold(other, inviteCode);
    members.push(other);
  }
  return members;
}

interface Seed {
  title: string;
  category: string;
  date: string;
  payer: Member;
  /** Everyone with a share, equal ones of 10.00. */
  with: Member[];
}

/** Makes an expense through the API and answers it with its splits. */
async function addExpense(seed: Seed): Promise<{ id: string; splits: { id: string; userId: string }[] }> {
  const amount = (10 * seed.with.length).toFixed(2);
  const response = await seed.payer.context.request.post('/api/expenses', {
    data: {
      expense: {
        title: seed.title,
        amount,
        category: seed.category,
        date: seed.date,
        paidBy: seed.payer.id,
        splitType: 'equal',
      },
      splits: seed.with.map((m) => ({ userId: m.id, amount: '10.00' })),
    },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** Records a payment of every share of an expense but the payer's: it is settled. */
async function settle(payer: Member, expense: Awaited<ReturnType<typeof addExpense>>): Promise<void> {
  for (const split of expense.splits.filter((s) => s.userId !== payer.id)) {
    const response = await payer.context.request.patch(`/api/expense-splits/${split.id}`, {
      data: { settled: true },
    });
    expect(response.status()).toBe(200);
  }
}

const rows = (page: Page) => page.getByTestId('expense-card');
const card = (page: Page, title: string): Locator =>
  rows(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The titles of the rows on screen, top to bottom. */
const titles = (page: Page) => rows(page).locator('h3').allTextContents();

async function expectTitles(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => titles(page)).toEqual(expected);
}

async function expectTabs(page: Page, expected: string[]): Promise<void> {
  const tabs = page.getByRole('tablist', { name: 'Expenses by status' }).getByRole('tab');
  await expect.poll(() => tabs.allTextContents()).toEqual(expected);
}

describe('the expenses list', () => {
  it('searches titles and filters by member, category, dates and status, kept in the URL', async () => {
    const [ada, bea, cy] = (await household('Bea', 'Cy')) as [Member, Member, Member];
    await addExpense({
      title: 'Pizza night',
      category: 'dining',
      date: '2026-01-10',
      payer: ada,
      with: [ada, bea],
    });
    await addExpense({
      title: 'Pizza oven repair',
      category: 'maintenance',
      date: '2026-02-15',
      payer: bea,
      with: [ada, bea],
    });
    await addExpense({
      title: 'Electricity',
      category: 'utilities',
      date: '2026-03-01',
      payer: bea,
      with: [bea, cy],
    });
    const rent = await addExpense({
      title: 'Rent March',
      category: 'rent',
      date: '2026-03-02',
      payer: ada,
      with: [ada, bea, cy],
    });
    await settle(ada, rent);
    const a = ada.page;
    const errors = watchPageErrors(a);
    await a.goto('/expenses');
    const all = ['Rent March', 'Electricity', 'Pizza oven repair', 'Pizza night'];
    await expectTitles(a, all);
    await expectTabs(a, ['All4', 'Unsettled3', 'Settled1']);
    // Each row says what the expense means for Ada.
    await card(a, 'Pizza night').getByText('You lent').waitFor();
    await card(a, 'Pizza oven repair').getByText('You borrowed').waitFor();
    await card(a, 'Electricity').getByText('Not involved').waitFor();

    // Search by title: the list and the counts follow, and the URL keeps it.
    await a.getByRole('searchbox', { name: 'Search expenses' }).fill('pizza');
    await expectTitles(a, ['Pizza oven repair', 'Pizza night']);
    await expectTabs(a, ['All2', 'Unsettled2', 'Settled0']);
    await a.waitForURL(/[?&]q=pizza/);
    // A category narrows it further; a reload keeps both.
    await a.getByLabel('Category', { exact: true }).selectOption('dining');
    await expectTitles(a, ['Pizza night']);
    await a.waitForURL(/category=dining/);
    await a.reload();
    await expectTitles(a, ['Pizza night']);
    expect(await a.getByRole('searchbox', { name: 'Search expenses' }).inputValue()).toBe('pizza');
    expect(await a.getByLabel('Category', { exact: true }).inputValue()).toBe('dining');
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Clear filters' }).click();
    await a.waitForURL(`${baseUrl}/expenses`);
    await expectTitles(a, all);

    // A member: what Cy paid or has a share in.
    await a.getByLabel('Member', { exact: true }).selectOption(cy.id);
    await expectTitles(a, ['Rent March', 'Electricity']);
    await expectTabs(a, ['All2', 'Unsettled1', 'Settled1']);
    await a.getByLabel('Member', { exact: true }).selectOption('');
    await expectTitles(a, all);

    // A range of days, both ends included.
    await a.getByLabel('From', { exact: true }).fill('2026-02-15');
    await expectTitles(a, ['Rent March', 'Electricity', 'Pizza oven repair']);
    await a.getByLabel('To', { exact: true }).fill('2026-03-01');
    await expectTitles(a, ['Electricity', 'Pizza oven repair']);
    await a.waitForURL(/from=2026-02-15&to=2026-03-01|to=2026-03-01.*from=2026-02-15/);
    // Back steps out of the last filter.
    await a.goBack();
    await expectTitles(a, ['Rent March', 'Electricity', 'Pizza oven repair']);
    await a.getByRole('button', { name: 'Clear filters' }).click();
    await expectTitles(a, all);

    // Unsettled and Settled come from the server too.
    await a.getByRole('tab', { name: /^Unsettled/ }).click();
    await expectTitles(a, ['Electricity', 'Pizza oven repair', 'Pizza night']);
    await a.waitForURL(/status=unsettled/);
    await a.getByRole('tab', { name: /^Settled/ }).click();
    await expectTitles(a, ['Rent March']);
    await a.getByRole('tab', { name: /^All/ }).click();

    // Nothing matches: the list says so and offers to clear the filters.
    await a.getByRole('searchbox', { name: 'Search expenses' }).fill('no such thing');
    await a.getByText('No expenses match these filters').waitFor();
    await expectTabs(a, ['All0', 'Unsettled0', 'Settled0']);
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Clear filters' }).first().click();
    await expectTitles(a, all);
    errors.assertNone();
  });

  it('counts past 200 on the server, scrolls on, and keeps its place after an edit', async () => {
    const [ada, bea] = (await household('Bea')) as [Member, Member];
    const TOTAL = 205;
    const made: Awaited<ReturnType<typeof addExpense>>[] = [];
    // Oldest first, a day apart, so that the list's order is the index's.
    const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    for (let start = 0; start < TOTAL; start += 15) {
      const batch = Array.from({ length: Math.min(15, TOTAL - start) }, (_, k) => start + k);
      made.push(
        ...(await Promise.all(
          batch.map((i) =>
            addExpense({
              title: `Coffee ${String(i).padStart(3, '0')}`,
              category: 'groceries',
              date: day(i),
              payer: ada,
              with: [ada, bea],
            }),
          ),
        )),
      );
    }
    await settle(ada, made[0]!);
    await settle(ada, made[1]!);
    const a = ada.page;
    const errors = watchPageErrors(a, [503]);
    // The browser says its time zone on its first visit to the home screen; the server then
    // renders the expenses screen into the page.
    await a.goto('/');
    await a.getByRole('heading', { name: "Today's Priority" }).waitFor();
    const page = await a.goto('/expenses');
    // The first page holds 200, the counts are the household's, in the server's HTML already.
    const html = (await page?.text()) ?? '';
    expect(html).toMatch(/data-testid="count-all"[^>]*>205</);
    expect(html).toMatch(/data-testid="count-unsettled"[^>]*>203</);
    await expectTabs(a, ['All205', 'Unsettled203', 'Settled2']);
    // Only the rows near the screen are in the page.
    await card(a, 'Coffee 204').waitFor();
    expect(await rows(a).count()).toBeLessThan(60);

    // The older page failing keeps the rows loaded, says so and is not asked for again and
    // again; the button asks again.
    const olderPage = (url: URL) => url.pathname === '/api/expenses' && url.searchParams.has('before');
    let olderAsked = 0;
    await a.route(olderPage, (route) => {
      olderAsked += 1;
      return route.fulfill({ status: 503, body: '' });
    });
    await a.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await a.getByText('Unable to load expenses').waitFor();
    await afterFrames(a);
    expect(olderAsked).toBe(1);
    expect(await rows(a).count()).toBeGreaterThan(0);
    await a.unroute(olderPage);
    await a.getByRole('button', { name: 'Load older' }).click();
    await a.getByText('Unable to load expenses').waitFor({ state: 'detached' });

    // Scrolling to the end loads the older ones.
    const lastIndex = () =>
      a.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('[data-row-index]')].map((e) =>
            Number(e.getAttribute('data-row-index')),
          ),
        ),
      );
    await expect
      .poll(
        async () => {
          await a.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          return card(a, 'Coffee 000').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await card(a, 'Coffee 000').waitFor();
    // The two payments that settled the oldest are in the history too.
    expect(await lastIndex()).toBe(TOTAL + 1);

    // Halfway down, open a row and its edit page, then come back: the list is where it was.
    await a.evaluate(() => window.scrollTo(0, 0));
    const target = card(a, 'Coffee 100');
    await expect
      .poll(async () => {
        await a.evaluate(() => window.scrollBy(0, 1500));
        return target.count();
      })
      .toBe(1);
    await target.scrollIntoViewIfNeeded();
    await target.locator('button[aria-expanded]').click();
    await target.getByTestId('expense-detail').waitFor();
    const before = await a.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(3000);
    await target.getByRole('link', { name: 'Edit "Coffee 100"' }).click();
    await a.waitForURL(/\/expenses\/[^/]+\/edit$/);
    await a.getByRole('heading', { name: 'Edit Expense' }).waitFor();
    await a.goBack();
    await card(a, 'Coffee 100').waitFor();
    await expect.poll(() => a.evaluate(() => window.scrollY)).toBeGreaterThan(before - 400);
    expect(await a.evaluate(() => window.scrollY)).toBeLessThan(before + 400);
    // Back also reopened the row; the back link of the edit page keeps the place as well.
    await card(a, 'Coffee 100').locator('button[aria-expanded="true"]').waitFor();
    const again = await a.evaluate(() => window.scrollY);
    await card(a, 'Coffee 100').getByRole('link', { name: 'Edit "Coffee 100"' }).click();
    await a.getByRole('link', { name: 'Back to expenses' }).click();
    await a.waitForURL(`${baseUrl}/expenses`);
    await card(a, 'Coffee 100').waitFor();
    await expect.poll(() => a.evaluate(() => window.scrollY)).toBeGreaterThan(again - 400);
    errors.assertNone();
  });

  it('shows the list and, beside it, the balances or the opened expense at 1280 px', async () => {
    const [ada, bea] = (await household('Bea')) as [Member, Member];
    await addExpense({
      title: 'Groceries',
      category: 'groceries',
      date: '2026-03-01',
      payer: ada,
      with: [ada, bea],
    });
    const a = ada.page;
    const errors = watchPageErrors(a);
    await a.setViewportSize({ width: 1280, height: 800 });
    // Live: the server's first screen is a picture until the app takes it over.
    await openLive(a, '/expenses');
    const pane = a.getByRole('region', { name: 'Expense details and balances' });
    await card(a, 'Groceries').waitFor();
    // Nothing opened: the right pane has who owes whom.
    await pane.getByRole('region', { name: 'Balances' }).waitFor();
    await pane.getByText('Bea E. owes you $10.00').waitFor();
    const list = a.locator('[data-pane="list"]');
    const listBox = (await list.boundingBox())!;
    const paneBox = (await pane.boundingBox())!;
    expect(paneBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    expect(Math.abs(paneBox.y - listBox.y)).toBeLessThan(5);
    await expectAccessible(a);

    // A row opens its details in the pane: shares, Settle, Edit, Delete.
    const row = card(a, 'Groceries').locator('button[aria-expanded]');
    await row.click();
    await expect.poll(() => row.getAttribute('aria-expanded')).toBe('true');
    const detail = pane.getByTestId('expense-detail');
    await detail.getByRole('heading', { name: 'Groceries', level: 2 }).waitFor();
    await detail.getByRole('button', { name: "Settle Bea E.'s share of Groceries" }).waitFor();
    await detail.getByRole('link', { name: 'Edit "Groceries"' }).waitFor();
    await detail.getByRole('button', { name: 'Delete "Groceries"' }).waitFor();
    expect(await pane.getByRole('region', { name: 'Balances' }).count()).toBe(0);
    expect(await card(a, 'Groceries').getByTestId('expense-detail').count()).toBe(0);
    await expectAccessible(a);
    // Closing it brings the balances back.
    await pane.getByRole('button', { name: 'Close details' }).click();
    await pane.getByRole('region', { name: 'Balances' }).waitFor();
    errors.assertNone();
  });
});
