import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertBalances, convertHundredths, hundredthsIn, rateOf } from './splitwise-money.ts';

describe('hundredthsIn', () => {
  it('writes hundredths in a currency’s own minor units, exactly or not at all', () => {
    expect(hundredthsIn(1250, 2)).toBe(1250);
    expect(hundredthsIn(120000, 0)).toBe(1200);
    expect(hundredthsIn(120050, 0)).toBeNull();
    expect(hundredthsIn(125, 3)).toBe(1250);
  });
});

describe('rateOf', () => {
  it('is 1 for the household’s own currency, whatever was sent for it', () => {
    const money = { currency: 'USD', rates: { USD: '2', EUR: '1.09' } };
    expect(rateOf(money, 'USD')).toBe('1');
    expect(rateOf(money, 'EUR')).toBe('1.09');
    expect(rateOf(money, 'JPY')).toBeNull();
    expect(rateOf({ currency: 'USD', rates: {} }, 'toString')).toBeNull();
  });
});

describe('convertHundredths', () => {
  it('converts once, rounding half up to the household’s minor unit', () => {
    expect(convertHundredths(4000, '1.09', 2)).toBe(4360);
    // 1200 yen at 0.0067 dollars a yen.
    expect(convertHundredths(120000, '0.0067', 2)).toBe(804);
    // $10.00 at 151.25 yen a dollar is 1512.5 yen.
    expect(convertHundredths(1000, '151.25', 0)).toBe(1513);
    // 1200 yen in a yen household, at its own rate.
    expect(convertHundredths(120000, '1', 0)).toBe(1200);
    expect(convertHundredths(1000, '0.3075', 3)).toBe(3075);
  });
});

describe('convertBalances', () => {
  it('apportions the converted total among creditors and, the same, among debtors', () => {
    // Owed 10.01 at 1.5 is 15.015 → 15.02; the debtors' 5.00 and 5.01 share it by largest remainder.
    expect(convertBalances([1001, -500, -501], '1.5', 2)).toEqual([1502, -750, -752]);
    expect(convertBalances([0, 0], '1.09', 2)).toEqual([0, 0]);
    // In the household's own currency nothing changes.
    expect(convertBalances([-47000, 100000, -53000], '1', 2)).toEqual([-47000, 100000, -53000]);
    expect(convertBalances([120000, -40000, -80000], '1', 0)).toEqual([1200, -400, -800]);
  });

  it('adds up to exactly 0, each balance within 1.5 minor units of its exact conversion', () => {
    const rate = fc
      .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
      .map(([n, decimals]) => {
        const digits = String(n).padStart(decimals + 1, '0');
        return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
      });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        rate,
        fc.constantFrom(0, 2, 3),
        (raw, r, exponent) => {
          const balances = [...raw, -raw.reduce((s, b) => s + b, 0)];
          const converted = convertBalances(balances, r, exponent);
          expect(converted.reduce((s, c) => s + c, 0)).toBe(0);
          converted.forEach((c, i) => {
            const exact = (balances[i]! * Number(r) * 10 ** exponent) / 100;
            expect(Math.abs(c - exact)).toBeLessThanOrEqual(1.5 + Math.abs(exact) * 1e-12);
            expect(Math.sign(c) * Math.sign(balances[i]!)).not.toBe(-1);
          });
        },
      ),
    );
  });
});
