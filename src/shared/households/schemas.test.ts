import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateInviteCode, INVITE_CODE_ALPHABET, normalizeInviteCode } from './invites.ts';
import {
  centsToDollars,
  createHouseholdSchema,
  joinHouseholdSchema,
  nextAdmin,
  parseDollarsToCents,
  updateHouseholdSchema,
} from './schemas.ts';

describe('invite codes', () => {
  it('are 8 characters of an alphabet without look-alikes', () => {
    expect(INVITE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (picks) => {
        let i = 0;
        const code = generateInviteCode((n) => picks[i++]! % n);
        expect(code).toMatch(new RegExp(`^[${INVITE_CODE_ALPHABET}]{8}$`));
      }),
    );
  });

  it('are compared upper-cased and trimmed', () => {
    expect(normalizeInviteCode(' abcd2345 ')).toBe('ABCD2345');
    expect(joinHouseholdSchema.parse({ inviteCode: 'abcd2345' })).toEqual({ inviteCode: 'ABCD2345' });
    expect(joinHouseholdSchema.safeParse({ inviteCode: 'abc' }).success).toBe(false);
  });
});

describe('household names', () => {
  it('are trimmed and required', () => {
    expect(createHouseholdSchema.parse({ name: '  Oak  ' })).toEqual({ name: 'Oak' });
    expect(createHouseholdSchema.safeParse({ name: '   ' }).success).toBe(false);
  });
});

describe('money in dollars and cents', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    [950, 95000],
    [0.1, 10],
  ])('%s dollars → %i cents', (input, cents) => {
    expect(parseDollarsToCents(input)).toBe(cents);
  });

  it.each(['-1', '1.234', 'abc', '', '1e3', Number.NaN, Number.POSITIVE_INFINITY, null])(
    '%s is refused',
    (input) => {
      expect(parseDollarsToCents(input)).toBeNull();
    },
  );

  it('prints cents back as a 2-decimal string, round-tripping', () => {
    expect(centsToDollars(120050)).toBe('1200.50');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(-250)).toBe('-2.50');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        (c) => parseDollarsToCents(centsToDollars(c)) === c,
      ),
    );
  });

  it('rent settings validate amount and day', () => {
    expect(updateHouseholdSchema.parse({ rentAmount: '1200.50', rentDueDay: 31 })).toEqual({
      rentAmount: 120050,
      rentDueDay: 31,
    });
    expect(updateHouseholdSchema.parse({ rentAmount: null })).toEqual({ rentAmount: null });
    expect(updateHouseholdSchema.safeParse({ rentDueDay: 0 }).success).toBe(false);
    expect(updateHouseholdSchema.safeParse({}).success).toBe(false);
  });
});

describe('nextAdmin', () => {
  it('picks the longest-standing member, ties by id', () => {
    expect(
      nextAdmin([
        { userId: 'c', joinedAt: 3 },
        { userId: 'b', joinedAt: 2 },
        { userId: 'a', joinedAt: 2 },
      ]),
    ).toEqual({ userId: 'a', joinedAt: 2 });
    expect(nextAdmin([])).toBeNull();
  });
});
