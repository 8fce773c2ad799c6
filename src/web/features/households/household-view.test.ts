import { describe, expect, it } from 'vitest';
import type { HouseholdMember } from '#shared/households/api.ts';
import { updateHouseholdSchema } from '#shared/households/schemas.ts';
import { i18nFor } from '#shared/i18n/catalogs.ts';
import { moneyFormat } from '#shared/money.ts';
import { canRemoveMember, isAdmin, ordinal, rentSettingsPayload, type Translate } from './household-view.ts';

const translator = (locale: 'en' | 'de' | 'es'): Translate => {
  const i18n = i18nFor(locale);
  return (id, values) => i18n._(id, values);
};

const member = (userId: string, role: 'admin' | 'member'): HouseholdMember => ({
  id: `m-${userId}`,
  userId,
  role,
  joinedAt: '2025-01-01T00:00:00.000Z',
  awayFrom: null,
  awayUntil: null,
  user: {
    id: userId,
    firstName: userId,
    lastName: '',
    email: `${userId}@example.com`,
    profileColor: 'blue',
    profileImageUrl: null,
  },
});

const household = { members: [member('ada', 'admin'), member('bea', 'member')] };

describe('member roles', () => {
  it('knows who administers the household', () => {
    expect(isAdmin(household, 'ada')).toBe(true);
    expect(isAdmin(household, 'bea')).toBe(false);
    expect(isAdmin(household, 'stranger')).toBe(false);
  });

  it('lets only an administrator remove, and never themselves', () => {
    expect(canRemoveMember(household, 'ada', 'bea')).toBe(true);
    expect(canRemoveMember(household, 'ada', 'ada')).toBe(false);
    expect(canRemoveMember(household, 'bea', 'ada')).toBe(false);
  });
});

describe('rentSettingsPayload', () => {
  it('turns blank fields into cleared settings', () => {
    expect(rentSettingsPayload({ rentAmount: ' ', rentDueDay: '' })).toEqual({
      rentAmount: null,
      rentDueDay: null,
    });
  });

  it('passes amounts and days the schema accepts', () => {
    const payload = rentSettingsPayload({ rentAmount: '$1200.5', rentDueDay: ' 31 ' });
    expect(payload).toEqual({ rentAmount: '1200.5', rentDueDay: 31 });
    expect(updateHouseholdSchema.parse(payload)).toEqual({ rentAmount: 120050, rentDueDay: 31 });
  });

  it('leaves the schema to refuse what is not a day or an amount', () => {
    for (const fields of [
      { rentAmount: '12.345', rentDueDay: '' },
      { rentAmount: '-5', rentDueDay: '' },
      { rentAmount: '', rentDueDay: '2.5' },
      { rentAmount: '', rentDueDay: 'first' },
      { rentAmount: '', rentDueDay: '32' },
      { rentAmount: '', rentDueDay: '0' },
    ]) {
      expect(updateHouseholdSchema.safeParse(rentSettingsPayload(fields)).success).toBe(false);
    }
  });
});

describe('formatting', () => {
  it('shows rent in the household’s currency with the language’s separators', () => {
    const usd = moneyFormat('USD', 'en-US');
    expect(usd.text('1200.50')).toBe('$1,200.50');
    expect(usd.text('0.05')).toBe('$0.05');
    expect(usd.text('1234567.00')).toBe('$1,234,567.00');
    expect(moneyFormat('EUR', 'de-DE').text('1234.56')).toBe('1.234,56\u00a0€');
    expect(moneyFormat('JPY', 'en-US').text('98000')).toBe('¥98,000');
    expect(moneyFormat('KWD', 'en-US').text('350.500')).toBe('KWD\u00a0350.500');
  });

  it('writes days as ordinals', () => {
    const en = translator('en');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((day) => ordinal(day, en))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });

  it('writes ordinals the German and Spanish way', () => {
    expect([1, 2, 22].map((day) => ordinal(day, translator('de')))).toEqual(['1.', '2.', '22.']);
    expect([1, 3, 31].map((day) => ordinal(day, translator('es')))).toEqual(['1.º', '3.º', '31.º']);
  });
});
