import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, formatMoney, parseDollarsToCents } from '../money.ts';
import {
  type BalanceSplit,
  customSplit,
  debtExplanations,
  equalSplit,
  expenseDateLabel,
  isExpenseSettled,
  isShareOpen,
  percentageSplit,
  percentagesAddUp,
  recurringCopySplits,
  recurringDate,
  settledPercent,
  simplifyDebts,
} from './rules.ts';
import { createExpenseSchema } from './schemas.ts';

const users = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'];

describe('equal split', () => {
  it('gives the extra cents to the first members: 10.00 / 3 → 3.34, 3.33, 3.33', () => {
    expect(equalSplit(1000, ['a', 'b', 'c']).map((s) => centsToDollars(s.cents))).toEqual([
      '3.34',
      '3.33',
      '3.33',
    ]);
  });

  it('always adds up to the amount exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 20 }), (amount, n) => {
        const split = equalSplit(amount, users.concat(users, users, users).slice(0, n));
        const sum = split.reduce((s, x) => s + x.cents, 0);
        const spread = Math.max(...split.map((s) => s.cents)) - Math.min(...split.map((s) => s.cents));
        return sum === amount && spread <= 1;
      }),
    );
  });
});

describe('percentage split', () => {
  it('splits by largest remainder so shares add up exactly', () => {
    expect(
      percentageSplit(1000, [
        { userId: 'a', percent: 33.3 },
        { userId: 'b', percent: 33.3 },
        { userId: 'c', percent: 33.4 },
      ]),
    ).toEqual([
      { userId: 'a', cents: 333 },
      { userId: 'b', cents: 333 },
      { userId: 'c', cents: 334 },
    ]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const total = weights.reduce((s, w) => s + w, 0);
          if (total === 0) return true;
          const shares = weights.map((w, i) => ({ userId: `u${i}`, percent: (w / total) * 100 }));
          return percentageSplit(amount, shares).reduce((s, x) => s + x.cents, 0) === amount;
        },
      ),
    );
  });

  it('accepts percentages adding up to 100 within 0.1', () => {
    expect(percentagesAddUp([33.3, 33.3, 33.3])).toBe(true);
    expect(percentagesAddUp([50, 49.8])).toBe(false);
  });
});

describe('custom split', () => {
  it('accepts a difference of at most a cent, absorbed by the largest share', () => {
    expect(
      customSplit(1000, [
        { userId: 'a', cents: 333 },
        { userId: 'b', cents: 666 },
      ]),
    ).toEqual([
      { userId: 'a', cents: 333 },
      { userId: 'b', cents: 667 },
    ]);
    expect(customSplit(1000, [{ userId: 'a', cents: 990 }])).toBeNull();
  });
});

const split = (
  expenseId: string,
  paidBy: string,
  userId: string,
  cents: number,
  settled = false,
): BalanceSplit => ({
  expenseId,
  paidBy,
  userId,
  cents,
  settled,
});

const splitsArbitrary = fc.array(
  fc.record({
    expenseId: fc.constantFrom('e1', 'e2', 'e3', 'e4'),
    paidBy: fc.constantFrom(...users),
    userId: fc.constantFrom(...users),
    cents: fc.integer({ min: -100, max: 100_000 }),
    settled: fc.boolean(),
  }),
  { maxLength: 60 },
);

/** Each member's net over the splits that count (open, positive, not the payer's own). */
function netsOf(splits: BalanceSplit[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const s of splits) {
    if (s.settled || s.cents <= 0 || s.userId === s.paidBy) continue;
    net.set(s.paidBy, (net.get(s.paidBy) ?? 0) + s.cents);
    net.set(s.userId, (net.get(s.userId) ?? 0) - s.cents);
  }
  return net;
}

