// Keyboard shortcuts, their `?` dialog and the search dialog (docs/screens.md, Keyboard shortcuts
// and search).
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessible,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'fair-shares-for-all-2026';
const browser = browserPerFile();

async function memberOnWideScreen(width = 1280): Promise<Member> {
  const context = await browser.newContext(baseUrl, { viewport: { width, height: 800 } });
  const ada = await registerMember(context, { firstName: 'Ada', password: PASSWORD });
  await createHousehold(ada, 'Keyboard Flat');
  return ada;
}

async function post(who: Member, url: string, data: unknown): Promise<{ id: string }> {
  const response = await who.context.request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return (await response.json()) as { id: string };
}

describe('keyboard shortcuts', () => {
  it('open the create screens, list themselves under ?, and leave typing alone', async () => {
    const ada = await memberOnWideScreen();
    const { page } = ada;
    const errors = watchPageErrors(page);
    // Live: the server's first screen is a picture until the app takes it over.
    await openLive(page, '/');

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const action of ['New expense', 'New chore', 'Search', 'Show keyboard shortcuts'])
      await expect.poll(() => help.getByText(action, { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    // Keys go nowhere while it is open.
    await page.keyboard.press('c');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.keyboard.press('c');
    await page.waitForURL('**/add-chore');
    // Live: the server's first screen is a picture until the app takes it over.
    await openLive(page, '/');
    await page.keyboard.press('n');
    await page.keyboard.press('e');
    await page.waitForURL('**/add-expense');

    // Typing into a field: the letters are text, not shortcuts.
    const title = page.getByLabel('Title');
    await title.click();
    await page.keyboard.type('ce?/');
    expect(await title.inputValue()).toBe('ce?/');
    expect(new URL(page.url()).pathname).toBe('/add-expense');

    // With a modifier it is the browser's or the system's key, not ours.
    await page.locator('main h1').first().click();
    await page.keyboard.press('Alt+c');
    expect(new URL(page.url()).pathname).toBe('/add-expense');
    errors.assertNone();
  });
});

describe('search', () => {
  it('finds expenses, chores and events from one field and opens what is chosen', async () => {
    const ada = await memberOnWideScreen();
    const { page } = ada;
    const errors = watchPageErrors(page);
    const chore = await post(ada, '/api/chores', {
      title: 'Water the plants',
      assignedTo: ada.id,
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await post(ada, '/api/expenses', {
      expense: {
        title: 'Plant pots',
        amount: '12.00',
        category: 'groceries',
        date: new Date().toISOString().slice(0, 10),
        paidBy: ada.id,
      },
      splits: [{ userId: ada.id, amount: '12.00' }],
    });
    await post(ada, '/api/calendar', {
      title: 'Plant swap',
      startDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
    });
    // Live: the server's first screen is a picture until the app takes it over.
    await openLive(page, '/');

    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const field = dialog.getByRole('searchbox', { name: 'Search expenses, chores and events' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill('plant');
    for (const [group, title] of [
      ['Expenses', 'Plant pots'],
      ['Chores', 'Water the plants'],
      ['Events', 'Plant swap'],
    ] as const)
      await dialog.getByRole('region', { name: group }).getByRole('link', { name: title }).waitFor();
    await expectAccessible(page);

    await dialog.getByRole('link', { name: 'Water the plants' }).click();
    await page.waitForURL(`**/chores?chore=${chore.id}`);
    await dialog.waitFor({ state: 'detached' });

    // From the side navigation too; Enter opens the first match.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search' }).click();
    await field.fill('pots');
    await dialog.getByRole('link', { name: 'Plant pots' }).waitFor();
    await field.press('Enter');
    await page.waitForURL('**/expenses?q=Plant+pots');

    await page.keyboard.press('/');
    await field.fill('nothing like this');
    await dialog.getByText('Nothing found for “nothing like this”.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    errors.assertNone();
  });

  it('opens from the Search button on the home screen of a phone, where the side navigation is not', async () => {
    const ada = await memberOnWideScreen(390);
    const { page } = ada;
    const errors = watchPageErrors(page);
    const chore = await post(ada, '/api/chores', {
      title: 'Descale the kettle',
      assignedTo: ada.id,
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await openLive(page, '/');
    const main = page.getByRole('navigation', { name: 'Main' });
    expect(await main.getByRole('button', { name: 'Search' }).isVisible()).toBe(false);

    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox', { name: 'Search expenses, chores and events' }).fill('kettle');
    await dialog
      .getByRole('region', { name: 'Chores' })
      .getByRole('link', { name: 'Descale the kettle' })
      .click();
    // A phone has no room for the list beside the details: the chore's own page opens.
    await page.waitForURL(`**/chores/${chore.id}/edit`);
    await dialog.waitFor({ state: 'detached' });
    errors.assertNone();
  });
});
