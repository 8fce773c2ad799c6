import { describe, expect, it } from 'vitest';
import {
  classifyEnvironment,
  detectDisplayMode,
  type EnvironmentProbe,
  isAndroidChrome,
  notificationCardState,
} from './install-environment.ts';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ Safari asks for desktop sites and says 'Macintosh'; only the touch points give it away.
  ipadDesktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0',
  samsungInternet:
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.40 Mobile Safari/537.36',
  desktopChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  desktopFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:124.0) Gecko/20100101 Firefox/124.0',
  desktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  desktopEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 Edg/123.0.2420.65',
};

const NO_MODE = { fullscreen: false, standalone: false, minimalUi: false };

/** A browser tab with every API and the permission not asked yet. */
function probe(overrides: Partial<EnvironmentProbe>): EnvironmentProbe {
  return {
    userAgent: UA.desktopChrome,
    maxTouchPoints: 0,
    displayMode: NO_MODE,
    navigatorStandalone: undefined,
    referrer: '',
    hasNotification: true,
    hasPushManager: true,
    hasServiceWorker: true,
    permission: 'default',
    ...overrides,
  };
}

// iOS Safari in a tab has no Notification or PushManager; a home-screen app (16.4+) has both.
const iosTab = { hasNotification: false, hasPushManager: false, permission: null } as const;

describe('classifyEnvironment in a browser tab', () => {
  it.each([
    ['iPhone Safari', { userAgent: UA.iphoneSafari, maxTouchPoints: 5, ...iosTab }, 'ios', 'none', true],
    [
      'iPad Safari (desktop mode)',
      { userAgent: UA.ipadDesktopSafari, maxTouchPoints: 5, ...iosTab },
      'ios',
      'none',
      true,
    ],
    ['Android Chrome', { userAgent: UA.androidChrome, maxTouchPoints: 5 }, 'android', 'web', false],
    ['Android Firefox', { userAgent: UA.androidFirefox, maxTouchPoints: 5 }, 'android', 'none', true],
    ['Samsung Internet', { userAgent: UA.samsungInternet, maxTouchPoints: 5 }, 'android', 'none', true],
    ['Android web view', { userAgent: UA.androidWebView, maxTouchPoints: 5 }, 'android', 'none', true],
    ['desktop Chrome', { userAgent: UA.desktopChrome }, 'desktop', 'web', false],
    ['desktop Firefox', { userAgent: UA.desktopFirefox }, 'desktop', 'web', false],
    [
      'desktop Safari (no touch)',
      { userAgent: UA.desktopSafari, maxTouchPoints: 0 },
      'desktop',
      'web',
      false,
    ],
    ['desktop Edge', { userAgent: UA.desktopEdge }, 'desktop', 'web', false],
  ] as const)(
    '%s: platform %s, strategy %s, install first %s',
    (_, input, platform, strategy, installFirst) => {
      const env = classifyEnvironment(probe(input));
      expect(env).toMatchObject({
        platform,
        displayMode: 'browser',
        installed: false,
        notificationStrategy: strategy,
        installFirst,
        supportLevel: 'none',
      });
    },
  );
});

describe('detectDisplayMode', () => {
  it.each([
    ['a TWA opened from its Android app', { referrer: 'android-app://com.example.hearth/' }, 'twa'],
    ['Safari home-screen app', { navigatorStandalone: true }, 'standalone-ios'],
    ['fullscreen', { displayMode: { ...NO_MODE, fullscreen: true } }, 'fullscreen'],
    ['standalone', { displayMode: { ...NO_MODE, standalone: true } }, 'standalone'],
    ['minimal-ui', { displayMode: { ...NO_MODE, minimalUi: true } }, 'minimal-ui'],
    ['a tab', {}, 'browser'],
    ['a tab opened from another site', { referrer: 'https://example.com/' }, 'browser'],
    ['a tab in Safari (standalone false)', { navigatorStandalone: false }, 'browser'],
    // A TWA also matches display-mode standalone: the referrer wins.
    [
      'a TWA in standalone',
      { referrer: 'android-app://x/', displayMode: { ...NO_MODE, standalone: true } },
      'twa',
    ],
  ] as const)('%s is %s', (_, input, mode) => {
    expect(detectDisplayMode(probe(input))).toBe(mode);
  });
});