describe('simplified balances (property-based)', () => {
  it('balances always sum to zero', () => {
    fc.assert(
      fc.property(splitsArbitrary, (splits) => [...netsOf(splits).values()].reduce((s, c) => s + c, 0) === 0),
    );
  });

  it('paying every suggested transfer brings every balance to zero, in at most n − 1 transfers', () => {
    fc.assert(
      fc.property(splitsArbitrary, (splits) => {
        const balances = netsOf(splits);
        const transfers = simplifyDebts(balances);
        const after = new Map(balances);
        for (const t of transfers) {
          after.set(t.from, (after.get(t.from) ?? 0) + t.cents);
          after.set(t.to, (after.get(t.to) ?? 0) - t.cents);
        }
        const nonZero = [...balances.values()].filter((c) => c !== 0).length;
        return (
          [...after.values()].every((c) => c === 0) &&
          transfers.length <= Math.max(0, nonZero - 1) &&
          transfers.every((t) => t.cents > 0)
        );
      }),
    );
  });

  it('is deterministic for equal inputs, whatever the order of the splits', () => {
    fc.assert(
      fc.property(splitsArbitrary, (splits) => {
        const a = simplifyDebts(netsOf(splits));
        const b = simplifyDebts(netsOf([...splits].reverse()));
        return JSON.stringify(a) === JSON.stringify(b);
      }),
    );
  });

  it('explains a person-to-person debt by the expenses between the two only', () => {
    const splits = [
      split('e1', 'ann', 'ben', 1000),
      split('e2', 'cat', 'ben', 500),
      split('e3', 'ben', 'ann', 300),
    ];
    expect(debtExplanations(splits).pair({ from: 'ben', to: 'ann', cents: 700 })).toEqual(['e1', 'e3']);
  });

  it('explains a transfer by the expenses behind it', () => {
    const splits = [
      split('e1', 'ann', 'ben', 1000),
      split('e2', 'cat', 'dan', 500),
      split('e3', 'ann', 'dan', 300),
    ];
    expect(debtExplanations(splits).transfer({ from: 'ben', to: 'ann', cents: 1000 })).toEqual(['e1', 'e3']);
  });
});

describe('explaining debts (property-based)', () => {
  const counts = (s: BalanceSplit) => !s.settled && s.cents > 0 && s.userId !== s.paidBy;
  // The expenses of the splits that count and match, in the order the splits first name them.
  const scan = (splits: BalanceSplit[], match: (s: BalanceSplit) => boolean) => [
    ...new Set(splits.filter((s) => counts(s) && match(s)).map((s) => s.expenseId)),
  ];

  it('lists, for any debt, what one scan of the splits for it lists', () => {
    fc.assert(
      fc.property(
        splitsArbitrary,
        fc.constantFrom(...users),
        fc.constantFrom(...users),
        (splits, from, to) => {
          const debt = { from, to, cents: 1 };
          const explain = debtExplanations(splits);
          expect(explain.transfer(debt)).toEqual(scan(splits, (s) => s.userId === from || s.paidBy === to));
          expect(explain.pair(debt)).toEqual(
            scan(
              splits,
              (s) => (s.userId === from && s.paidBy === to) || (s.userId === to && s.paidBy === from),
            ),
          );
        },
      ),
    );
  });
});

describe('display', () => {
  it('formats money with a dollar sign and two decimals', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(-5)).toBe('-$0.05');
    expect(parseDollarsToCents('12.5')).toBe(1250);
  });

  it('labels expense dates', () => {
    expect(expenseDateLabel(0, 'Jun 1')).toBe('Today');
    expect(expenseDateLabel(1, 'Jun 1')).toBe('Yesterday');
    expect(expenseDateLabel(6, 'Jun 1')).toBe('6 days ago');
    expect(expenseDateLabel(7, 'Jun 1')).toBe('Jun 1');
  });

  it('shows how much of an expense is settled', () => {
    expect(
      settledPercent(
        [
          { userId: 'a', cents: 500, settled: false },
          { userId: 'b', cents: 500, settled: true },
          { userId: 'c', cents: 500, settled: false },
        ],
        'a',
      ),
    ).toBe(50);
  });
});

describe('settled or not (the Unsettled and Settled tabs)', () => {
  const share = (userId: string | null, cents: number, settled: boolean) => ({ userId, cents, settled });

  it('is settled when every share but the payer own is settled', () => {
    expect(isExpenseSettled([share('a', 500, false), share('b', 500, true)], 'a')).toBe(true);
    expect(isExpenseSettled([share('a', 500, true), share('b', 500, false)], 'a')).toBe(false);
    expect(isExpenseSettled([], 'a')).toBe(true);
  });

  it('owes nothing on a share of nothing, nor on one whose member and payer are both gone', () => {
    expect(isShareOpen(share('b', 0, false), 'a')).toBe(false);
    expect(isShareOpen(share(null, 500, false), null)).toBe(false);
    expect(isShareOpen(share(null, 500, false), 'a')).toBe(true);
    expect(isShareOpen(share('b', 500, false), null)).toBe(true);
  });
});

