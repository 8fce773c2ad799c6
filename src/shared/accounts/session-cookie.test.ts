import { describe, expect, it } from 'vitest';
import {
  hasCookie,
  readCookie,
  SIGNED_IN_COOKIE,
  TIME_ZONE_COOKIE,
  TIME_ZONE_OFFSET_COOKIE,
} from './session-cookie.ts';

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

describe('readCookie', () => {
  it('reads the named cookie, decoded, wherever it stands', () => {
    expect(readCookie('hearth_tz=Europe%2FBerlin', TIME_ZONE_COOKIE)).toBe('Europe/Berlin');
    expect(readCookie('hearth_tz_offset=-60; hearth_tz=Asia%2FTokyo', TIME_ZONE_COOKIE)).toBe('Asia/Tokyo');
    expect(readCookie('hearth_tz=UTC; hearth_tz_offset=-60', TIME_ZONE_OFFSET_COOKIE)).toBe('-60');
  });

  it('is null for a cookie that is missing or cannot be decoded', () => {
    expect(readCookie('', TIME_ZONE_COOKIE)).toBeNull();
    expect(readCookie('my_hearth_tz=UTC', TIME_ZONE_COOKIE)).toBeNull();
    expect(readCookie('hearth_tz=%E0%A4%A', TIME_ZONE_COOKIE)).toBeNull();
  });
});
