import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './greeting.ts';

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
    expect(greeting(new Date(2026, 10, 21, hours, minutes))).toBe(expected);
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
