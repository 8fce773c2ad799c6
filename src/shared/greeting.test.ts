import { describe, expect, it } from 'vitest';
import { greeting, greetingName } from './greeting.ts';

describe('greeting (SPEC §2)', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Afternoon'],
    [16, 'Afternoon'],
    [17, 'Good evening'],
    [23, 'Good evening'],
  ])('hour %i → %s', (hour, expected) => {
    expect(greeting(hour)).toBe(expected);
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
