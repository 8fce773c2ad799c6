import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerFigures } from '../expenses/ledger.ts';
import { currencyExponent } from '../money.ts';
import { latestDate } from '../time/window.ts';
import {
  type ImportPlan,
  interpretSplitwise,
  interpretSplitwiseInSteps,
  missingRate,
  parseSignedCents,
  planImport,
  ratesNeeded,
  reconstructShares,
  SplitwiseFileError,
  splitwiseCategory,
  suggestMapping,
  unusableRate,
} from './splitwise.ts';
import { convertBalances } from './splitwise-money.ts';

const HEADER = ['Date', 'Description', 'Category', 'Cost', 'Currency', 'Ann Lee', 'Bo Chen', 'Cy'];
const total = (currency: string, ...nets: string[]) => ['', 'Total balance', '', '', currency, ...nets];
const file = (...rows: string[][]) =>
  interpretSplitwise([HEADER, [], ...rows, [], total('USD', '0', '0', '0')]);
const US_HOUSEHOLD = { currency: 'USD', rates: {} };

describe('splitwiseCategory', () => {
  it.each([
    ['Groceries', 'groceries'],
    ['Rent', 'rent'],
    ['Electricity', 'electric'],
    ['Heat/gas', 'gas'],
    ['Water', 'utilities'],
    ['Utilities - Other', 'utilities'],
    ['TV/Phone/Internet', 'internet'],
    ['Dining out', 'dining'],
    ['Taxi', 'transportation'],
    ['Parking', 'transportation'],
    ['Gas/fuel', 'transportation'],
    ['Bus/train', 'transportation'],
    ['Cleaning', 'cleaning'],
    ['Maintenance', 'maintenance'],
    ['Entertainment', 'entertainment'],
    ['Movies', 'entertainment'],
    ['games', 'entertainment'],
    ['General', 'other'],
    ['', 'other'],
    ['Payment', 'other'],
  ])('%s → %s', (name, ours) => {
    expect(splitwiseCategory(name)).toBe(ours);
  });
});

describe('parseSignedCents', () => {
  it('reads signed amounts with up to 2 decimals', () => {
    expect(parseSignedCents('12.5')).toBe(1250);
    expect(parseSignedCents('-3.07')).toBe(-307);
    expect(parseSignedCents(' 0 ')).toBe(0);
    expect(parseSignedCents('1,000.00')).toBeNull();
    expect(parseSignedCents('1.234')).toBeNull();
    expect(parseSignedCents('abc')).toBeNull();
  });
});

