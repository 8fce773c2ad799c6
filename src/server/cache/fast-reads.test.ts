import { describe, expect, it } from 'vitest';
import { sessionToken } from './fast-reads.ts';

describe('sessionToken', () => {
  it('finds the session cookie as the cookie parser would', () => {
    expect(sessionToken('hearth_session=abc_DEF-123')).toBe('abc_DEF-123');
    expect(sessionToken('theme=dark; hearth_session=abc; lang=en')).toBe('abc');
    expect(sessionToken('hearth_session=first; hearth_session=second')).toBe('first');
  });

  it('finds nothing when there is no session cookie', () => {
    expect(sessionToken(undefined)).toBeUndefined();
    expect(sessionToken('')).toBeUndefined();
    expect(sessionToken('theme=dark')).toBeUndefined();
    expect(sessionToken('my_hearth_session=abc')).toBeUndefined();
    expect(sessionToken('hearth_session=')).toBeUndefined();
  });

  it('leaves encoded, quoted or oversized values to the cookie parser', () => {
    expect(sessionToken('hearth_session=a%20b')).toBeUndefined();
    expect(sessionToken('hearth_session="abc"')).toBeUndefined();
    expect(sessionToken(`hearth_session=${'a'.repeat(101)}`)).toBeUndefined();
  });
});
