// Expenses with three members in three browsers: a bill split three ways through the form, the
// balances on every screen live, settle-up (a payment of the debt shown), settling a share, and
// the form's checks. Payments by hand and the four-member ledger: money-ledger.test.ts.
import type { Locator, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessible,
  expectAccessibleInBothThemes,
  holdPostsThenFail,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
  SERVER_DOWN,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'split-the-pizza-2024';
const browser = browserPerFile();

/** A signed-in user in a fresh context, registered through the API. */
async function member(firstName: string): Promise<Member> {
  return registerMember(await browser.newContext(baseUrl), { firstName, password: PASSWORD });
}

/** Ada's household with the others in it, joined in the order given. */
async function household(...others: string[]): Promise<Member[]> {
  const ada = await member('Ada');
  const { inviteCode } = await createHousehold(ada, 'Cedar House');
  const members = [ada];
  for (const name of others) {
    const other = await member(name);
    await joinHousehold(other, inviteCode);
    members.push(other);
  }
  return members;
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[$.()]/g, '\\$&')}$`);

/** Waits until the 'Your Balance' card shows these two amounts (and the net they make, in words). */
async function expectBalance(page: Page, owed: string, owing: string): Promise<void> {
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
  const net = cents(owed) - cents(owing);
  const dollars = `$${(Math.abs(net) / 100).toFixed(2)}`;
  const words =
    net > 0
      ? `You are owed ${dollars} overall`
      : net < 0
        ? `You owe ${dollars} overall`
        : 'You are all settled up';
  await page
    .getByTestId('balance-net')
    .filter({ hasText: exactly(words) })
    .waitFor();
  await page
    .getByTestId('balance-owed')
    .filter({ hasText: exactly(owed) })
    .waitFor();
  await page
    .getByTestId('balance-owing')
    .filter({ hasText: exactly(owing) })
    .waitFor();
}

/** Waits until the 'Balances' card lists exactly these debts (in any order: ties go by user id). */
async function expectTransfers(page: Page, expected: string[]): Promise<void> {
  const rows = page.getByTestId('debt');
  if (expected.length === 0) {
    await page.getByText('Everyone is settled up. Nobody owes anything.').waitFor();
    expect(await rows.count()).toBe(0);
    return;
  }
  await page.waitForFunction(
    (want) =>
      JSON.stringify(
        [...document.querySelectorAll('[data-testid="debt"] > button[aria-expanded]')]
          .map((b) => b.textContent?.trim())
          .sort(),
      ) === JSON.stringify(want),
    [...expected].sort(),
  );
}

const card = (page: Page, title: string): Locator =>
  page.getByTestId('expense-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Opens an expense's row (its details show below it on phones) and answers its card. */
async function opened(page: Page, title: string): Promise<Locator> {
  const expense = card(page, title);
  const row = expense.locator('button[aria-expanded]').first();
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await expense.getByTestId('expense-detail').waitFor();
  return expense;
}

/** Waits until the tabs show these counts (the server's, for the whole household). */
async function expectTabs(page: Page, expected: string[]): Promise<void> {
  const tabs = page.getByRole('tablist', { name: 'Expenses by status' }).getByRole('tab');
  await expect.poll(() => tabs.allTextContents()).toEqual(expected);
}

const split = (expense: Locator, name: string): Locator =>
  expense.getByTestId('split').filter({ hasText: name });

const okSummary = (page: Page) => page.locator('[data-testid="split-summary"][data-ok="true"]');
const redSummary = (page: Page) => page.locator('[data-testid="split-summary"][data-ok="false"]');

const isExpenseCall = (method: string, path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

describe('expenses', () => {
  it('splits a bill three ways, shows what everyone owes live, settles up and settles a share', async () => {
    const [ada, bea, cleo] = (await household('Bea', 'Cleo')) as [Member, Member, Member];
    const a = ada.page;
    const b = bea.page;
    const c = cleo.page;
    const errors = [watchPageErrors(a), watchPageErrors(b), watchPageErrors(c)];

    // Everyone starts on an empty /expenses with the real-time channel open.
    await openLive(b, '/expenses');
    await openLive(c, '/expenses');
    await openLive(a, '/expenses');
    await a.getByRole('heading', { name: 'Expenses', level: 1 }).waitFor();
    await a.getByText('Track shared costs').waitFor();
    await a.getByText('No Expenses Yet').waitFor();
    await expectBalance(a, '$0.00', '$0.00');
    const tabs = a.getByRole('tablist', { name: 'Expenses by status' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['All0', 'Unsettled0', 'Settled0']);
    expect(await tabs.getByRole('tab', { selected: true }).textContent()).toBe('All0');
    // Arrow keys move between the tabs; each has its own empty state.
    await tabs.getByRole('tab', { name: /^All/ }).focus();
    await a.keyboard.press('ArrowRight');
    await a.getByText('No unsettled Expenses').waitFor();
    expect(await a.evaluate(() => document.activeElement?.textContent)).toBe('Unsettled0');
    await a.keyboard.press('End');
    await a.getByText('No settled Expenses').waitFor();
    expect(await a.getByRole('link', { name: 'Create an Expense' }).count()).toBe(0);
    await a.keyboard.press('Home');
    await a.getByText('No Expenses Yet').waitFor();
    await a.getByRole('region', { name: 'Balances' }).waitFor();
    await expectTransfers(a, []);
    await expectAccessibleInBothThemes(a);

    // 'Create an Expense' opens the form, whose back link returns to /expenses.
    await a.getByRole('link', { name: 'Create an Expense' }).click();
    await a.waitForURL(`${baseUrl}/add-expense`);
    await a.getByRole('heading', { name: 'New Expense' }).waitFor();
    expect(await a.getByRole('link', { name: 'Back to expenses' }).getAttribute('href')).toBe('/expenses');
    const today = await a.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    // The form's defaults (docs/expenses.md): paid by you, today, split equally, not recurring.
    expect(await a.getByLabel('Paid by').inputValue()).toBe(ada.id);
    expect(await a.getByLabel('Date').inputValue()).toBe(today);
    expect(await a.getByRole('radio', { name: 'Equal' }).isChecked()).toBe(true);
    expect(await a.getByLabel('Amount', { exact: true }).getAttribute('step')).toBe('0.01');
    const recurring = a.getByRole('switch', { name: 'Recurring expense' });
    expect(await recurring.getAttribute('aria-checked')).toBe('false');
    expect(await a.getByLabel('Repeats').count()).toBe(0);
    // The recurring toggle reveals the interval, monthly by default, only while it is on.
    await recurring.click();
    expect(await a.getByLabel('Repeats').inputValue()).toBe('monthly');
    await recurring.click();
    await a.getByLabel('Repeats').waitFor({ state: 'detached' });

    // A new expense is Other until its title says more; its category follows the title until
    // one is chosen, so the rent never becomes Groceries.
    const category = a.getByLabel('Category');
    expect(await category.inputValue()).toBe('other');
    await a.getByLabel('Title').fill('Electricity bill March');
    expect(await category.inputValue()).toBe('utilities');
    await a.getByLabel('Title').fill('Rent');
    expect(await category.inputValue()).toBe('rent');
    await a.getByLabel('Title').fill('');
    expect(await category.inputValue()).toBe('other');
    await a.getByRole('button', { name: 'Monthly rent' }).click();
    expect(await category.inputValue()).toBe('rent');
    await a.getByLabel('Title').fill('');

    // Title suggestions follow the category once one is chosen, while the title is empty.
    await a.getByRole('button', { name: 'Weekly groceries' }).waitFor();
    await a.getByLabel('Category').selectOption('utilities');
    await a.getByRole('button', { name: 'Weekly groceries' }).waitFor({ state: 'detached' });
    await a.getByRole('button', { name: 'Electricity bill' }).click();
    expect(await a.getByLabel('Title').inputValue()).toBe('Electricity bill');
    await a.getByRole('button', { name: 'Water bill' }).waitFor({ state: 'detached' });
    await a.getByLabel('Title').fill('');
    await a.getByRole('button', { name: 'Water bill' }).waitFor();

    // Quick amounts fill the amount.
    const quick = a.getByRole('group', { name: 'Quick amounts' });
    expect(await quick.getByRole('button').allTextContents()).toEqual(['$10', '$25', '$50', '$100']);
    await quick.getByRole('button', { name: '$25' }).click();
    expect(await a.getByLabel('Amount', { exact: true }).inputValue()).toBe('25.00');
    expect(await quick.getByRole('button', { name: '$25' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessibleInBothThemes(a);

    // The floating header changes style once the page has scrolled past 10 px.
    expect(await a.locator('header[data-scrolled]').getAttribute('data-scrolled')).toBe('false');
    await a.evaluate(() => window.scrollTo(0, 200));
    await a.locator('header[data-scrolled="true"]').waitFor();
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.locator('header[data-scrolled="false"]').waitFor();

    // Pizza night, 30.00 split equally among the three: the summary shows 10.00 each.
    await a.getByLabel('Title').fill('  Pizza night ');
    // Chosen by hand, the category stays whatever the title says.
    expect(await category.inputValue()).toBe('utilities');
    await a.getByLabel('Amount', { exact: true }).fill('30.00');
    await a.getByLabel('Category').selectOption('dining');
    const summary = a.getByTestId('split-summary');
    for (const name of ['Ada E.', 'Bea E.', 'Cleo E.']) {
      await summary
        .getByRole('listitem')
        .filter({ hasText: `${name}$10.00` })
        .waitFor();
    }
    expect(await a.getByTestId('split-total').textContent()).toBe('Total$30.00');
    expect(await summary.getAttribute('data-ok')).toBe('true');
    const [created] = await Promise.all([
      a.waitForResponse(isExpenseCall('POST', '/api/expenses')),
      a.getByRole('button', { name: 'Create Expense' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toEqual({
      expense: {
        title: 'Pizza night',
        amount: '30.00',
        category: 'dining',
        description: '',
        notes: '',
        date: today,
        splitType: 'equal',
        paidBy: ada.id,
        customSplits: null,
        isRecurring: false,
        recurringInterval: 'monthly',
        recurringEndDate: null,
      },
      splits: [
        { userId: ada.id, amount: '10.00' },
        { userId: bea.id, amount: '10.00' },
        { userId: cleo.id, amount: '10.00' },
      ],
    });
    await a.waitForURL(`${baseUrl}/expenses`);

    // Ada's row says what she lent; opened, its details and her balance. Bea and Cleo see what
    // they owe without a reload.
    await card(a, 'Pizza night').getByText('You lent').waitFor();
    await card(a, 'Pizza night').getByText('Ada E. paid $30.00 · Today').waitFor();
    const pizza = await opened(a, 'Pizza night');
    await pizza.getByText('Paid by Ada E.').waitFor();
    await pizza.getByText('Today · Dining').waitFor();
    await pizza.getByText('$30.00', { exact: true }).waitFor();
    expect(await split(pizza, 'Ada E.').textContent()).toContain('Paid');
    await expectBalance(a, '$20.00', '$0.00');
    await expectBalance(b, '$0.00', '$10.00');
    await expectBalance(c, '$0.00', '$10.00');
    await card(b, 'Pizza night').getByText('You borrowed').waitFor();
    await expectTabs(a, ['All1', 'Unsettled1', 'Settled0']);
    // Only the payer and the member concerned are offered 'Settle' on a share.
    await split(pizza, 'Bea E.')
      .getByRole('button', { name: "Settle Bea E.'s share of Pizza night" })
      .waitFor();
    const cleoOnBea = split(await opened(b, 'Pizza night'), 'Cleo E.');
    await cleoOnBea.getByText('Owes').waitFor();
    expect(await cleoOnBea.getByRole('button').count()).toBe(0);
    // Only the payer adds a receipt.
    await pizza.getByLabel('Add receipt for Pizza night').waitFor({ state: 'attached' });
    expect(await card(b, 'Pizza night').getByLabel('Add receipt for Pizza night').count()).toBe(0);
    expect(await a.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/expenses/export.csv',
    );
    await expectTransfers(a, ['Bea E. owes you $10.00', 'Cleo E. owes you $10.00']);
    expect(await a.getByRole('switch', { name: 'Simplify debts' }).getAttribute('aria-checked')).toBe('true');
    await expectAccessibleInBothThemes(a);

    // Bea sees why she owes Ada (each member's net) and settles up: one payment of that debt.
    await expectTransfers(b, ['You owe Ada E. $10.00', 'Cleo E. owes Ada E. $10.00']);
    const beaOwes = b.getByRole('button', { name: 'You owe Ada E. $10.00' });
    await beaOwes.click();
    expect(await beaOwes.getAttribute('aria-expanded')).toBe('true');
    const why = b.getByTestId('debt').filter({ has: beaOwes });
    await why.getByTestId('explain-member').nth(2).waitFor();
    expect(await why.getByTestId('explain-member').count()).toBe(3);
    await why.getByText('Total').waitFor();
    // Settle up is offered only on the debt Bea pays.
    expect(await b.getByRole('button', { name: /^Settle up/ }).count()).toBe(1);
    await b.getByRole('button', { name: 'Settle up with Ada E.' }).click();
    const dialog = b.getByRole('dialog', { name: 'Settle up with Ada E.?' });
    await dialog.getByText('Record that you paid Ada E. $10.00.').waitFor();
    await expectAccessible(b);
    const [settled] = await Promise.all([
      b.waitForResponse(isExpenseCall('POST', '/api/settle-up')),
      dialog.getByRole('button', { name: 'Settle up' }).click(),
    ]);
    expect(settled.request().postDataJSON()).toEqual({ toUserId: ada.id, clientId: expect.any(String) });
    expect((await settled.json()).payment).toMatchObject({
      fromUserId: bea.id,
      toUserId: ada.id,
      amount: '10.00',
    });
    await dialog.waitFor({ state: 'hidden' });
    await b.getByRole('status').filter({ hasText: 'Recorded: You paid Ada E. $10.00.' }).waitFor();
    // The payment is in Bea's history; she can delete it (with Undo) if it was a mistake.
    await b.getByTestId('payment-card').filter({ hasText: 'You paid Ada E. $10.00' }).waitFor();

    // All three screens agree: Ada is owed 10.00 by Cleo only; Bea is all settled.
    await expectBalance(b, '$0.00', '$0.00');
    await expectTransfers(b, ['Cleo E. owes Ada E. $10.00']);
    await expectBalance(a, '$10.00', '$0.00');
    await expectTransfers(a, ['Cleo E. owes you $10.00']);
    await expectBalance(c, '$0.00', '$10.00');
    await expectTransfers(c, ['You owe Ada E. $10.00']);
    await c.getByRole('button', { name: 'Settle up with Ada E.' }).waitFor();
    await a.getByTestId('payment-card').filter({ hasText: 'Bea E. paid you $10.00' }).waitFor();
    // Person to person (the household's setting, for everyone), the same single debt.
    const simplify = a.getByRole('switch', { name: 'Simplify debts' });
    await simplify.click();
    await a.getByRole('switch', { name: 'Simplify debts', checked: false }).waitFor();
    await expectTransfers(a, ['Cleo E. owes you $10.00']);
    // Settling up linked the payment to Bea's share: it shows as settled on every screen.
    await pizza.getByText('50% settled').waitFor();
    await split(pizza, 'Bea E.').getByText('Settled').waitFor();
    await split(await opened(c, 'Pizza night'), 'Bea E.')
      .getByText('Settled')
      .waitFor();
    await expectAccessibleInBothThemes(a);

    // Ada settles Cleo's share: a payment linked to it; nobody owes anything any more, and the
    // expense, settled, can no longer be deleted.
    await pizza.getByRole('button', { name: 'Delete "Pizza night"' }).waitFor();
    const [patched] = await Promise.all([
      a.waitForResponse((r) => r.url().includes('/api/expense-splits/') && r.request().method() === 'PATCH'),
      split(pizza, 'Cleo E.').getByRole('button', { name: "Settle Cleo E.'s share of Pizza night" }).click(),
    ]);
    expect(patched.request().postDataJSON()).toEqual({ settled: true });
    await split(pizza, 'Cleo E.').getByText('Settled').waitFor();
    await pizza.getByRole('button', { name: 'Delete "Pizza night"' }).waitFor({ state: 'detached' });
    await pizza.getByText('50% settled').waitFor({ state: 'detached' });
    await expectBalance(a, '$0.00', '$0.00');
    await expectTransfers(a, []);
    await expectBalance(c, '$0.00', '$0.00');
    await expectTransfers(c, []);
    await expectTransfers(b, []);
    await a.getByTestId('payment-card').filter({ hasText: 'Cleo E. paid you $10.00' }).waitFor();
    // The tabs count the household's expenses (the server counts them); All also lists the payments.
    await expectTabs(a, ['All1', 'Unsettled0', 'Settled1']);
    await a.getByRole('tab', { name: /^Settled/ }).click();
    await a.getByRole('tab', { name: /^Settled/, selected: true }).waitFor();
    // The list changes in a transition: Pizza night is in both, the payments only in All's.
    await expect.poll(() => a.getByTestId('payment-card').count()).toBe(0);
    await card(a, 'Pizza night').waitFor();
    await a.getByRole('tab', { name: /^Unsettled/ }).click();
    await a.getByText('No unsettled Expenses').waitFor();

    for (const watcher of errors) watcher.assertNone();
  });

  it('checks percentages and amounts, keeps the form when the server fails, and deletes', async () => {
    const [ada, bea] = (await household('Bea')) as [Member, Member];
    const a = ada.page;
    // 500: the refused create below.
    const aErrors = watchPageErrors(a, [500]);
    await a.goto('/expenses');
    await a.getByRole('link', { name: 'Add expense' }).click();
    await a.waitForURL(`${baseUrl}/add-expense`);
    const posts: string[] = [];
    a.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/expenses')) posts.push(request.url());
    });

    // Nothing is sent without a title and an amount.
    await a.getByRole('button', { name: 'Create Expense' }).click();
    await a.getByText('Title is required').waitFor();
    await a.getByText(/^Amount must be more than 0/).waitFor();
    expect(await a.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await a.getByLabel('Title').fill('Electricity bill');
    await a.getByText('Title is required').waitFor({ state: 'detached' });
    await a.getByLabel('Amount', { exact: true }).fill('90');

    // Percentages start at 0 and must add up to 100: the summary turns red and says so.
    await a.getByText('Percentage', { exact: true }).click();
    const adaPercent = a.getByLabel('Ada E. percent');
    const beaPercent = a.getByLabel('Bea E. percent');
    expect(await adaPercent.inputValue()).toBe('0');
    expect(await beaPercent.inputValue()).toBe('0');
    const summary = a.getByTestId('split-summary');
    await adaPercent.fill('50');
    await beaPercent.fill('30');
    await summary.getByText('20% left to assign: the percentages must add up to 100%').waitFor();
    await redSummary(a).waitFor();
    expect(await a.getByTestId('split-total').textContent()).toBe('Total$72.00 (80% of 100%)');
    await expectAccessible(a);
    await a.getByRole('button', { name: 'Create Expense' }).click();
    expect(await adaPercent.getAttribute('aria-invalid')).toBe('true');
    expect(await a.evaluate(() => document.activeElement?.id)).toBe(await adaPercent.getAttribute('id'));
    // Within 0.1 of 100 is fine.
    await beaPercent.fill('50.05');
    await okSummary(a).waitFor();
    await beaPercent.fill('50.2');
    await summary.getByText('0.2% too much: the percentages must add up to 100%').waitFor();
    await beaPercent.fill('50');
    await okSummary(a).waitFor();
    expect(await a.getByTestId('split-total').textContent()).toBe('Total$90.00 (100% of 100%)');

    // Custom amounts start at 0.00 and must add up to the amount.
    await a.getByText('Custom', { exact: true }).click();
    const adaAmount = a.getByLabel('Ada E. share in dollars');
    const beaAmount = a.getByLabel('Bea E. share in dollars');
    expect(await adaAmount.inputValue()).toBe('0.00');
    await adaAmount.fill('60');
    await beaAmount.fill('20');
    await summary.getByText('$10.00 left to assign: the shares must add up to $90.00').waitFor();
    await redSummary(a).waitFor();
    await a.getByRole('button', { name: 'Create Expense' }).click();
    expect(posts).toEqual([]);
    await beaAmount.fill('30');
    await okSummary(a).waitFor();
    await a.getByLabel('Notes').fill('Meter read on the 1st.');

    // The server fails once: 'Creating...' meanwhile, then an error, and the form as it was.
    const release = await holdPostsThenFail(a, '**/api/expenses');
    await a.getByRole('button', { name: 'Create Expense' }).click();
    const pending = a.getByRole('button', { name: 'Creating...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    const failure = a.getByRole('alert').filter({ hasText: 'Unable to create expense' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain(SERVER_DOWN);
    expect(await a.getByLabel('Title').inputValue()).toBe('Electricity bill');
    expect(await a.getByLabel('Amount', { exact: true }).inputValue()).toBe('90');
    expect(await adaAmount.inputValue()).toBe('60');
    expect(await beaAmount.inputValue()).toBe('30');
    expect(await a.getByLabel('Notes').inputValue()).toBe('Meter read on the 1st.');
    await a.getByRole('button', { name: 'Create Expense' }).waitFor();
    await expectAccessible(a);
    await a.unroute('**/api/expenses');

    const [created] = await Promise.all([
      a.waitForResponse(isExpenseCall('POST', '/api/expenses')),
      a.getByRole('button', { name: 'Create Expense' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({
      expense: {
        title: 'Electricity bill',
        amount: '90',
        splitType: 'custom',
        notes: 'Meter read on the 1st.',
        customSplits: { [ada.id]: '60', [bea.id]: '30' },
      },
      splits: [
        { userId: ada.id, amount: '60.00' },
        { userId: bea.id, amount: '30.00' },
      ],
    });
    await a.waitForURL(`${baseUrl}/expenses`);
    const bill = await opened(a, 'Electricity bill');
    await split(bill, 'Bea E.').getByText('$30.00').waitFor();
    await expectBalance(a, '$30.00', '$0.00');

    // The payer adds a photo of the receipt; the card shows it.
    const photo = await sharp({ create: { width: 80, height: 120, channels: 3, background: '#e2e8f0' } })
      .png()
      .toBuffer();
    const [uploaded] = await Promise.all([
      a.waitForResponse((r) => r.url().endsWith('/receipt') && r.request().method() === 'POST'),
      bill
        .getByLabel('Add receipt for Electricity bill')
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: photo }),
    ]);
    expect(uploaded.status()).toBe(200);
    const receipt = bill.getByRole('link', { name: 'Receipt for Electricity bill (opens in a new tab)' });
    await receipt.waitFor();
    expect(await receipt.getAttribute('href')).toMatch(/^\/api\/images\//);
    await bill.getByLabel('Replace receipt for Electricity bill').waitFor({ state: 'attached' });
    await a.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('a[href^="/api/images/"] img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    // Anything but an image is refused before it is sent.
    await bill
      .getByLabel('Replace receipt for Electricity bill')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await bill.getByRole('alert').filter({ hasText: 'Please select an image file' }).waitFor();
    await expectAccessible(a);

    // Delete asks first; Cancel keeps the expense, Delete removes it.
    await bill.getByRole('button', { name: 'Delete "Electricity bill"' }).click();
    const dialog = a.getByRole('dialog', { name: 'Delete "Electricity bill"?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await bill.getByRole('button', { name: 'Delete "Electricity bill"' }).click();
    const [deleted] = await Promise.all([
      a.waitForResponse((r) => r.url().includes('/api/expenses/') && r.request().method() === 'DELETE'),
      dialog.getByRole('button', { name: 'Delete' }).click(),
    ]);
    expect(deleted.status()).toBe(204);
    await a.getByText('No Expenses Yet').waitFor();
    await expectBalance(a, '$0.00', '$0.00');

    aErrors.assertNone();
  });
});
