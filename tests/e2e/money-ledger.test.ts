// The money ledger from the Expenses screen: four members settle a tangle of shared bills with
// Simplify debts on, each debt explained to the cent; payments recorded by hand, once however
// often the button is pressed, and deleted with Undo.
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
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
const PASSWORD = 'settle-the-ledger-2024';
const browser = browserPerFile();

async function member(firstName: string): Promise<Member> {
  return registerMember(await browser.newContext(baseUrl), { firstName, password: PASSWORD });
}

/** The first member's household with the others in it, joined in the order given. */
async function household(...names: string[]): Promise<Member[]> {
  const [first, ...others] = await Promise.all(names.map(member));
  const { inviteCode } = await createHousehold(first!, 'Maple House');
  for (const other of others) await joinHousehold(other, inviteCode);
  return [first!, ...others];
}

/** A day as YYYY-MM-DD on this machine's calendar (the browser's too), `days` from today. */
function day(days = 0): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** An expense paid by `payer`, split equally (to the cent) among `among`, through the API. */
async function addExpense(payer: Member, title: string, cents: number, among: Member[], date: string) {
  const share = cents / among.length;
  expect(Number.isInteger(share)).toBe(true);
  const dollars = (c: number) => (c / 100).toFixed(2);
  const response = await payer.context.request.post('/api/expenses', {
    data: {
      expense: {
        title,
        amount: dollars(cents),
        category: 'groceries',
        date,
        paidBy: payer.id,
        splitType: 'equal',
      },
      splits: among.map((m) => ({ userId: m.id, amount: dollars(share) })),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const exactly = (text: string) => new RegExp(`^${text.replace(/[$.()+?]/g, '\\$&')}$`);

async function expectNet(page: Page, text: string): Promise<void> {
  await page
    .getByTestId('balance-net')
    .filter({ hasText: exactly(text) })
    .waitFor();
}

/** Waits until the balances card lists exactly these debts (in any order). */
async function expectDebts(page: Page, expected: string[]): Promise<void> {
  if (expected.length === 0) {
    await page.getByText('Everyone is settled up. Nobody owes anything.').waitFor();
    expect(await page.getByTestId('debt').count()).toBe(0);
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

/**
 * Both themes, with the whole history on screen: an expense card off screen skips rendering
 * (content-visibility), and the colour transitions inside it, which the theme switch waits for,
 * would never end.
 */
async function accessibleInBothThemes(page: Page): Promise<void> {
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: viewport.width, height: 4000 });
  await expectAccessibleInBothThemes(page);
  await page.setViewportSize(viewport);
}

const debtRow = (page: Page, text: string) =>
  page.getByTestId('debt').filter({ has: page.getByRole('button', { name: text, exact: true }) });

const call = (method: string, path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

/** '+$10.00' / '-$3.00' → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,+]/g, '')) * 100);

/**
 * Settles up every debt the member's balances card offers, one after another, and returns what
 * was paid to whom. The first by keyboard alone; the others with the pointer.
 */
async function settleEverything(page: Page, useKeyboard: boolean): Promise<string[]> {
  const paid: string[] = [];
  await page
    .getByText(/payments? settles? everything|Everyone is settled up/)
    .first()
    .waitFor();
  for (;;) {
    const buttons = page.getByRole('button', { name: /^Settle up with / });
    if ((await buttons.count()) === 0) return paid;
    const button = buttons.first();
    const name = (await button.getAttribute('aria-label'))!.replace('Settle up with ', '');
    const row = page.getByTestId('debt').filter({ has: button });
    const owed = /\$[\d,.]+$/.exec((await row.getByRole('button').first().textContent())!.trim())![0];
    const dialog = page.getByRole('dialog', { name: `Settle up with ${name}?` });
    if (useKeyboard && paid.length === 0) {
      await button.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      // The safe answer has the focus first; Tab reaches the confirming one.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Settle up');
    } else {
      await button.click();
      await dialog.waitFor();
    }
    await dialog.getByText(`Record that you paid ${name} ${owed}.`).waitFor();
    await expectAccessible(page);
    const [settled] = await Promise.all([
      page.waitForResponse(call('POST', '/api/settle-up')),
      useKeyboard && paid.length === 0
        ? page.keyboard.press('Enter')
        : dialog.getByRole('button', { name: 'Settle up' }).click(),
    ]);
    expect(settled.ok(), await settled.text()).toBe(true);
    const body = (await settled.json()) as { payment: { amount: string; toUserId: string } };
    expect(cents(body.payment.amount)).toBe(cents(owed));
    await dialog.waitFor({ state: 'hidden' });
    const status = page.getByRole('status').filter({ hasText: `Recorded: You paid ${name} ${owed}.` });
    await status.waitFor();
    // The row may go once the payment is in: the focus moves to the words saying what was done.
    expect(await status.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: `Settle up with ${name}` }).waitFor({ state: 'detached' });
    paid.push(`${name} ${owed}`);
  }
}

describe('money ledger', () => {
  it('four members settle every suggested debt and are all settled up', async () => {
    const [a, b, c, d] = (await household('Ada', 'Ben', 'Cy', 'Dot')) as [Member, Member, Member, Member];
    const everyone = [a, b, c, d];
    await addExpense(a, 'Big shop', 4000, everyone, day(-5));
    await addExpense(b, 'Cleaning kit', 3000, [b, c, d], day(-4));
    await addExpense(c, 'Takeaway', 2000, [c, d], day(-3));
    await addExpense(d, 'Light bulbs', 1200, everyone, day(-2));
    await addExpense(a, 'Cinema', 700, [a, c], day(-1));
    const errors = everyone.map((m) => watchPageErrors(m.page));

    // Nets: Ada +30.50, Ben +7.00, Cy −16.50, Dot −21.00; simplified, three payments.
    const p = a.page;
    await openLive(p, '/expenses');
    await expectNet(p, 'You are owed $30.50 overall');
    const simplify = p.getByRole('switch', { name: 'Simplify debts' });
    expect(await simplify.getAttribute('aria-checked')).toBe('true');
    await expectDebts(p, ['Dot E. owes you $21.00', 'Cy E. owes you $9.50', 'Cy E. owes Ben E. $7.00']);
    expect(await p.getByRole('button', { name: /^Settle up with/ }).count()).toBe(0);
    await accessibleInBothThemes(p);

    // Person to person: each pair's shares netted, and each debt's lines add up to it.
    const [patched] = await Promise.all([
      p.waitForResponse(call('PATCH', '/api/households/current')),
      simplify.click(),
    ]);
    expect(patched.request().postDataJSON()).toEqual({ simplifyDebts: false });
    expect(patched.ok()).toBe(true);
    expect(await simplify.getAttribute('aria-checked')).toBe('false');
    await expectDebts(p, [
      'Ben E. owes you $10.00',
      'Cy E. owes you $13.50',
      'Dot E. owes you $7.00',
      'Cy E. owes Ben E. $10.00',
      'Dot E. owes Ben E. $7.00',
      'Dot E. owes Cy E. $7.00',
    ]);
    const dotPair = debtRow(p, 'Dot E. owes you $7.00');
    await dotPair.getByRole('button', { name: 'Dot E. owes you $7.00' }).click();
    const lines = dotPair.getByTestId('explain-line');
    await lines.nth(1).waitFor();
    expect(await lines.count()).toBe(2);
    await lines.filter({ hasText: 'Big shop' }).filter({ hasText: "Dot E.'s share, paid by you" }).waitFor();
    await lines
      .filter({ hasText: 'Light bulbs' })
      .filter({ hasText: 'Your share, paid by Dot E.' })
      .waitFor();
    const amounts = await dotPair.locator('[data-testid="explain-line"] > span:last-child').allTextContents();
    expect(amounts.sort()).toEqual(['+$10.00', '-$3.00']);
    expect(amounts.reduce((sum, t) => sum + cents(t), 0)).toBe(700);
    await dotPair.getByText('Total').waitFor();
    // A share, never the expense's total, is what a line counts.
    expect(await dotPair.getByText('$40.00').count()).toBe(0);
    await expectAccessible(p);

    // Back on: the simplified debt is explained by every member's net.
    await Promise.all([p.waitForResponse(call('PATCH', '/api/households/current')), simplify.click()]);
    expect(await simplify.getAttribute('aria-checked')).toBe('true');
    await expectDebts(p, ['Dot E. owes you $21.00', 'Cy E. owes you $9.50', 'Cy E. owes Ben E. $7.00']);
    const dotOwes = debtRow(p, 'Dot E. owes you $21.00');
    await dotOwes.getByRole('button', { name: 'Dot E. owes you $21.00' }).click();
    const nets = dotOwes.getByTestId('explain-member');
    await nets.nth(3).waitFor();
    expect((await nets.allTextContents()).map((t) => t.replace(/\s+/g, ' '))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^You\+\$30\.50 ?\$47\.00 paid − \$16\.50 shares \+ \$0\.00 payments made − \$0\.00 received$/,
        ),
        expect.stringMatching(/^Dot E\.-\$21\.00 ?\$12\.00 paid − \$33\.00 shares/),
      ]),
    );
    await expectAccessible(p);

    // Each member who owes opens Expenses and settles up every suggested debt: Cy pays two.
    const settledBy: Record<string, string[]> = {};
    for (const m of [b, c, d]) {
      await openLive(m.page, '/expenses');
      await m.page.getByRole('switch', { name: 'Simplify debts', checked: true }).waitFor();
      settledBy[m.email] = await settleEverything(m.page, m === c);
    }
    expect(settledBy[b.email]).toEqual([]);
    expect(settledBy[c.email]).toEqual(['Ada E. $9.50', 'Ben E. $7.00']);
    expect(settledBy[d.email]).toEqual(['Ada E. $21.00']);

    // The three payments sit in the history above the older expenses; deleting it brings the debt
    // back, and Undo restores it.
    const q = d.page;
    await expectNet(q, 'You are all settled up');
    const history = q.getByRole('tabpanel');
    const paymentCard = history.getByTestId('payment-card').filter({ hasText: 'You paid Ada E. $21.00' });
    await paymentCard.getByRole('button', { name: /You paid Ada E\. \$21\.00/ }).click();
    await paymentCard.getByText(/^Recorded by you on /).waitFor();
    expect(
      await history
        .locator('[data-testid="payment-card"], [data-testid="expense-card"]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid'))),
    ).toEqual([...Array(3).fill('payment-card'), ...Array(5).fill('expense-card')]);
    await expectAccessible(q);
    await Promise.all([
      q.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/payments/')),
      paymentCard.getByRole('button', { name: 'Delete payment: You paid Ada E. $21.00' }).click(),
    ]);
    await expectNet(q, 'You owe $21.00 overall');
    await paymentCard.waitFor({ state: 'detached' });
    const undo = q.getByRole('status').getByRole('button', { name: 'Undo' });
    await Promise.all([q.waitForResponse((r) => r.url().endsWith('/restore')), undo.click()]);
    await expectNet(q, 'You are all settled up');
    await history.getByTestId('payment-card').filter({ hasText: 'You paid Ada E. $21.00' }).waitFor();

    // Ada's screen, open all along, followed each payment as it was recorded.
    await expectNet(p, 'You are all settled up');
    await expectDebts(p, []);
    await p.getByTestId('payment-card').filter({ hasText: 'Dot E. paid you $21.00' }).waitFor();

    // Everyone's Expenses says so, and the household's view has no debts left.
    for (const m of everyone) {
      await m.page.goto('/expenses');
      await expectNet(m.page, 'You are all settled up');
      await expectDebts(m.page, []);
      const balances = await m.context.request.get('/api/balances');
      const body = (await balances.json()) as {
        simplifyDebts: boolean;
        simplified: unknown[];
        members: { net: number }[];
      };
      expect(body.simplifyDebts).toBe(true);
      expect(body.simplified).toEqual([]);
      expect(body.members.every((x) => x.net === 0)).toBe(true);
      const balance = (await (await m.context.request.get('/api/balance')).json()) as { net: number };
      expect(balance).toMatchObject({ totalOwed: 0, totalOwing: 0, net: 0 });
    }
    // Ada's history names who paid whom.
    const ada = a.page.getByRole('tabpanel');
    for (const text of ['Dot E. paid you $21.00', 'Cy E. paid you $9.50', 'Cy E. paid Ben E. $7.00']) {
      await ada.getByTestId('payment-card').filter({ hasText: text }).waitFor();
    }
    await accessibleInBothThemes(a.page);
    for (const watcher of errors) watcher.assertNone();
  });

  it('says so when the payment form cannot be downloaded, and loads it at the next opening', async () => {
    const [ada, ben] = (await household('Ada', 'Ben')) as [Member, Member];
    await addExpense(ada, 'Groceries', 3000, [ada, ben], day(-1));
    const p = ben.page;
    const errors = watchPageErrors(p, [], [/net::ERR_FAILED/]);
    await openLive(p, '/expenses');
    await expectDebts(p, ['You owe Ada E. $15.00']);
    // The form's code is fetched on the first opening; the network drops it.
    await p.route(/\/assets\/payment-form-[^/]*\.js$/, (route) => route.abort());
    const opener = p.getByRole('button', { name: 'Record a payment to Ada E.' });
    await opener.click();
    const dialog = p.getByRole('dialog', { name: 'Record a payment' });
    await dialog.getByRole('alert').filter({ hasText: 'The form could not load' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Record payment' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Back online: the next opening fetches the form again.
    await p.unroute(/\/assets\/payment-form-[^/]*\.js$/);
    await opener.click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('15.00');
    errors.assertNone();
  });

  it('records a payment by hand once, however often it is sent, and deletes it with Undo', async () => {
    const [ada, ben] = (await household('Ada', 'Ben')) as [Member, Member];
    await addExpense(ada, 'Groceries', 3000, [ada, ben], day(-1));
    const p = ben.page;
    // The first send's answer is lost on the way back (the request fails in the browser).
    const errors = watchPageErrors(p, [], [/net::ERR_FAILED/]);
    await openLive(p, '/expenses');
    await expectNet(p, 'You owe $15.00 overall');
    await expectDebts(p, ['You owe Ada E. $15.00']);

    // From the debt's row: the dialog starts with Ben paying Ada the whole debt, today.
    const opener = p.getByRole('button', { name: 'Record a payment to Ada E.' });
    await opener.click();
    const dialog = p.getByRole('dialog', { name: 'Record a payment' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Who paid').inputValue()).toBe(`paid:${ada.id}`);
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('15.00');
    expect(await dialog.getByLabel('Date').inputValue()).toBe(day());
    expect(await p.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await dialog.getByLabel('Amount').fill('0');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByText(/^Amount must be more than 0/).waitFor();
    expect(await dialog.getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('amount');
    await expectAccessible(p);
    await dialog.getByLabel('Amount').fill('5');
    await dialog.getByLabel('Note (optional)').fill('Cash');

    const sent: { clientId: string; status: number; id: string }[] = [];
    await p.route('**/api/payments', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { id: string };
      sent.push({
        clientId: route.request().postDataJSON().clientId,
        status: response.status(),
        id: body.id,
      });
      if (sent.length === 1) return route.abort('failed');
      return route.fulfill({ response });
    });
    await dialog.getByLabel('Note (optional)').press('Enter');
    await dialog.getByRole('alert').filter({ hasText: 'The payment was not recorded' }).waitFor();
    // Sent again from the same dialog: the server answers with the payment it already has.
    await dialog.getByRole('button', { name: 'Record payment' }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    await p.unroute('**/api/payments');
    // However many times it went, one clientId and one payment.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((x) => x.clientId)).size).toBe(1);
    expect(new Set(sent.map((x) => x.id)).size).toBe(1);
    await p.getByRole('status').filter({ hasText: 'Recorded: You paid Ada E. $5.00.' }).waitFor();
    await expectNet(p, 'You owe $10.00 overall');
    const listed = (await (await ben.context.request.get('/api/payments')).json()) as {
      amount: string;
      note: string | null;
      fromUserId: string;
      toUserId: string;
      createdBy: string;
    }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      amount: '5.00',
      note: 'Cash',
      fromUserId: ben.id,
      toUserId: ada.id,
      createdBy: ben.id,
    });

    // The card's own button: a new dialog (a new clientId), the rest paid.
    await p.getByRole('button', { name: 'Record a payment', exact: true }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('');
    await dialog.getByLabel('Who paid').selectOption({ label: 'You paid Ada E.' });
    await dialog.getByLabel('Amount').fill('10.00');
    const [created] = await Promise.all([
      p.waitForResponse(call('POST', '/api/payments')),
      dialog.getByRole('button', { name: 'Record payment' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON().clientId).not.toBe(sent[0]!.clientId);
    await expectNet(p, 'You are all settled up');
    await expectDebts(p, []);
    errors.assertNone();

    // Ada, who was paid, sees both in her history and may delete one; Undo brings it back.
    const a = ada.page;
    const aErrors = watchPageErrors(a);
    await openLive(a, '/expenses');
    await expectNet(a, 'You are all settled up');
    const cash = a.getByTestId('payment-card').filter({ hasText: 'Ben E. paid you $5.00' });
    await cash.getByText('Cash').waitFor();
    const rest = a.getByTestId('payment-card').filter({ hasText: 'Ben E. paid you $10.00' });
    await rest.getByRole('button', { name: /Ben E\. paid you \$10\.00/ }).click();
    await rest.getByText(/^Recorded by Ben E\. on /).waitFor();
    await rest.getByRole('button', { name: 'Delete payment: Ben E. paid you $10.00' }).click();
    await expectNet(a, 'You are owed $10.00 overall');
    await rest.waitFor({ state: 'detached' });
    await expectAccessible(a);
    await Promise.all([
      a.waitForResponse((r) => r.url().endsWith('/restore')),
      a.getByRole('status').getByRole('button', { name: 'Undo' }).click(),
    ]);
    await expectNet(a, 'You are all settled up');
    await a.getByTestId('payment-card').filter({ hasText: 'Ben E. paid you $10.00' }).waitFor();
    aErrors.assertNone();
  });
});
