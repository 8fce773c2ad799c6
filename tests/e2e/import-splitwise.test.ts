// Import from Splitwise: upload a group's export, match people to members, import, and see the
// expenses and the balances, on the importer's screen and live on another member's.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
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
const PASSWORD = 'split-the-pizza-2024';
const browser = browserPerFile();
const GROUP = fileURLToPath(new URL('../integration/fixtures/splitwise-group.csv', import.meta.url));

async function member(firstName: string, lastName: string): Promise<Member> {
  return registerMember(await browser.newContext(baseUrl), { firstName, lastName, password: PASSWORD });
}

const card = (page: Page, title: string) =>
  page.getByTestId('expense-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('import from Splitwise', () => {
  it('previews a file, maps people, imports, and shows the expenses and the balance', async () => {
    const ann = await member('Ann', 'Lee');
    const { inviteCode } = await createHousehold(ann, 'Maple Flat');
    const bo = await member('Bo', 'Chen');
    const cyrus = await member('Cyrus', 'Example');
    await joinHousehold(bo, inviteCode);
    await joinHousehold(cyrus, inviteCode);
    const a = ann.page;
    // The second import's 409 is logged by Chromium as a failed load.
    const errors = [watchPageErrors(a, [409]), watchPageErrors(bo.page)];
    await openLive(bo.page, '/expenses');
    await bo.page.getByText('No Expenses Yet').waitFor();

    await openLive(a, '/expenses');
    await a.getByRole('link', { name: 'Import from Splitwise' }).click();
    await a.waitForURL(`${baseUrl}/import-splitwise`);
    await a.getByRole('heading', { name: 'Import from Splitwise', level: 1 }).waitFor();
    await a.getByText('Export as spreadsheet').waitFor();
    await expectAccessible(a);

    await a.getByLabel('Splitwise export (CSV file)').setInputFiles(GROUP);
    await a.getByRole('heading', { name: 'In this file' }).waitFor();
    await a.getByText('2024-03-01 to 2024-03-06').waitFor();
    await a.getByText('$215.00').waitFor();
    // The museum in euros is imported too, at the rate given for it.
    await a.getByText('€30.00').waitFor();
    const rate = a.getByRole('textbox', { name: '1 EUR = USD' });
    // Names that match members are suggested; Cy Diaz has no match until chosen.
    expect(await a.getByLabel('Ann Lee').inputValue()).toBe(ann.id);
    expect(await a.getByLabel('Bo Chen').inputValue()).toBe(bo.id);
    expect(await a.getByLabel('Cy Diaz').inputValue()).toBe('');
    await a.getByLabel('Cy Diaz').selectOption({ label: 'Cyrus E.' });
    const importButton = a.getByRole('button', { name: 'Import 5 expenses' });
    expect(await importButton.isDisabled()).toBe(true);
    await rate.fill('1,10');
    await a.getByText('Exchange rate must be a number more than 0, such as 1.09').waitFor();
    expect(await importButton.isDisabled()).toBe(true);
    await rate.fill('1.10');
    await expectAccessible(a);

    await importButton.click();
    await a.waitForURL(`${baseUrl}/expenses`);
    await card(a, 'Groceries, big shop').waitFor();
    await card(a, 'Dinner at "Luigi\'s" with wine').waitFor();
    await card(a, 'Museum').waitFor();
    // The file's final balances, from the imported expenses and payments with nothing carried over:
    // -5.00 dollars and 20.00 euros at 1.10 for Ann, who is owed 17.00.
    await a
      .getByTestId('balance-owed')
      .filter({ hasText: /^\$17\.00$/ })
      .waitFor();
    await a
      .getByTestId('balance-owing')
      .filter({ hasText: /^\$0\.00$/ })
      .waitFor();
    // Another member's open screen refreshes by itself.
    await card(bo.page, 'Groceries, big shop').waitFor();
    await expectAccessible(a);

    // The same file a second time is refused on the page.
    await a.getByRole('link', { name: 'Import from Splitwise' }).click();
    await a.getByLabel('Splitwise export (CSV file)').setInputFiles(GROUP);
    await a.getByLabel('Cy Diaz').selectOption({ label: 'Cyrus E.' });
    await a.getByRole('textbox', { name: '1 EUR = USD' }).fill('1.10');
    await a.getByRole('button', { name: 'Import 5 expenses' }).click();
    await a.getByText('This file has already been imported into your household').waitFor();
    for (const e of errors) e.assertNone();
  });

  it('lists the first rows that cannot be imported and says how many more there are', async () => {
    const ann = await member('Ann', 'Lee');
    await createHousehold(ann, 'Maple Flat');
    const a = ann.page;
    const errors = watchPageErrors(a);
    // 150 rows with an impossible date and one good row.
    const rows = Array.from({ length: 150 }, (_, i) => `2024-02-30,Bad ${i},General,10.00,USD,5.00,-5.00`);
    const csv = [
      'Date,Description,Category,Cost,Currency,Ann Lee,Bo Chen',
      '2024-03-01,Groceries,Groceries,10.00,USD,5.00,-5.00',
      ...rows,
      ',Total balance,,,USD,5.00,-5.00',
    ].join('\n');
    await openLive(a, '/import-splitwise');
    await a.getByLabel('Splitwise export (CSV file)').setInputFiles({
      name: 'group.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await a.getByRole('heading', { name: '150 rows are not imported' }).waitFor();
    await a.getByText("Row 3: The date '2024-02-30' is not a date (YYYY-MM-DD)").waitFor();
    await a.getByText('and 50 more rows not listed here').waitFor();
    const listed = a.getByRole('listitem').filter({ hasText: /^Row \d+:/ });
    expect(await listed.count()).toBe(100);
    await a.getByRole('button', { name: 'Import 1 expense' }).waitFor();
    await expectAccessible(a);
    errors.assertNone();
  });
});
