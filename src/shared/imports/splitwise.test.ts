import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerFigures } from '../expenses/ledger.ts';
import { latestDate } from '../time/window.ts';
import {
  interpretSplitwise,
  interpretSplitwiseInSteps,
  parseSignedCents,
  planImport,
  reconstructShares,
  SplitwiseFileError,
  splitwiseCategory,
  suggestMapping,
} from './splitwise.ts';

const HEADER = ['Date', 'Description', 'Category', 'Cost', 'Currency', 'Ann Lee', 'Bo Chen', 'Cy'];
const total = (currency: string, ...nets: string[]) => ['', 'Total balance', '', '', currency, ...nets];
const file = (...rows: string[][]) =>
  interpretSplitwise([HEADER, [], ...rows, [], total('USD', '0', '0', '0')]);

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
    expect(f.totalCents).toBe(159000);
    expect(f.computedBalances).toEqual([-47000, 100000, -53000]);
    expect(f.finalBalances).toEqual([0, 0, 0]);
    expect(f.expenses[0]).toMatchObject({
      title: 'Groceries, big shop',
      category: 'groceries',
      costCents: 9000,
    });
  });

  it('reports rows it cannot import, with their row and a reason', () => {
    const f = file(
      ['2024-01-05', 'ok', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-06', 'ok', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
      ['2024-01-07', 'In euros', 'General', '30.00', 'EUR', '20.00', '-10.00', '-10.00'],
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
    expect(f.problems[0]!.reason).toMatch(/EUR.*USD/);
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
  const row = (costCents: number, nets: number[]) => ({
    row: 2,
    date: '2024-01-01',
    title: 'x',
    description: null,
    category: 'other' as const,
    costCents,
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
    const plan = planImport(f, { 'Ann Lee': 'a', 'Bo Chen': 'b', Cy: 'c' });
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
    expect(plan.payments).toEqual([{ date: '2024-01-06', from: 'c', to: 'a', cents: 3000 }]);
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
    const plan = planImport(f, { 'Ann Lee': 'a', 'Bo Chen': 'b', Cy: null });
    expect(plan.expenses).toHaveLength(1);
    expect(plan.expenses[0]!.splits.map((s) => s.userId)).toEqual(['a', 'b']);
    expect(plan.skippedRows).toBe(2);
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
