import { isIos } from './install-banner.ts';

/**
 * Where the app runs and what it may do with notifications there (docs/notifications.md, Where
 * notifications can work).
 */
export type Platform = 'ios' | 'android' | 'desktop';
export type DisplayMode = 'twa' | 'standalone-ios' | 'fullscreen' | 'standalone' | 'minimal-ui' | 'browser';
export type NotificationStrategy = 'pwa' | 'web' | 'none';
export type SupportLevel = 'full' | 'partial' | 'none';
export type PermissionState = 'default' | 'granted' | 'denied';

/** What the browser tells us; the web side reads it from window, tests write it by hand. */
export interface EnvironmentProbe {
  userAgent: string;
  /** navigator.maxTouchPoints: iPads claim to be a Mac but have a touch screen. */
  maxTouchPoints: number;
  /** matchMedia('(display-mode: …)').matches for the three installed modes. */
  displayMode: { fullscreen: boolean; standalone: boolean; minimalUi: boolean };
  /** navigator.standalone: Safari's own flag for a home-screen app (undefined elsewhere). */
  navigatorStandalone: boolean | undefined;
  /** document.referrer: a Trusted Web Activity opens the page from 'android-app://<package>'. */
  referrer: string;
  hasNotification: boolean;
  hasPushManager: boolean;
  hasServiceWorker: boolean;
  /** Notification.permission, or null when there is no Notification API. */
  permission: PermissionState | null;
}

export interface InstallEnvironment {
  platform: Platform;
  displayMode: DisplayMode;
  installed: boolean;
  notificationStrategy: NotificationStrategy;
  supportLevel: SupportLevel;
  /** A phone that can only get notifications once the app is on its home screen. */
  installFirst: boolean;
  permission: PermissionState;
  /** Service worker, PushManager and Notification: pushes can reach a closed app. */
  pushCapable: boolean;
}

export function detectPlatform(userAgent: string, maxTouchPoints: number): Platform {
  if (isIos(userAgent, maxTouchPoints)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

// Browsers on Android that also say 'Chrome/' but are not Chrome: Samsung Internet, Edge, Opera,
// Yandex, UC, Vivaldi says nothing (it is Chrome here), and in-app web views (';wv)').
const NOT_CHROME = /SamsungBrowser|EdgA|OPR\/|Opera|YaBrowser|UCBrowser|MiuiBrowser|HuaweiBrowser|; wv\)/;

/** Chrome itself on Android, the one mobile browser that shows web notifications without installing. */
export function isAndroidChrome(userAgent: string): boolean {
  return /Android/i.test(userAgent) && /Chrome\/\d/.test(userAgent) && !NOT_CHROME.test(userAgent);
}

/** A TWA first, then Safari's home-screen flag, then the display-mode media queries in manifest order. */
export function detectDisplayMode(
  probe: Pick<EnvironmentProbe, 'displayMode' | 'navigatorStandalone' | 'referrer'>,
): DisplayMode {
  if (probe.referrer.startsWith('android-app://')) return 'twa';
  if (probe.navigatorStandalone === true) return 'standalone-ios';
  if (probe.displayMode.fullscreen) return 'fullscreen';
  if (probe.displayMode.standalone) return 'standalone';
  if (probe.displayMode.minimalUi) return 'minimal-ui';
  return 'browser';
}

export function classifyEnvironment(probe: EnvironmentProbe): InstallEnvironment {
  const platform = detectPlatform(probe.userAgent, probe.maxTouchPoints);
  const displayMode = detectDisplayMode(probe);
  const installed = displayMode !== 'browser';
  const notificationStrategy: NotificationStrategy = installed
    ? 'pwa'
    : platform === 'desktop' || (platform === 'android' && isAndroidChrome(probe.userAgent))
      ? 'web'
      : 'none';
  const permission = probe.permission ?? 'default';
  const granted = probe.hasNotification && permission === 'granted';
  const pushCapable = probe.hasServiceWorker && probe.hasPushManager && probe.hasNotification;
  const supportLevel: SupportLevel =
    granted && notificationStrategy === 'pwa' && pushCapable
      ? 'full'
      : granted && notificationStrategy !== 'none'
        ? 'partial'
        : 'none';
  return {
    platform,
    displayMode,
    installed,
    notificationStrategy,
    supportLevel,
    installFirst: platform !== 'desktop' && !installed && notificationStrategy === 'none',
    permission,
    pushCapable,
  };
}

/**
 * What the Notifications card in Settings shows (docs/notifications.md, The Notifications card), in
 * order of precedence.
 */
export type NotificationCardState = 'insecure' | 'install-first' | 'unsupported' | 'blocked' | 'ready';

export function notificationCardState(
  env: Pick<InstallEnvironment, 'installFirst' | 'permission'>,
  probe: Pick<EnvironmentProbe, 'hasNotification'>,
  secureContext: boolean,
): NotificationCardState {
  if (!secureContext) return 'insecure';
  // iOS Safari hides the Notification API until the app is on the home screen: installing is the way in.
  if (env.installFirst) return 'install-first';
  if (!probe.hasNotification) return 'unsupported';
  if (env.permission === 'denied') return 'blocked';
  return 'ready';
}
