// The money's history in two browsers: an expense edited (the balances follow), deleted and
// brought back with Undo or from Deleted items, all of it in the activity feed, live; a chore
// with every field edited; the feed paged with Load more from the dashboard.
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { localDueDate } from '../../src/web/features/chores/chore-view.ts';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessible,
  expectAccessibleInBothThemes,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'who-ate-my-yoghurt-2024';
// A fixed zone, so that the due dates the test types are the ones it expects the API to get.
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();

async function member(firstName: string): Promise<Member> {
  const context = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
  return registerMember(context, { firstName, password: PASSWORD });
}

/** Ada's household with Bea in it. */
async function household(): Promise<[Member, Member]> {
  const ada = await member('Ada');
  const { inviteCode } = await createHousehold(ada, 'Rowan House');
  const bea = await member('Bea');
  await joinHousehold(bea, inviteCode);
  return [ada, bea];
}

/** An expense `payer` paid, split equally between the two, made through the API. */
async function addExpense(payer: Member, other: Member, title: string, cents: number): Promise<string> {
  const half = (n: number) => (n / 100).toFixed(2);
  const response = await payer.context.request.post('/api/expenses', {
    data: {
      expense: { title, amount: half(cents), category: 'utilities', paidBy: payer.id, splitType: 'equal' },
      splits: [
        { userId: payer.id, amount: half(Math.ceil(cents / 2)) },
        { userId: other.id, amount: half(Math.floor(cents / 2)) },
      ],
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[$.()]/g, '\\$&')}$`);

/** Waits until the 'Your Balance' card shows these two amounts. */
async function expectBalance(page: Page, owed: string, owing: string): Promise<void> {
  await page
    .getByTestId('balance-owed')
    .filter({ hasText: exactly(owed) })
    .waitFor();
  await page
    .getByTestId('balance-owing')
    .filter({ hasText: exactly(owing) })
    .waitFor();
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

const call = (method: string, path: RegExp) => (response: Response) =>
  path.test(new URL(response.url()).pathname) && response.request().method() === method;

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** The kinds of the feed's entries, top to bottom. */
const feedKinds = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="activity-entry"]')].map((e) => e.getAttribute('data-kind')),
  );

describe('money history', () => {
  it('edits an expense, undoes a delete, restores from Deleted items, and shows it all in the feed', async () => {
    const [ada, bea] = await household();
    const a = ada.page;
    const b = bea.page;
    const errors = [watchPageErrors(a), watchPageErrors(b)];
    const electricity = await addExpense(ada, bea, 'Electricity', 3000);
    await addExpense(ada, bea, 'Groceries run', 2000);

    await openLive(b, '/expenses');
    await openLive(a, '/expenses');
    await expectBalance(a, '$25.00', '$0.00');
    await expectBalance(b, '$0.00', '$25.00');

    // Edit opens the form filled in with the expense; any member may edit.
    await (await opened(b, 'Electricity')).getByRole('link', { name: 'Edit "Electricity"' }).waitFor();
    await (await opened(a, 'Electricity')).getByRole('link', { name: 'Edit "Electricity"' }).click();
    await a.waitForURL(`${baseUrl}/expenses/${electricity}/edit`);
    await a.getByRole('heading', { name: 'Edit Expense' }).waitFor();
    expect(await a.getByRole('link', { name: 'Back to expenses' }).getAttribute('href')).toBe('/expenses');
    expect(await a.getByLabel('Title').inputValue()).toBe('Electricity');
    expect(await a.getByLabel('Amount', { exact: true }).inputValue()).toBe('30.00');
    expect(await a.getByLabel('Category').inputValue()).toBe('utilities');
    expect(await a.getByLabel('Paid by').inputValue()).toBe(ada.id);
    expect(await a.getByRole('radio', { name: 'Equal' }).isChecked()).toBe(true);
    expect(await a.getByTestId('split-total').textContent()).toBe('Total$30.00');
    await expectAccessibleInBothThemes(a);

    // Only what changed is sent: the new amount and the shares it makes.
    await a.getByLabel('Amount', { exact: true }).fill('45.00');
    const [patched] = await Promise.all([
      a.waitForResponse(call('PATCH', /^\/api\/expenses\/[^/]+$/)),
      a.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(patched.status()).toBe(200);
    expect(patched.request().postDataJSON()).toEqual({
      expense: { amount: '45.00', splitType: 'equal' },
      splits: [
        { userId: ada.id, amount: '22.50' },
        { userId: bea.id, amount: '22.50' },
      ],
    });
    await a.waitForURL(`${baseUrl}/expenses`);
    await (await opened(a, 'Electricity')).getByText('$45.00', { exact: true }).waitFor();
    // The balances follow, on both screens.
    await expectBalance(a, '$32.50', '$0.00');
    await expectBalance(b, '$0.00', '$32.50');

    // Delete asks, then offers Undo, which brings the expense and its shares back.
    const groceries = await opened(a, 'Groceries run');
    await groceries.getByRole('button', { name: 'Delete "Groceries run"' }).click();
    const dialog = a.getByRole('dialog', { name: 'Delete "Groceries run"?' });
    await dialog.getByText('Deleted items').waitFor();
    await expectAccessible(a);
    const [deleted] = await Promise.all([
      a.waitForResponse(call('DELETE', /^\/api\/expenses\/[^/]+$/)),
      dialog.getByRole('button', { name: 'Delete' }).click(),
    ]);
    expect(deleted.status()).toBe(204);
    await toast(a, 'Expense deleted').waitFor();
    await groceries.waitFor({ state: 'detached' });
    await expectBalance(a, '$22.50', '$0.00');
    await card(b, 'Groceries run').waitFor({ state: 'detached' });
    // The card that had the focus is gone: Undo has it, one key press away.
    expect(await a.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    const [restored] = await Promise.all([
      a.waitForResponse(call('POST', /^\/api\/expenses\/[^/]+\/restore$/)),
      a.keyboard.press('Enter'),
    ]);
    expect(restored.status()).toBe(200);
    await toast(a, 'Expense restored').waitFor();
    await groceries.waitFor();
    await expectBalance(a, '$32.50', '$0.00');
    await expectBalance(b, '$0.00', '$32.50');

    // Another deleted, left in the trash, then restored from Deleted items.
    await (await opened(a, 'Electricity')).getByRole('button', { name: 'Delete "Electricity"' }).click();
    await a
      .getByRole('dialog', { name: 'Delete "Electricity"?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(a, 'Expense deleted').waitFor();
    await card(a, 'Electricity').waitFor({ state: 'detached' });
    await expectBalance(a, '$10.00', '$0.00');
    // A payment Bea records and deletes waits in the trash too.
    const paid = await bea.context.request.post('/api/payments', {
      data: { toUserId: ada.id, amount: '5.00' },
    });
    expect(paid.status()).toBe(201);
    const payment = ((await paid.json()) as { id: string }).id;
    expect((await bea.context.request.delete(`/api/payments/${payment}`)).status()).toBe(204);
    await a.getByRole('link', { name: 'Deleted items' }).click();
    await a.waitForURL(`${baseUrl}/expenses/deleted`);
    await a.getByRole('heading', { name: 'Deleted items', level: 1 }).waitFor();
    const item = a.getByTestId('trash-item').filter({ hasText: 'Electricity' });
    await item.getByText('Deleted by Ada E.').waitFor();
    await item.getByText('$45.00').waitFor();
    await item.getByText('Restore within 30 days').waitFor();
    await expectAccessibleInBothThemes(a);
    const [fromTrash] = await Promise.all([
      a.waitForResponse(call('POST', /^\/api\/expenses\/[^/]+\/restore$/)),
      item.getByRole('button', { name: 'Restore "Electricity"' }).click(),
    ]);
    expect(fromTrash.status()).toBe(200);
    await item.waitFor({ state: 'detached' });
    const [paymentBack] = await Promise.all([
      a.waitForResponse(call('POST', /^\/api\/payments\/[^/]+\/restore$/)),
      a.getByRole('button', { name: 'Restore payment: Bea E. paid you $5.00' }).click(),
    ]);
    expect(paymentBack.status()).toBe(200);
    await a.getByText('Nothing here.', { exact: false }).waitFor();
    await a.getByRole('link', { name: 'Back to expenses' }).click();
    await card(a, 'Electricity').waitFor();
    await expectBalance(a, '$27.50', '$0.00');
    await expectBalance(b, '$0.00', '$27.50');

    // The feed has all of it, newest first, with the edit's fields before → after.
    await a.getByRole('link', { name: 'Activity', exact: true }).click();
    await a.waitForURL(`${baseUrl}/activity`);
    await a.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    expect(await a.getByRole('link', { name: 'Back to expenses' }).getAttribute('href')).toBe('/expenses');
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="activity-entry"]').length >= 10);
    expect((await feedKinds(a)).slice(0, 10)).toEqual([
      'payment_restored',
      'expense_restored',
      'payment_deleted',
      'payment_recorded',
      'expense_deleted',
      'expense_restored',
      'expense_deleted',
      'expense_edited',
      'expense_created',
      'expense_created',
    ]);
    const edited = a.locator('[data-testid="activity-entry"][data-kind="expense_edited"]');
    await edited.getByText('Ada E.', { exact: true }).waitFor();
    await edited.getByText('edited an expense').waitFor();
    const amount = edited.getByTestId('activity-change').filter({ hasText: 'Amount:' });
    expect(await amount.textContent()).toMatch(/^Amount:\s*30\.00\s*→\s*changed to\s*45\.00$/);
    const shares = edited.getByTestId('activity-change').filter({ hasText: 'Shares:' });
    expect(await shares.textContent()).toMatch(/15\.00.*→.*22\.50/);
    await expectAccessibleInBothThemes(a);

    // Filters: by kind, and by member (Bea only recorded and deleted her payment).
    await a.getByLabel('Type').selectOption('chores');
    await a.getByText('Nothing matches these filters.').waitFor();
    await a.getByLabel('Type').selectOption('money');
    await edited.waitFor();
    await a.getByLabel('Member').selectOption(bea.id);
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="activity-entry"]').length === 2);
    expect(await feedKinds(a)).toEqual(['payment_deleted', 'payment_recorded']);

    // Live: Bea adds an expense, and it shows on Ada's feed without a reload.
    await addExpense(bea, ada, 'Bin bags', 600);
    await a.waitForFunction(
      () =>
        document.querySelector('[data-testid="activity-entry"]')?.textContent?.includes('Bin bags') === true,
    );
    expect(await feedKinds(a)).toEqual(['expense_created', 'payment_deleted', 'payment_recorded']);
    await a.getByTestId('activity-entry').first().getByText('Bea E.', { exact: true }).waitFor();

    for (const watcher of errors) watcher.assertNone();
  });

  it('edits every field of a chore', async () => {
    const [ada, bea] = await household();
    const a = ada.page;
    const b = bea.page;
    const errors = [watchPageErrors(a), watchPageErrors(b)];
    const day = (n: number) => format(addDays(TZDate.tz(TIME_ZONE), n), 'yyyy-MM-dd');
    const created = await ada.context.request.post('/api/chores', {
      data: {
        title: 'Water the plants',
        assignedTo: ada.id,
        dueDate: localDueDate(day(2), '18:30', TIME_ZONE),
        priority: 'medium',
        recurrence: 'weekly',
        rotation: 'round_robin',
        category: 'outdoor',
        estimatedDuration: 15,
        reminder: '1hour',
        notes: 'Not the cactus',
        subtasks: ['Herbs', 'Balcony'],
        timeZone: TIME_ZONE,
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await openLive(b, '/chores');
    await openLive(a, '/chores');
    const choreCard = a.getByTestId('chore-card').filter({ hasText: 'Water the plants' });
    await choreCard.getByRole('button', { name: 'Water the plants', exact: true }).click();
    await choreCard.getByRole('link', { name: 'Edit "Water the plants"' }).click();
    await a.waitForURL(`${baseUrl}/chores/${id}/edit`);
    await a.getByRole('heading', { name: 'Edit Chore' }).waitFor();

    // Every field starts as the chore has it.
    expect(await a.getByLabel('Title').inputValue()).toBe('Water the plants');
    expect(await a.getByLabel('Assign to').inputValue()).toBe(ada.id);
    expect(await a.getByLabel('Due date').inputValue()).toBe(day(2));
    expect(await a.getByLabel('Time (optional)').inputValue()).toBe('18:30');
    expect(await a.getByLabel('Priority').inputValue()).toBe('medium');
    expect(await a.getByLabel('Category').inputValue()).toBe('outdoor');
    expect(await a.getByLabel('Repeats').inputValue()).toBe('weekly');
    expect(await a.getByRole('radio', { name: 'Take turns' }).isChecked()).toBe(true);
    expect(await a.getByLabel('Estimated duration').inputValue()).toBe('15');
    expect(await a.getByLabel('Reminder').inputValue()).toBe('1hour');
    expect(await a.getByLabel('Notes').inputValue()).toBe('Not the cactus');
    await a.getByRole('button', { name: 'Remove subtask "Balcony"' }).waitFor();
    await expectAccessibleInBothThemes(a);

    await a.getByLabel('Title').fill('Water all the plants');
    await a.getByLabel('Description').fill('Twice a week in summer');
    await a.getByLabel('Assign to').selectOption(bea.id);
    await a.getByLabel('Due date').fill(day(3));
    await a.getByLabel('Time (optional)').fill('09:00');
    await a.getByLabel('Priority').selectOption('high');
    await a.getByLabel('Category').selectOption('living');
    await a.getByLabel('Repeats').selectOption('monthly');
    await a.getByRole('radio', { name: 'Same person every time' }).check();
    await a.getByLabel('Estimated duration').selectOption('30');
    await a.getByLabel('Reminder').selectOption('1day');
    await a.getByLabel('Notes').fill('The cactus too');
    await a.getByRole('button', { name: 'Remove subtask "Balcony"' }).click();
    await a.getByLabel('New subtask').fill('Kitchen');
    await a.getByLabel('New subtask').press('Enter');
    const [patched] = await Promise.all([
      a.waitForResponse(call('PATCH', /^\/api\/chores\/[^/]+$/)),
      a.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(patched.status()).toBe(200);
    expect(patched.request().postDataJSON()).toEqual({
      title: 'Water all the plants',
      description: 'Twice a week in summer',
      assignedTo: bea.id,
      dueDate: localDueDate(day(3), '09:00', TIME_ZONE),
      priority: 'high',
      recurrence: 'monthly',
      rotation: 'fixed',
      category: 'living',
      estimatedDuration: 30,
      reminder: '1day',
      notes: 'The cactus too',
      subtasks: [
        { text: 'Herbs', done: false },
        { text: 'Kitchen', done: false },
      ],
    });
    await a.waitForURL(`${baseUrl}/chores`);

    // Both screens show the chore as edited.
    const edited = a.getByTestId('chore-card').filter({ hasText: 'Water all the plants' });
    await edited.getByText('Bea E.', { exact: true }).waitFor();
    await b.getByTestId('chore-card').filter({ hasText: 'Water all the plants' }).waitFor();
    await edited.getByRole('button', { name: 'Water all the plants', exact: true }).click();
    await edited.getByText('Twice a week in summer').waitFor();
    await edited.getByText('The cactus too').waitFor();
    for (const [label, value] of [
      ['Priority', 'High'],
      ['Category', 'Living'],
      ['Repeats', 'Monthly'],
      ['Rotation', 'Same person every time'],
      ['Reminder', '1 day before'],
      ['Duration', '30 min'],
      ['Time', '9:00 AM'],
    ]) {
      expect(
        await edited
          .locator('dt', { hasText: exactly(label!) })
          .locator('xpath=..')
          .textContent(),
      ).toBe(`${label}${value}`);
    }
    await edited.getByRole('checkbox', { name: 'Kitchen' }).waitFor();

    // The feed says who edited it and what changed.
    await a.goto('/activity');
    const entry = a.locator('[data-testid="activity-entry"][data-kind="chore_edited"]');
    await entry.getByText('edited a chore').waitFor();
    const title = entry.getByTestId('activity-change').filter({ hasText: 'Title:' });
    expect(await title.textContent()).toMatch(
      /^Title:\s*Water the plants\s*→\s*changed to\s*Water all the plants$/,
    );
    await entry
      .getByTestId('activity-change')
      .filter({ hasText: 'Assigned to:' })
      .getByText(/Bea E\./)
      .waitFor();

    for (const watcher of errors) watcher.assertNone();
  });

  it('pages the feed with Load more, opened from the dashboard', async () => {
    const [ada, bea] = await household();
    const a = ada.page;
    const errors = watchPageErrors(a);
    const id = await addExpense(ada, bea, 'Rent', 120000);
    // One entry for the expense, then one per edit: more than a page of them.
    for (let i = 1; i <= 55; i += 1) {
      const response = await ada.context.request.patch(`/api/expenses/${id}`, {
        data: { expense: { title: `Rent ${i}` } },
      });
      expect(response.status()).toBe(200);
    }

    await openLive(a, '/dashboard');
    await a.getByRole('link', { name: 'All activity' }).click();
    await a.waitForURL(`${baseUrl}/activity`);
    expect(await a.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard');
    const entries = a.getByTestId('activity-entry');
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="activity-entry"]').length === 50);
    expect(await entries.first().getByText('Rent 55').count()).toBeGreaterThan(0);
    await a.getByRole('button', { name: 'Load more' }).click();
    // The rest: the other edits, the expense's creation and whatever came before it.
    await a.waitForFunction(() => document.querySelectorAll('[data-testid="activity-entry"]').length > 55);
    const kinds = await feedKinds(a);
    expect(kinds.filter((kind) => kind === 'expense_edited')).toHaveLength(55);
    expect(kinds.indexOf('expense_created')).toBe(55);
    await a.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    await expectAccessible(a);

    errors.assertNone();
  });
});
