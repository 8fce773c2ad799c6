import { describe, expect, it } from 'vitest';
import {
  INSTALL_BANNER_DISMISS_MS,
  isInstallableIosBrowser,
  isIos,
  parseDismissedAt,
  shouldShowIosInstallBanner,
} from './install-banner.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1';
const IPHONE_FIREFOX =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/124.0 Mobile/15E148 Safari/605.1.15';
const IPHONE_FACEBOOK =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.37.106;FBBV/583013458]';
const IPHONE_INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0.0.30.109';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';

const NOW = Date.UTC(2025, 0, 31);
const eligible = {
  userAgent: IPHONE_SAFARI,
  maxTouchPoints: 5,
  standalone: false,
  dismissedAt: null,
  now: NOW,
};

describe('shouldShowIosInstallBanner', () => {
  it('shows in Safari on an iPhone that has not installed or dismissed it', () => {
    expect(shouldShowIosInstallBanner(eligible)).toBe(true);
  });

  it('shows on an iPad that presents a desktop user agent with touch', () => {
    expect(shouldShowIosInstallBanner({ ...eligible, userAgent: IPAD_DESKTOP_SAFARI })).toBe(true);
  });

  it('does not show on a real Mac (desktop user agent without touch)', () => {
    expect(
      shouldShowIosInstallBanner({ ...eligible, userAgent: IPAD_DESKTOP_SAFARI, maxTouchPoints: 0 }),
    ).toBe(false);
  });

  it('does not show outside iOS', () => {
    expect(shouldShowIosInstallBanner({ ...eligible, userAgent: ANDROID_CHROME })).toBe(false);
  });

  it('does not show once installed', () => {
    expect(shouldShowIosInstallBanner({ ...eligible, standalone: true })).toBe(false);
  });

  it('does not show in other iOS browsers or in-app browsers', () => {
    for (const userAgent of [IPHONE_CHROME, IPHONE_FIREFOX, IPHONE_FACEBOOK, IPHONE_INSTAGRAM]) {
      expect(shouldShowIosInstallBanner({ ...eligible, userAgent })).toBe(false);
    }
  });

  it('honours a dismissal for 30 days', () => {
    const day = 24 * 60 * 60 * 1000;
    expect(shouldShowIosInstallBanner({ ...eligible, dismissedAt: NOW - day })).toBe(false);
    expect(
      shouldShowIosInstallBanner({ ...eligible, dismissedAt: NOW - INSTALL_BANNER_DISMISS_MS + 1 }),
    ).toBe(false);
    expect(shouldShowIosInstallBanner({ ...eligible, dismissedAt: NOW - INSTALL_BANNER_DISMISS_MS })).toBe(
      true,
    );
    expect(shouldShowIosInstallBanner({ ...eligible, dismissedAt: NOW - 31 * day })).toBe(true);
  });
});

describe('isIos', () => {
  it('recognises iPhone, iPad and iPod user agents', () => {
    expect(isIos(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (iPad; CPU OS 15_0 like Mac OS X)', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X)', 5)).toBe(true);
    expect(isIos(ANDROID_CHROME, 5)).toBe(false);
  });
});

describe('isInstallableIosBrowser', () => {
  it('accepts Safari and refuses the others', () => {
    expect(isInstallableIosBrowser(IPHONE_SAFARI)).toBe(true);
    expect(isInstallableIosBrowser(IPHONE_CHROME)).toBe(false);
    expect(isInstallableIosBrowser(IPHONE_FACEBOOK)).toBe(false);
  });
});

describe('parseDismissedAt', () => {
  it('reads a stored timestamp', () => {
    expect(parseDismissedAt(String(NOW))).toBe(NOW);
  });

  it('treats missing or garbled values as not dismissed', () => {
    expect(parseDismissedAt(null)).toBeNull();
    expect(parseDismissedAt(undefined)).toBeNull();
    expect(parseDismissedAt('')).toBeNull();
    expect(parseDismissedAt('yesterday')).toBeNull();
    expect(parseDismissedAt('-5')).toBeNull();
  });
});
