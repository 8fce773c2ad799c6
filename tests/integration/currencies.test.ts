// A currency per household and expenses paid in another one (docs/money.md, Currencies): amounts
// follow the currency's decimals through create, split, balances and exports; conversion is exact
// to the minor unit; the currency is fixed once money exists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExpenseView, HouseholdBalancesView } from '#shared/expenses/api.ts';
import type { Household } from '#shared/households/api.ts';
import { type Member, setUpTestApp, signUp } from './helpers.ts';

const NOW = Date.parse('2026-03-11T12:00:00.000Z');
const t = setUpTestApp(NOW, { tick: 1 });

/** Three people in a household created with `currency` (or the server's default for `headers`). */
async function household(currency?: string, headers: Record<string, string> = {}) {
  const people: Member[] = [];
  for (const firstName of ['Ann', 'Ben', 'Cy']) {
    people.push({
      ...(await signUp(t.app, { firstName, lastName: 'Tester' })),
      firstName,
      lastName: 'Tester',
    });
  }
  const [ann, ben, cy] = people as [Member, Member, Member];
  const created = await ann.client.post(
    '/api/households',
    { name: 'Oak Street', ...(currency ? { currency } : {}) },
    headers,
  );
  expect(created.statusCode, created.body).toBe(201);
  const home = created.json() as Household;
  for (const other of [ben, cy]) {
    const joined = await other.client.post('/api/households/join', { inviteCode: home.inviteCode });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return { home, ann, ben, cy };
}

function expenseBody(
  payer: Member,
  members: Member[],
  amount: string,
  extra: Record<string, unknown> = {},
  splits?: { userId: string; amount: string }[],
) {
  return {
    expense: {
      title: 'Groceries',
      amount,
      paidBy: payer.user.id,
      splitType: splits ? 'custom' : 'equal',
      ...extra,
    },
    splits: splits ?? members.map((m) => ({ userId: m.user.id, amount: '0' })),
  };
}

async function add(by: Member, body: unknown, status = 201) {
  const response = await by.client.post('/api/expenses', body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as ExpenseView & { message?: string };
}

const sum = (amounts: string[], exponent: number) =>
  amounts.reduce((s, a) => s + Math.round(Number(a) * 10 ** exponent), 0);

describe('A currency per household', () => {
  it('starts in the currency asked for, else the creator’s locale’s, else US dollars', async () => {
    expect((await household('JPY')).home.currency).toBe('JPY');
    expect((await household(undefined, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).home.currency).toBe(
      'EUR',
    );
    expect((await household(undefined, { 'accept-language': 'en-GB' })).home.currency).toBe('GBP');
    expect((await household()).home.currency).toBe('USD');
  });

  it('refuses a currency that is not ISO 4217 and creates nothing', async () => {
    const { client } = await signUp(t.app);
    for (const currency of ['XYZ', 'eur', 'EURO', 12]) {
      const response = await client.post('/api/households', { name: 'Oak', currency });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe('Currency must be an ISO 4217 code such as USD, EUR or JPY');
    }
    expect((await client.get('/api/households/current')).json()).toBeNull();
  });

  it.each([
    ['JPY', 0, '1200', ['400', '400', '400'], '1200.5'],
    ['EUR', 2, '12.50', ['4.17', '4.17', '4.16'], '12.505'],
    ['KWD', 3, '1.250', ['0.417', '0.417', '0.416'], '1.2505'],
  ])(
    '%s: amounts are written with %i decimals through create, split, balances and exports',
    async (currency, exponent, amount, shares, tooPrecise) => {
      const { ann, ben, cy } = await household(currency);
      const everyone = [ann, ben, cy];
      const created = await add(ann, expenseBody(ann, everyone, amount));
      expect(created.amount).toBe(amount);
      expect(created.original).toBeNull();
      expect(created.splits.map((s) => s.amount).sort()).toEqual([...shares].sort());

      const refused = await ann.client.post('/api/expenses', expenseBody(ann, everyone, tooPrecise));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(
        exponent === 0 ? /with no decimals/ : new RegExp(`with at most ${exponent} decimals`),
      );

      const balances = (await ben.client.get('/api/balances')).json() as HouseholdBalancesView;
      const unit = 10 ** exponent;
      const owed = Math.round(Number(shares[1]) * unit) + Math.round(Number(shares[2]) * unit);
      expect(balances.members.find((m) => m.userId === ann.user.id)?.net).toBe(owed / unit);
      const mine = (await ben.client.get('/api/balance')).json();
      expect(mine.net).toBe(-Number(shares[1]));

      const payment = await ben.client.post('/api/payments', { toUserId: ann.user.id, amount: shares[1] });
      expect(payment.statusCode, payment.body).toBe(201);
      expect(payment.json().amount).toBe(shares[1]);

      const csv = (await ann.client.get('/api/expenses/export.csv')).body.split('\r\n');
      // One line per share, in no particular order.
      expect(
        csv
          .slice(1, 4)
          .map((line) => line.split(',')[5])
          .sort(),
      ).toEqual([...shares].sort());
      expect(csv[1]).toMatch(new RegExp(`,${currency},,,$`));
      const exported = JSON.parse((await ann.client.get('/api/export.json')).body);
      expect(exported.household.currency).toBe(currency);
      expect(exported.expenses[0].amount).toBe(amount);
    },
  );
});

describe('Changing the currency', () => {
  it('is allowed while there is no money, keeps the rent’s number, and is in the activity feed', async () => {
    const { ann } = await household('USD');
    expect((await ann.client.patch('/api/households/current', { rentAmount: '1200.50' })).statusCode).toBe(
      200,
    );
    const changed = await ann.client.patch('/api/households/current', { currency: 'KWD' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'KWD', rentAmount: '1200.500' });
    const toYen = (
      await ann.client.patch('/api/households/current', { currency: 'JPY', rentAmount: '98000' })
    ).json();
    expect(toYen).toMatchObject({ currency: 'JPY', rentAmount: '98000' });
    const activity = (await ann.client.get('/api/activity')).json();
    expect(activity.entries.map((e: { summary: string }) => e.summary)).toContain('Currency changed to JPY');
  });

  it('names the household’s currency in the rent rule, with its code and params', async () => {
    const { ann } = await household('JPY');
    const refused = await ann.client.patch('/api/households/current', { rentAmount: '980.5' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Rent amount must be a non-negative amount in JPY with no decimals',
      code: 'household.rent_amount',
      params: { field: 'rentAmount', currency: 'JPY', decimals: 0 },
    });
  });

  it('answers 409 once the household has an expense or a payment, even in the trash, and changes nothing', async () => {
    const locked =
      'The currency cannot change once the household has expenses or payments: their amounts are in the current currency';
    const withExpense = await household('EUR');
    const expense = await add(
      withExpense.ann,
      expenseBody(withExpense.ann, [withExpense.ann, withExpense.ben], '10.00'),
    );
    const refused = await withExpense.ann.client.patch('/api/households/current', {
      currency: 'USD',
      name: 'New',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(locked);
    expect((await withExpense.ann.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(204);
    expect(
      (await withExpense.ann.client.patch('/api/households/current', { currency: 'USD' })).statusCode,
    ).toBe(409);
    const after = (await withExpense.ann.client.get('/api/households/current')).json();
    expect(after).toMatchObject({ currency: 'EUR', name: 'Oak Street' });

    const withPayment = await household('EUR');
    const paid = await withPayment.ben.client.post('/api/payments', {
      toUserId: withPayment.ann.user.id,
      amount: '5.00',
    });
    expect(paid.statusCode).toBe(201);
    expect(
      (await withPayment.ann.client.patch('/api/households/current', { currency: 'GBP' })).statusCode,
    ).toBe(409);
  });
});

describe('Expenses in another currency', () => {
  it('converts once at the rate and splits the converted amount exactly, keeping the original', async () => {
    const { ann, ben, cy } = await household('EUR');
    const created = await add(
      ann,
      expenseBody(ann, [ann, ben, cy], '100.00', { currency: 'GBP', exchangeRate: '1.1713' }),
    );
    expect(created.amount).toBe('117.13');
    expect(created.original).toEqual({ currency: 'GBP', amount: '100.00', exchangeRate: '1.1713' });
    expect(
      sum(
        created.splits.map((s) => s.amount),
        2,
      ),
    ).toBe(11713);

    // From yen (no decimals) into euros, custom shares in yen.
    const yen = await add(
      ann,
      expenseBody(ann, [], '10000', { currency: 'JPY', exchangeRate: '0.0061' }, [
        { userId: ann.user.id, amount: '3333' },
        { userId: ben.user.id, amount: '3333' },
        { userId: cy.user.id, amount: '3334' },
      ]),
    );
    expect(yen.amount).toBe('61.00');
    expect(yen.splits.map((s) => s.amount).sort()).toEqual(['20.33', '20.33', '20.34']);

    const balances = (await ann.client.get('/api/balances')).json() as HouseholdBalancesView;
    expect(balances.members.reduce((s, m) => s + Math.round(m.net * 100), 0)).toBe(0);

    const csv = (await ann.client.get('/api/expenses/export.csv')).body;
    expect(csv).toContain(',EUR,GBP,100.00,1.1713');

    // The form offers each currency's last rate again; another household sees none of them.
    expect((await ben.client.get('/api/expenses/exchange-rates')).json()).toEqual({
      GBP: '1.1713',
      JPY: '0.0061',
    });
    const away = await household('EUR');
    expect((await away.ann.client.get('/api/expenses/exchange-rates')).json()).toEqual({});
    const exported = JSON.parse((await ann.client.get('/api/export.json')).body);
    expect(exported.expenses.map((e: ExpenseView) => e.original?.currency)).toEqual(['JPY', 'GBP']);
  });

  it('shares always add up to the converted amount, to the minor unit', async () => {
    const { ann, ben, cy } = await household('KWD');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        async (cents, rateDigits) => {
          const amount = (cents / 100).toFixed(2);
          const rate = (rateDigits / 1_000_000).toString();
          const response = await ann.client.post(
            '/api/expenses',
            expenseBody(ann, [ann, ben, cy], amount, { currency: 'USD', exchangeRate: rate }),
          );
          if (response.statusCode === 400) {
            // Converted to nothing, or past the largest amount: said so, nothing saved.
            expect(response.json().message).toMatch(/exchange rate/);
            return;
          }
          expect(response.statusCode, response.body).toBe(201);
          const expense = response.json() as ExpenseView;
          expect(
            sum(
              expense.splits.map((s) => s.amount),
              3,
            ),
          ).toBe(sum([expense.amount], 3));
          expect(
            Math.abs(Number(expense.amount) - (cents / 100) * (rateDigits / 1_000_000)),
          ).toBeLessThanOrEqual(0.0005 + 1e-9);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('needs a rate, refuses a bad one, and saves nothing then', async () => {
    const { ann, ben } = await household('USD');
    const without = await ann.client.post(
      '/api/expenses',
      expenseBody(ann, [ann, ben], '40.00', { currency: 'EUR' }),
    );
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Enter the exchange rate for an expense in another currency');
    for (const exchangeRate of ['0', '-1', 'abc', '1e3']) {
      const bad = await ann.client.post(
        '/api/expenses',
        expenseBody(ann, [ann, ben], '40.00', { currency: 'EUR', exchangeRate }),
      );
      expect(bad.statusCode, exchangeRate).toBe(400);
    }
    expect((await ann.client.get('/api/expenses')).json()).toEqual([]);
  });

  it('an edit of the rate converts again and keeps the shares in proportion', async () => {
    const { ann, ben } = await household('USD');
    const created = await add(
      ann,
      expenseBody(ann, [ann, ben], '40.00', { currency: 'EUR', exchangeRate: '1.09' }),
    );
    expect(created.amount).toBe('43.60');
    const edited = await ann.client.patch(`/api/expenses/${created.id}`, {
      expense: { exchangeRate: '1.1' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as ExpenseView;
    expect(after.amount).toBe('44.00');
    expect(after.original).toEqual({ currency: 'EUR', amount: '40.00', exchangeRate: '1.1' });
    expect(after.splits.map((s) => s.amount)).toEqual(['22.00', '22.00']);
    // Back to the household's currency: the amount is given again, and the original is gone.
    const back = await ann.client.patch(`/api/expenses/${created.id}`, {
      expense: { currency: 'USD', amount: '45.00' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ amount: '45.00', original: null });
  });
});
