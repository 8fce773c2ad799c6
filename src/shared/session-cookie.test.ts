import { describe, expect, it } from 'vitest';
import { hasCookie, SIGNED_IN_COOKIE } from './session-cookie.ts';

describe('hasCookie', () => {
  it('finds the cookie wherever it stands in the list', () => {
    expect(hasCookie(`${SIGNED_IN_COOKIE}=1`, SIGNED_IN_COOKIE)).toBe(true);
    expect(hasCookie(`theme=dark; ${SIGNED_IN_COOKIE}=1; lang=en`, SIGNED_IN_COOKIE)).toBe(true);
    expect(hasCookie(`theme=dark;${SIGNED_IN_COOKIE}=`, SIGNED_IN_COOKIE)).toBe(true);
  });

  it('does not mistake another cookie for it', () => {
    expect(hasCookie('', SIGNED_IN_COOKIE)).toBe(false);
    expect(hasCookie(`my_${SIGNED_IN_COOKIE}=1`, SIGNED_IN_COOKIE)).toBe(false);
    expect(hasCookie(`${SIGNED_IN_COOKIE}_old=1`, SIGNED_IN_COOKIE)).toBe(false);
    expect(hasCookie(`theme=${SIGNED_IN_COOKIE}=1`, SIGNED_IN_COOKIE)).toBe(false);
  });
});