describe('interpretSplitwise', () => {
  it('reads expenses, payments, the date range, the total and the final balances', () => {
    const f = file(
      ['2024-01-05', 'Groceries, big shop', 'Groceries', '90.00', 'USD', '60.00', '-30.00', '-30.00'],
      ['2024-01-02', 'Bo pays Ann', 'Payment', '30.00', 'USD', '-30.00', '30.00', '0.00'],
      ['2024-02-01', 'Rent', 'Rent', '1500.00', 'USD', '-500.00', '1000.00', '-500.00'],
    );
    expect(f.people).toEqual(['Ann Lee', 'Bo Chen', 'Cy']);
    expect(f.currency).toBe('USD');
    expect(f.expenses.map((e) => e.row)).toEqual([3, 5]);
    expect(f.payments.map((p) => p.row)).toEqual([4]);
    expect(f.dateRange).toEqual({ from: '2024-01-02', to: '2024-02-01' });
    expect(f.currencies).toEqual([
      {
        currency: 'USD',
        expenseCount: 2,
        paymentCount: 1,
        total: 159000,
        computedBalances: [-47000, 100000, -53000],
        finalBalances: [0, 0, 0],
        balancesMatch: false,
      },
    ]);
    expect(f.balancesMatch).toBe(false);
    expect(f.expenses[0]).toMatchObject({
      title: 'Groceries, big shop',
      category: 'groceries',
      currency: 'USD',
      cost: 9000,
    });
  });

  it('reports rows it cannot import, with their row and a reason', () => {
    const f = file(
      ['2024-01-05', 'ok', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-06', 'ok', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-07', 'Not a currency', 'General', '30.00', 'EURO', '20.00', '-10.00', '-10.00'],
      ['05/01/2024', 'bad date', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-02-30', 'no such day', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-05', 'bad cost', 'General', 'thirty', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-05', 'bad share', 'General', '30.00', 'USD', '20.00', '-1O.00', '-10.00'],
      ['2024-01-05', 'no sum', 'General', '30.00', 'USD', '20.00', '-10.00', '-9.00'],
      ['2024-01-05', 'too big', 'General', '30.00', 'USD', '40.00', '-20.00', '-20.00'],
      ['2024-01-05', 'three-way payment', 'Payment', '20.00', 'USD', '20.00', '-10.00', '-10.00'],
    );
    expect(f.expenses).toHaveLength(2);
    expect(f.problems.map((p) => p.row)).toEqual([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(f.problems[0]!.reason).toBe("The currency 'EURO' is not an ISO 4217 code such as USD, EUR or JPY");
    expect(f.problems[1]!.reason).toMatch(/date/);
    expect(f.problems[3]!.reason).toMatch(/cost/);
    expect(f.problems[4]!.reason).toMatch(/Bo Chen/);
    expect(f.problems[5]!.reason).toMatch(/add up/);
    expect(f.problems[6]!.reason).toMatch(/larger than the cost/);
    expect(f.problems[7]!.reason).toMatch(/one person to one person/);
  });

  it('refuses a file that is not an export, or is cut off', () => {
    expect(() => interpretSplitwise([['a', 'b']])).toThrow(SplitwiseFileError);
    expect(() =>
      interpretSplitwise([
        HEADER,
        ['2024-01-05', 'x', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ]),
    ).toThrow(/cut off/);
    expect(() =>
      interpretSplitwise([HEADER, ['2024-01-05', 'x', 'General', '30.00', 'USD', '20.00']]),
    ).toThrow(/row 2 has 6 columns/);
  });

  it('knows which days exist, 29 February only in leap years', () => {
    const on = (date: string) =>
      ['2024-01-05', 'x', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'].with(0, date);
    const f = file(
      ...[
        '2024-02-29',
        '2000-02-29',
        '2023-02-29',
        '1900-02-29',
        '2024-04-31',
        '2024-13-01',
        '2024-00-10',
      ].map(on),
    );
    expect(f.expenses.map((e) => e.date)).toEqual(['2024-02-29', '2000-02-29']);
    expect(f.problems.map((p) => p.row)).toEqual([5, 6, 7, 8, 9]);
  });

  it('takes dates from 2000-01-01 to ten years ahead, like the rest of the app', () => {
    const f = file(
      ['1999-12-31', 'Too early', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2000-01-01', 'First day', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2999-01-01', 'Too late', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
    );
    expect(f.expenses.map((e) => e.date)).toEqual(['2000-01-01']);
    expect(f.problems.map((p) => p.reason)).toEqual([
      `The date 1999-12-31 is not between 2000-01-01 and ${latestDate()}`,
      `The date 2999-01-01 is not between 2000-01-01 and ${latestDate()}`,
    ]);
  });

  it('quotes at most 40 characters of the file in a reason', () => {
    const long = 'x'.repeat(5000);
    const f = file(
      [long, 'bad date', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-05', 'bad share', 'General', '30.00', 'USD', '20.00', long, '-10.00'],
    );
    expect(f.problems.map((p) => p.reason)).toEqual([
      `The date '${'x'.repeat(39)}…' is not a date (YYYY-MM-DD)`,
      `The share of Bo Chen '${'x'.repeat(39)}…' is not an amount`,
    ]);
  });

  it('pauses every few hundred rows when run in steps, with the same result', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [
      '2024-01-05',
      `Row ${i}`,
      'General',
      '30.00',
      'USD',
      '20.00',
      '-10.00',
      '-10.00',
    ]);
    const records = [HEADER, [''], ...rows, [''], total('USD', '0', '0', '0')];
    const steps = interpretSplitwiseInSteps(records);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(step.value).toEqual(interpretSplitwise(records));
    expect(step.value.expenses.at(-1)!.row).toBe(1002);
  });

  it('keeps long or multi-line descriptions whole and the title on one line', () => {
    const f = file([
      '2024-01-05',
      'Pizza\nand "drinks"',
      'Dining out',
      '30.00',
      'USD',
      '20.00',
      '-10.00',
      '-10.00',
    ]);
    expect(f.expenses[0]).toMatchObject({ title: 'Pizza and "drinks"', description: 'Pizza\nand "drinks"' });
  });
});

describe('reconstructShares', () => {
  const row = (cost: number, nets: number[]) => ({
    row: 2,
    date: '2024-01-01',
    title: 'x',
    description: null,
    category: 'other' as const,
    currency: 'USD',
    cost,
    nets,
  });

  it('finds the single payer and everyone’s share', () => {
    expect(reconstructShares(row(9000, [-3000, 6000, -3000]))).toEqual({
      payer: 1,
      shares: [3000, 3000, 3000],
    });
    // Paid for others only: the payer's own share is 0.
    expect(reconstructShares(row(2000, [2000, -2000, 0]))).toEqual({ payer: 0, shares: [0, 2000, 0] });
  });

  it('gives a multi-payer row to the largest creditor; the other creditors get a 0 share', () => {
    expect(reconstructShares(row(9000, [1000, 2000, -3000]))).toEqual({ payer: 1, shares: [0, 6000, 3000] });
  });

  it('shares always add up to the cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 2, maxLength: 6 }),
        (raw) => {
          const nets = [...raw, -raw.reduce((s, n) => s + n, 0)];
          const owed = nets.filter((n) => n > 0).reduce((s, n) => s + n, 0);
          fc.pre(owed > 0);
          const { shares } = reconstructShares(row(owed + 500, nets));
          expect(shares.reduce((s, x) => s + x, 0)).toBe(owed + 500);
          expect(shares.every((s) => s >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('planImport', () => {
  const f = file(
    ['2024-01-05', 'Groceries', 'Groceries', '90.00', 'USD', '60.00', '-30.00', '-30.00'],
    ['2024-01-06', 'Cy pays Ann', 'Payment', '30.00', 'USD', '-30.00', '0.00', '30.00'],
    ['2024-01-07', 'Taxi', 'Taxi', '20.00', 'USD', '-10.00', '0.00', '10.00'],
  );

  it('maps people to members, keeps payments, and carries over exactly the final balances', () => {
    const plan = planImport(f, { 'Ann Lee': 'a', 'Bo Chen': 'b', Cy: 'c' }, US_HOUSEHOLD);
    expect(plan.expenses).toHaveLength(2);
    expect(plan.expenses[0]).toMatchObject({
      paidBy: 'a',
      amountCents: 9000,
      splits: [
        { userId: 'a', cents: 3000 },
        { userId: 'b', cents: 3000 },
        { userId: 'c', cents: 3000 },
      ],
    });
    expect(plan.payments).toEqual([{ date: '2024-01-06', from: 'c', to: 'a', cents: 3000, original: null }]);
    // The ledger of what is written (shares, payments, carry-over) ends at the file's balances.
    const { members } = ledgerFigures(
      [
        ...plan.expenses.flatMap((e) =>
          e.splits.map((s) => ({ debtor: s.userId, creditor: e.paidBy, cents: s.cents })),
        ),
        ...plan.carryOver.map((d) => ({ debtor: d.from, creditor: d.to, cents: d.cents })),
      ],
      plan.payments.map((p) => ({ from: p.from, to: p.to, cents: p.cents })),
    );
    expect(Object.fromEntries(members.map((m) => [m.userId, m.net]))).toEqual({ a: 2000, b: -3000, c: 1000 });
  });

  it('skips rows paid by a skipped person and drops a skipped person’s share', () => {
    const plan = planImport(f, { 'Ann Lee': 'a', 'Bo Chen': 'b', Cy: null }, US_HOUSEHOLD);
    expect(plan.expenses).toHaveLength(1);
    expect(plan.expenses[0]!.splits.map((s) => s.userId)).toEqual(['a', 'b']);
    expect(plan.skippedRows).toBe(2);
  });
});

describe('several currencies', () => {
  const records = (rows: string[][], ...totals: string[][]) => [HEADER, ...rows, [], ...totals];
  const rows = [
    ['2024-01-05', 'Groceries', 'Groceries', '90.00', 'USD', '60.00', '-30.00', '-30.00'],
    ['2024-01-06', 'Museum', 'Entertainment', '30.00', 'eur', '20.00', '-10.00', '-10.00'],
    ['2024-01-07', 'Ramen', 'Dining out', '3000.00', 'JPY', '-1000.00', '2000.00', '-1000.00'],
    ['2024-01-08', 'Cy pays Bo', 'Payment', '1000.00', 'JPY', '0.00', '-1000.00', '1000.00'],
    ['2024-01-09', 'Taxi', 'Taxi', '20.00', 'USD', '-10.00', '0.00', '10.00'],
    ['2024-01-10', 'Half a yen', 'General', '1200.50', 'JPY', '600.25', '-600.25', '0.00'],
    ['2024-01-11', 'Dinars', 'General', '3.00', 'KWD', '2.00', '-1.00', '-1.00'],
  ];
  const f = interpretSplitwise(
    records(
      rows,
      total('USD', '50.00', '-30.00', '-20.00'),
      total('EUR', '20.00', '-10.00', '-10.00'),
      total('JPY', '-1000.00', '1000.00', '0.00'),
      total('KWD', '2.00', '-1.00', '-1.00'),
    ),
  );
  const everyone = { 'Ann Lee': 'a', 'Bo Chen': 'b', Cy: 'c' };

  /** The members' nets after writing the plan: its expenses' shares, payments and carry-over. */
  function netsAfter(plan: ImportPlan): Record<string, number> {
    const { members } = ledgerFigures(
      [
        ...plan.expenses.flatMap((e) =>
          e.splits.map((s) => ({ debtor: s.userId, creditor: e.paidBy, cents: s.cents })),
        ),
        ...plan.carryOver.map((d) => ({ debtor: d.from, creditor: d.to, cents: d.cents })),
      ],
      plan.payments.map((p) => ({ from: p.from, to: p.to, cents: p.cents })),
      ['a', 'b', 'c'],
    );
    return Object.fromEntries(members.map((m) => [m.userId, m.net]));
  }

  it('keeps every row in its currency, and per currency the totals and balances, the main one first', () => {
    expect(f.currency).toBe('JPY');
    expect(f.expenses.map((e) => [e.row, e.currency, e.cost])).toEqual([
      [2, 'USD', 9000],
      [3, 'EUR', 3000],
      [4, 'JPY', 300000],
      [6, 'USD', 2000],
      [8, 'KWD', 300],
    ]);
    expect(f.payments.map((p) => [p.row, p.currency, p.cost])).toEqual([[5, 'JPY', 100000]]);
    // 1200.50 yen cannot be written in yen: kept out, so JPY's balances no longer match.
    expect(f.problems).toEqual([
      { row: 7, reason: 'The cost 1200.50 cannot be written in JPY, which has no decimals' },
    ]);
    expect(
      f.currencies.map((c) => [c.currency, c.expenseCount, c.paymentCount, c.total, c.balancesMatch]),
    ).toEqual([
      ['JPY', 1, 1, 300000, true],
      ['USD', 2, 0, 11000, true],
      ['EUR', 1, 0, 3000, true],
      ['KWD', 1, 0, 300, true],
    ]);
    expect(f.currencies[0]!.computedBalances).toEqual([-100000, 100000, 0]);
    expect(f.balancesMatch).toBe(true);
    expect(ratesNeeded(f, 'USD')).toEqual(['JPY', 'EUR', 'KWD']);
    expect(ratesNeeded(f, 'GBP')).toEqual(['JPY', 'USD', 'EUR', 'KWD']);
  });

  it('does not match when a currency none of whose rows can be imported still owes something', () => {
    const only = interpretSplitwise(
      records(
        [rows[0]!, rows[5]!],
        total('USD', '60.00', '-30.00', '-30.00'),
        total('JPY', '600.25', '-600.25', '0.00'),
      ),
    );
    expect(only.currencies.map((c) => c.currency)).toEqual(['USD']);
    expect(only.currencies[0]!.balancesMatch).toBe(true);
    expect(only.balancesMatch).toBe(false);
  });

  it('needs a rate for every other currency, and one that converts every row to a real amount', () => {
    expect(missingRate(f, { currency: 'USD', rates: { EUR: '1.09', JPY: '0.0067' } })).toBe('KWD');
    expect(
      missingRate(f, { currency: 'USD', rates: { EUR: '1.09', JPY: '0.0067', KWD: '3.25' } }),
    ).toBeNull();
    expect(
      unusableRate(f, { currency: 'USD', rates: { EUR: '1.09', JPY: '0.0067', KWD: '3.25' } }),
    ).toBeNull();
    // A tiny rate makes the ramen's 3000 yen 0 dollars.
    expect(
      unusableRate(f, { currency: 'USD', rates: { EUR: '1.09', JPY: '0.000001', KWD: '3.25' } }),
    ).toEqual({
      currency: 'JPY',
      row: 4,
    });
    expect(unusableRate(f, { currency: 'USD', rates: { EUR: '1000000', JPY: '1', KWD: '1' } })).toEqual({
      currency: 'EUR',
      row: 3,
    });
  });

  it('converts each cost once, apportions the shares onto it, and keeps the original', () => {
    const money = { currency: 'USD', rates: { EUR: '1.09', JPY: '0.0067', KWD: '3.2567' } };
    const plan = planImport(f, everyone, money);
    const byRow = new Map(plan.expenses.map((e) => [e.row, e]));
    expect(byRow.get(2)).toMatchObject({ amountCents: 9000, original: null });
    expect(byRow.get(3)).toMatchObject({
      amountCents: 3270,
      paidBy: 'a',
      splits: [
        { userId: 'a', cents: 1090 },
        { userId: 'b', cents: 1090 },
        { userId: 'c', cents: 1090 },
      ],
      original: { currency: 'EUR', amountMinor: 3000, rate: '1.09' },
    });
    // 3000 yen is 20.10 dollars, split three ways as 6.70 each.
    expect(byRow.get(4)).toMatchObject({
      amountCents: 2010,
      paidBy: 'b',
      original: { currency: 'JPY', amountMinor: 3000, rate: '0.0067' },
    });
    // 3.000 KWD is 9.7701 dollars → 9.77; thirds of it by largest remainder.
    expect(byRow.get(8)).toMatchObject({
      amountCents: 977,
      splits: [
        { userId: 'a', cents: 326 },
        { userId: 'b', cents: 326 },
        { userId: 'c', cents: 325 },
      ],
      original: { currency: 'KWD', amountMinor: 3000, rate: '3.2567' },
    });
    for (const e of plan.expenses) expect(e.splits.reduce((s, x) => s + x.cents, 0)).toBe(e.amountCents);
    expect(plan.payments).toEqual([
      {
        date: '2024-01-08',
        from: 'c',
        to: 'b',
        cents: 670,
        original: { currency: 'JPY', amountMinor: 1000, rate: '0.0067' },
      },
    ]);
  });

  it('ends at the file’s balances, each currency converted so that it still adds up to 0', () => {
    const plan = planImport(f, everyone, {
      currency: 'USD',
      rates: { EUR: '1.09', JPY: '0.0067', KWD: '3.2567' },
    });
    // USD 50, -30, -20; EUR 21.80, -10.90, -10.90; JPY -6.70, 6.70, 0; KWD 6.5134 → 6.51 owed to
    // Ann, apportioned -3.26, -3.25 (ties go to the first).
    expect(netsAfter(plan)).toEqual({
      a: 5000 + 2180 - 670 + 651,
      b: -3000 - 1090 + 670 - 326,
      c: -2000 - 1090 - 325,
    });
  });

  it('imports yen into a yen household as whole yen, and dollars at a rate rounded to the yen', () => {
    const plan = planImport(f, everyone, {
      currency: 'JPY',
      rates: { USD: '151.25', EUR: '163.5', KWD: '491.7' },
    });
    expect(plan.expenses.find((e) => e.row === 4)).toMatchObject({
      amountCents: 3000,
      splits: [
        { userId: 'a', cents: 1000 },
        { userId: 'b', cents: 1000 },
        { userId: 'c', cents: 1000 },
      ],
      original: null,
    });
    // $90.00 at 151.25 is 13612.5 yen → 13613.
    expect(plan.expenses.find((e) => e.row === 2)).toMatchObject({
      amountCents: 13613,
      original: { currency: 'USD', amountMinor: 9000, rate: '151.25' },
    });
    expect(plan.payments[0]).toMatchObject({ cents: 1000, original: null });
    // USD: 50 → 7562.5 → 7563 yen owed to Ann; Bo and Cy share it 30:20 → 4537.8, 3025.2 → 4538, 3025.
    // EUR: 20 → 3270, -1635, -1635. KWD: 2 → 983.4 → 983, -492, -491. JPY as it is.
    expect(netsAfter(plan)).toEqual({
      a: 7563 + 3270 - 1000 + 983,
      b: -4538 - 1635 + 1000 - 492,
      c: -3025 - 1635 - 491,
    });
  });

  it('always ends exactly at the converted balances, whatever the rows, currencies and rates', () => {
    const currencies = ['USD', 'EUR', 'JPY', 'KWD'] as const;
    const scale = { USD: 1, EUR: 1, JPY: 100, KWD: 1 };
    const hundredths = (h: number) =>
      `${h < 0 ? '-' : ''}${Math.floor(Math.abs(h) / 100)}.${String(Math.abs(h) % 100).padStart(2, '0')}`;
    const rate = fc
      .tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 5 }))
      .map(([n, decimals]) => {
        const digits = String(n).padStart(decimals + 1, '0');
        return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
      });
    const row = fc.record({
      currency: fc.constantFrom(...currencies),
      payment: fc.boolean(),
      nets: fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 2, maxLength: 2 }),
      extra: fc.integer({ min: 0, max: 20_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...currencies),
        fc.record({ USD: rate, EUR: rate, JPY: rate, KWD: rate }),
        (drawn, household, rates) => {
          const lines = drawn.flatMap((d, i) => {
            const k = scale[d.currency];
            const nets = [...d.nets, -d.nets[0]! - d.nets[1]!].map((n) => n * k);
            const owed = nets.filter((n) => n > 0).reduce((s, n) => s + n, 0);
            if (owed === 0) return [];
            if (d.payment) {
              // One person to one person: the first two.
              const amount = Math.abs(d.nets[0]!) * k;
              if (amount === 0) return [];
              const [from, to] = d.nets[0]! > 0 ? [amount, -amount] : [-amount, amount];
              return [
                [
                  '2024-01-01',
                  `Pay ${i}`,
                  'Payment',
                  hundredths(amount),
                  d.currency,
                  hundredths(from),
                  hundredths(to),
                  '0.00',
                ],
              ];
            }
            return [
              [
                '2024-01-01',
                `Row ${i}`,
                'General',
                hundredths(owed + d.extra * k),
                d.currency,
                ...nets.map(hundredths),
              ],
            ];
          });
          fc.pre(lines.length > 0);
          const sums = new Map<string, number[]>();
          for (const line of lines) {
            const sum = sums.get(line[4]!) ?? [0, 0, 0];
            line.slice(5).forEach((n, i) => {
              sum[i]! += Math.round(Number(n) * 100);
            });
            sums.set(line[4]!, sum);
          }
          const parsed = interpretSplitwise(
            records(lines, ...[...sums].map(([code, sum]) => total(code, ...sum.map(hundredths)))),
          );
          expect(parsed.problems).toEqual([]);
          expect(parsed.balancesMatch).toBe(true);
          const money = { currency: household, rates };
          fc.pre(unusableRate(parsed, money) === null);
          const plan = planImport(parsed, everyone, money);
          for (const e of plan.expenses)
            expect(e.splits.reduce((s, x) => s + x.cents, 0)).toBe(e.amountCents);
          const expected = [0, 0, 0];
          for (const [code, sum] of sums) {
            const converted = convertBalances(
              sum,
              code === household ? '1' : rates[code as keyof typeof rates],
              currencyExponent(household),
            );
            converted.forEach((c, i) => {
              expected[i]! += c;
            });
          }
          expect(netsAfter(plan)).toEqual({ a: expected[0], b: expected[1], c: expected[2] });
        },
      ),
    );
  });
});

describe('suggestMapping', () => {
  it('matches full names first, then first names, each member once', () => {
    const members = [
      { userId: 'u1', firstName: 'Ann', lastName: 'Other' },
      { userId: 'u2', firstName: 'Bo', lastName: 'Chen' },
      { userId: 'u3', firstName: 'ann', lastName: 'Lee' },
    ];
    expect(suggestMapping(['Ann Lee', 'Bo', 'Ann', 'Zed'], members)).toEqual({
      'Ann Lee': 'u3',
      Bo: 'u2',
      Ann: 'u1',
      Zed: null,
    });
  });
});