describe('create payload', () => {
  const valid = {
    expense: { title: ' Pizza ', amount: '30.00', paidBy: 'ann' },
    splits: [
      { userId: 'ann', amount: '15.00' },
      { userId: 'ben', amount: '15.00' },
    ],
  };
  it('turns amounts into cents with the defaults', () => {
    expect(createExpenseSchema.parse(valid)).toMatchObject({
      expense: {
        title: 'Pizza',
        amount: 3000,
        category: 'other',
        splitType: 'equal',
        isRecurring: false,
        recurringInterval: 'monthly',
      },
      splits: [
        { userId: 'ann', amount: 1500 },
        { userId: 'ben', amount: 1500 },
      ],
    });
  });
  it('refuses zero, negative, huge and 3-decimal amounts, blank titles, duplicate members', () => {
    for (const amount of ['0', '-1', '1000000.01', '1.234', 'abc']) {
      expect(createExpenseSchema.safeParse({ ...valid, expense: { ...valid.expense, amount } }).success).toBe(
        false,
      );
    }
    expect(
      createExpenseSchema.safeParse({ ...valid, expense: { ...valid.expense, title: ' ' } }).success,
    ).toBe(false);
    expect(
      createExpenseSchema.safeParse({ ...valid, splits: [valid.splits[0], valid.splits[0]] }).success,
    ).toBe(false);
  });
});

describe('recurring dates', () => {
  it('count from the first date, clamping month ends without drifting', () => {
    expect(recurringDate('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(recurringDate('2026-01-31', 'monthly', 2)).toBe('2026-03-31');
    expect(recurringDate('2028-01-31', 'monthly', 1)).toBe('2028-02-29');
    expect(recurringDate('2026-11-30', 'quarterly', 1)).toBe('2027-02-28');
    expect(recurringDate('2024-02-29', 'yearly', 1)).toBe('2025-02-28');
    expect(recurringDate('2026-12-29', 'weekly', 1)).toBe('2027-01-05');
  });
});

describe('recurring copies after someone left', () => {
  const here = (...ids: string[]) => new Set(ids);
  const shares = (byUser: Record<string, number>) =>
    Object.entries(byUser).map(([userId, cents]) => ({ userId, cents }));

  it('copy every share as it was while everybody is still here', () => {
    const splits = shares({ ann: 334, ben: 333, cat: 333 });
    expect(recurringCopySplits(1000, 'equal', splits, here('ann', 'ben', 'cat', 'dan'))).toEqual(splits);
    const custom = shares({ ann: 700, ben: 300 });
    expect(recurringCopySplits(1000, 'custom', custom, here('ann', 'ben'))).toEqual(custom);
  });

  it('share an equal split equally among those still here', () => {
    const splits = shares({ ann: 250, ben: 250, cat: 250, dan: 250 });
    expect(recurringCopySplits(1000, 'equal', splits, here('ann', 'cat', 'dan'))).toEqual(
      shares({ ann: 334, cat: 333, dan: 333 }),
    );
    // A deleted account's share (no user any more) goes the same way.
    expect(
      recurringCopySplits(
        1000,
        'equal',
        [
          { userId: 'ann', cents: 500 },
          { userId: null, cents: 500 },
        ],
        here('ann'),
      ),
    ).toEqual(shares({ ann: 1000 }));
  });

  it('keep the proportions of a custom or percentage split, adding up to the amount', () => {
    const splits = shares({ ann: 6000, ben: 3000, cat: 1000 });
    expect(recurringCopySplits(10000, 'percentage', splits, here('ann', 'cat'))).toEqual(
      shares({ ann: 8571, cat: 1429 }),
    );
    // Someone with no share keeps none; if nobody left had one, they share it equally.
    const zero = shares({ ann: 0, ben: 1000, cat: 0 });
    expect(recurringCopySplits(1000, 'custom', zero, here('ann', 'cat'))).toEqual(
      shares({ ann: 500, cat: 500 }),
    );
  });

  it('give nothing when nobody it was split among is still here', () => {
    expect(recurringCopySplits(1000, 'equal', shares({ ben: 1000 }), here('ann'))).toBeNull();
  });

  it('always add up to the amount (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom('equal' as const, 'custom' as const, 'percentage' as const),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        (amount, type, amounts, stays) => {
          const splits = amounts.map((cents, i) => ({ userId: users[i]!, cents }));
          const members = new Set(users.filter((_, i) => stays[i]));
          const copy = recurringCopySplits(amount, type, splits, members);
          const kept = splits.filter((s) => members.has(s.userId));
          if (kept.length === 0) return copy === null;
          if (kept.length === splits.length) return JSON.stringify(copy) === JSON.stringify(kept);
          if (copy === null) return false;
          return (
            copy.every((s) => members.has(s.userId) && s.cents >= 0) &&
            copy.reduce((sum, s) => sum + s.cents, 0) === amount
          );
        },
      ),
    );
  });
});
