import { describe, expect, it } from 'vitest';
import { translate } from '#shared/i18n/catalogs.ts';
import { greeting, greetingName } from './greeting.ts';

const inLanguage =
  (language: 'en' | 'de') => (id: Parameters<typeof translate>[1], values?: Record<string, unknown>) =>
    translate(language, id, values);

describe('greeting', () => {
  it.each([
    ['00:00', 'Good morning'],
    ['11:59', 'Good morning'],
    ['12:00', 'Afternoon'],
    ['16:59', 'Afternoon'],
    ['17:00', 'Good evening'],
    ['23:59', 'Good evening'],
  ])('%s local time → %s', (time, expected) => {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    expect(greeting(new Date(2026, 10, 21, hours, minutes), inLanguage('en'))).toBe(expected);
  });

  it.each([
    ['08:00', 'Guten Morgen'],
    ['13:00', 'Guten Tag'],
    ['20:00', 'Guten Abend'],
  ])('%s local time in German → %s', (time, expected) => {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    expect(greeting(new Date(2026, 10, 21, hours, minutes), inLanguage('de'))).toBe(expected);
  });
});

describe('greetingName', () => {
  it('prefers the first name, then the e-mail local part, then "there"', () => {
    expect(greetingName({ firstName: ' Ada ', email: 'x@y.z' })).toBe('Ada');
    expect(greetingName({ firstName: '', email: 'grace@navy.mil' })).toBe('grace');
    expect(greetingName({ email: '@nowhere' })).toBe('there');
    expect(greetingName(null)).toBe('there');
  });
});
