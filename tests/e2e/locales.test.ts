// Issue 28, a household in its own currency and languages: a German household in euros adds an
// expense paid in pounds at a rate, sees amounts, weeks and chat notices the German way, and a
// Spanish member sees the same household in Spanish. Words are looked up in the catalogues by
// their English, so the test reads as the English screens do.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expenseMessages } from '#shared/expenses/schemas.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { readCatalog } from '../../scripts/i18n.ts';
import { uniqueEmail, watchPageErrors } from './helpers.ts';
import { browserPerFile, expectAccessible, joinHousehold } from './setup.ts';

const baseUrl = inject('baseUrl');
const files = browserPerFile();
const PASSWORD = 'correct horse battery';
const english = [...readCatalog('en')];

/** What the screens say in `language` where English says `text`. */
function say(language: Language, text: string, values?: Record<string, unknown>): string {
  const id = english.find(([, message]) => message === text)?.[0];
  if (!id) throw new Error(`No catalogue message says "${text}"`);
  return translate(language, id as Parameters<typeof translate>[1], values);
}

const euros = (locale: string, amount: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(amount);
const monday = (locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(new Date(2024, 0, 1));

/** Signs up through the German screens and creates a household in the currency offered. */
async function signUpAndCreate(page: Page, firstName: string): Promise<string> {
  const de = (text: string, values?: Record<string, unknown>) => say('de', text, values);
  await page.goto('/auth');
  await page.getByRole('heading', { name: de('Welcome back') }).waitFor();
  await page.getByRole('button', { name: de('Create Account') }).click();
  await page.getByLabel(de('First name')).fill(firstName);
  await page.getByLabel(de('Last name')).fill('Example');
  await page.getByLabel(de('Email')).fill(uniqueEmail(firstName.toLowerCase()));
  await page.getByLabel(de('Password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(de('Confirm password')).fill(PASSWORD);
  await page.getByRole('button', { name: de('Create Account') }).click();
  await page.getByRole('heading', { name: de('Welcome, {name}!', { name: firstName }) }).waitFor();
  await page.getByRole('button', { name: de('Get Started') }).click();
  await page.getByRole('heading', { name: de('Choose Your Path') }).waitFor();
  await page.getByRole('button', { name: new RegExp(de('Create Household')) }).click();
  await page.getByLabel(de('Household name')).fill('Altbau WG');
  const currency = page.getByRole('combobox', { name: de('Currency') });
  // A browser in Germany starts the household in euros.
  expect(await currency.inputValue()).toBe('EUR');
  const [created] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/households') && r.request().method() === 'POST'),
    page.getByRole('button', { name: de('Continue') }).click(),
  ]);
  expect(created.status()).toBe(201);
  const household = (await created.json()) as { currency: string; inviteCode: string };
  expect(household.currency).toBe('EUR');
  return household.inviteCode;
}

describe('a household in euros, in German and Spanish', () => {
  it('converts an expense in pounds, writes amounts, weeks and chat notices in each member’s language', async () => {
    const adaContext = await files.newContext(baseUrl, { locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const ada = await adaContext.newPage();
    const adaErrors = watchPageErrors(ada, [401]);
    const inviteCode = await signUpAndCreate(ada, 'Ada');

    // Bea's browser is Spanish and so is her setting.
    const beaContext = await files.newContext(baseUrl, { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    const registered = await beaContext.request.post('/api/register', {
      data: {
        email: uniqueEmail('bea'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Bea',
        lastName: 'Example',
      },
    });
    expect(registered.status()).toBe(201);
    expect((await beaContext.request.patch('/api/user', { data: { language: 'es' } })).status()).toBe(200);
    await joinHousehold({ context: beaContext }, inviteCode);

    // An expense of £1,000.00 at 1.23456 euros to the pound: €1,234.56, split in two.
    await ada.goto('/add-expense');
    await ada.getByLabel(say('de', 'Title'), { exact: true }).fill('Umzugswagen');
    // The form's own sentences are German too.
    await ada.getByRole('button', { name: say('de', 'Create Expense') }).click();
    await ada.getByText(say('de', expenseMessages.amountInvalid), { exact: true }).waitFor();
    await ada.getByLabel(say('de', 'Amount'), { exact: true }).fill('1000.00');
    await ada.getByRole('combobox', { name: say('de', 'Currency') }).selectOption('GBP');
    await ada.locator('input[name="exchangeRate"]').fill('1.23456');

    // Split by percentages typed with a decimal comma, and written with one.
    const percent = (value: number) =>
      new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
    await ada.getByText(say('de', 'Percentage'), { exact: true }).click();
    const adaPercent = ada.getByLabel(`Ada E. ${say('de', 'percent')}`);
    const beaPercent = ada.getByLabel(`Bea E. ${say('de', 'percent')}`);
    await adaPercent.fill('62,5');
    await beaPercent.fill('30');
    const left = '{percent} left to assign: the percentages must add up to 100%';
    await ada.getByText(say('de', left, { percent: percent(7.5) })).waitFor();
    await beaPercent.fill('37,5');
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'GBP' }).format(1000);
    expect(await ada.getByTestId('split-total').textContent()).toBe(
      `${say('de', 'Total')}${say('de', '{total} ({percent}% of 100%)', { total, percent: '100' })}`,
    );
    expect(await ada.getByTestId('split-summary').textContent()).toContain(`(${percent(62.5)})`);
    const [saved] = await Promise.all([
      ada.waitForResponse((r) => r.url().endsWith('/api/expenses') && r.request().method() === 'POST'),
      ada.getByRole('button', { name: say('de', 'Create Expense') }).click(),
    ]);
    expect(saved.status()).toBe(201);
    expect(await saved.json()).toMatchObject({
      amount: '1234.56',
      splitType: 'percentage',
      original: { currency: 'GBP', amount: '1000.00', exchangeRate: '1.23456' },
    });
    // The API takes the percentages with a point, as ever.
    const sent = saved.request().postDataJSON() as { expense: { customSplits: Record<string, string> } };
    expect(Object.values(sent.expense.customSplits).sort()).toEqual(['37.5', '62.5']);
    await ada.waitForURL(`${baseUrl}/expenses`);
    // The row opens to the expense's details, which show the amount and what was paid.
    await ada.locator('[data-testid="expense-card"] button[aria-expanded]').first().click();
    await ada.getByText(euros('de-DE', 1234.56), { exact: true }).first().waitFor();
    const original = ada.getByTestId('original-amount').first();
    expect(await original.textContent()).toContain(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'GBP' }).format(1000),
    );
    await expectAccessible(ada);

    // Weeks start on Monday in Germany.
    await ada.goto('/calendar');
    const firstDay = ada.locator('table[role="grid"] thead th').first();
    await firstDay.waitFor();
    expect(await firstDay.getAttribute('abbr')).toBe(monday('de-DE'));

    // The chat says who joined in the reader's language.
    await ada.goto('/messages');
    await ada.getByText(say('de', '{name} joined the household', { name: 'Bea E.' })).waitFor();
    adaErrors.assertNone();

    // Bea sees the same household in Spanish: the amount, the week and the notice.
    const bea = await beaContext.newPage();
    const beaErrors = watchPageErrors(bea, [401]);
    await bea.goto('/expenses');
    await bea.locator('[data-testid="expense-card"] button[aria-expanded]').first().click();
    await bea.getByText(euros('es-ES', 1234.56), { exact: true }).first().waitFor();
    expect(await bea.evaluate(() => document.documentElement.dataset.language)).toBe('es');
    await bea.goto('/calendar');
    const beaFirstDay = bea.locator('table[role="grid"] thead th').first();
    await beaFirstDay.waitFor();
    expect(await beaFirstDay.getAttribute('abbr')).toBe(monday('es-ES'));
    await bea.goto('/messages');
    await bea.getByText(say('es', '{name} joined the household', { name: 'Bea E.' })).waitFor();
    beaErrors.assertNone();
  });
});