describe('installed apps', () => {
  it('an iPhone home-screen app that was granted gets full support', () => {
    const env = classifyEnvironment(
      probe({
        userAgent: UA.iphoneSafari,
        maxTouchPoints: 5,
        navigatorStandalone: true,
        permission: 'granted',
      }),
    );
    expect(env).toMatchObject({
      platform: 'ios',
      displayMode: 'standalone-ios',
      installed: true,
      notificationStrategy: 'pwa',
      supportLevel: 'full',
      installFirst: false,
    });
  });

  it('Samsung Internet installed as an app no longer needs installing first', () => {
    const env = classifyEnvironment(
      probe({ userAgent: UA.samsungInternet, displayMode: { ...NO_MODE, standalone: true } }),
    );
    expect(env).toMatchObject({ installed: true, notificationStrategy: 'pwa', installFirst: false });
  });

  it('an installed app without push (old iOS) and granted is only partial', () => {
    const env = classifyEnvironment(
      probe({ navigatorStandalone: true, hasPushManager: false, permission: 'granted' }),
    );
    expect(env.supportLevel).toBe('partial');
    expect(env.pushCapable).toBe(false);
  });

  it('a TWA is installed', () => {
    const env = classifyEnvironment(probe({ userAgent: UA.androidChrome, referrer: 'android-app://com.x/' }));
    expect(env).toMatchObject({
      platform: 'android',
      displayMode: 'twa',
      installed: true,
      notificationStrategy: 'pwa',
    });
  });
});

describe('support level and permission', () => {
  it.each([
    ['granted in a desktop tab', { permission: 'granted' }, 'partial'],
    ['granted on Android Chrome', { userAgent: UA.androidChrome, permission: 'granted' }, 'partial'],
    [
      'granted in a standalone desktop app',
      { permission: 'granted', displayMode: { ...NO_MODE, standalone: true } },
      'full',
    ],
    ['not asked yet', { permission: 'default' }, 'none'],
    ['denied', { permission: 'denied' }, 'none'],
    [
      'granted but on Android Firefox (no strategy)',
      { userAgent: UA.androidFirefox, permission: 'granted' },
      'none',
    ],
    ['no Notification API', { hasNotification: false, permission: null }, 'none'],
  ] as const)('%s: %s', (_, input, level) => {
    expect(classifyEnvironment(probe(input)).supportLevel).toBe(level);
  });

  it('reports a missing Notification API as permission default', () => {
    expect(classifyEnvironment(probe({ hasNotification: false, permission: null })).permission).toBe(
      'default',
    );
  });
});

describe('isAndroidChrome', () => {
  it('is Chrome only, not the browsers that borrow its user agent', () => {
    expect(isAndroidChrome(UA.androidChrome)).toBe(true);
    expect(isAndroidChrome(UA.samsungInternet)).toBe(false);
    expect(isAndroidChrome(UA.androidWebView)).toBe(false);
    expect(isAndroidChrome(UA.androidFirefox)).toBe(false);
    expect(isAndroidChrome(UA.desktopChrome)).toBe(false);
  });
});

describe('notificationCardState', () => {
  const ready = { installFirst: false, permission: 'default' } as const;
  it.each([
    ['an http page', ready, true, false, 'insecure'],
    ['iPhone Safari in a tab', { installFirst: true, permission: 'default' }, false, true, 'install-first'],
    ['a browser without notifications', ready, false, true, 'unsupported'],
    ['denied', { installFirst: false, permission: 'denied' }, true, true, 'blocked'],
    ['not asked yet', ready, true, true, 'ready'],
    ['granted', { installFirst: false, permission: 'granted' }, true, true, 'ready'],
  ] as const)('%s: %s', (_, env, hasNotification, secure, state) => {
    expect(notificationCardState(env, { hasNotification }, secure)).toBe(state);
  });
});
