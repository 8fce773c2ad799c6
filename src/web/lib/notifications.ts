// Types only: the module's schemas (zod, time zones) stay out of the sign-in page's chunk.
import type { NotificationType } from '#shared/push/notifications.ts';
import {
  classifyEnvironment,
  type EnvironmentProbe,
  type InstallEnvironment,
  type PermissionState,
} from '../pwa/install-environment.ts';
import {
  decideNotification,
  recordNotification,
  type SentNotification,
  type ThrottleType,
} from './notification-throttle.ts';
import { serviceWorkerRegistration } from './service-worker.ts';
import { readLocal, storageKeys, writeLocal } from './storage.ts';

/** Local (in-page) notifications look like the worker's pushes (docs/notifications.md). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-72.png';
export const NOTIFICATION_VIBRATE = [200, 100, 200];
export const AUTO_CLOSE_MS = 5_000;

export function readEnvironmentProbe(): EnvironmentProbe {
  const nav = navigator as Navigator & { standalone?: boolean };
  const hasNotification = 'Notification' in window;
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    displayMode: {
      fullscreen: window.matchMedia('(display-mode: fullscreen)').matches,
      standalone: window.matchMedia('(display-mode: standalone)').matches,
      minimalUi: window.matchMedia('(display-mode: minimal-ui)').matches,
    },
    navigatorStandalone: nav.standalone,
    referrer: document.referrer,
    hasNotification,
    hasPushManager: 'PushManager' in window,
    hasServiceWorker: 'serviceWorker' in nav,
    permission: hasNotification ? (Notification.permission as PermissionState) : null,
  };
}

export function readEnvironment(): InstallEnvironment {
  return classifyEnvironment(readEnvironmentProbe());
}

export function notificationPermission(): PermissionState | null {
  return 'Notification' in window ? (Notification.permission as PermissionState) : null;
}

/** The user's switches as kept in this browser (docs/notifications.md, Switches), all on by default. */
export interface LocalNotificationSettings {
  enabled: boolean;
  types: Record<NotificationType, boolean>;
}

export const DEFAULT_LOCAL_SETTINGS: LocalNotificationSettings = {
  enabled: true,
  types: { message: true, chore: true, expense: true, calendar: true, household: true },
};

function readUserSettings(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readLocal(storageKeys.userSettings) ?? '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Reads the 'notifications' entry of 'user-settings'; anything missing or malformed is the default. */
export function readLocalNotificationSettings(): LocalNotificationSettings {
  const raw = readUserSettings().notifications as Partial<LocalNotificationSettings> | undefined;
  const types = { ...DEFAULT_LOCAL_SETTINGS.types };
  for (const type of Object.keys(types) as NotificationType[]) {
    if (typeof raw?.types?.[type] === 'boolean') types[type] = raw.types[type];
  }
  return { enabled: typeof raw?.enabled === 'boolean' ? raw.enabled : true, types };
}

export function writeLocalNotificationSettings(settings: LocalNotificationSettings): void {
  writeLocal(
    storageKeys.userSettings,
    JSON.stringify({
      ...readUserSettings(),
      notifications: { enabled: settings.enabled, types: settings.types },
    }),
  );
}

/**
 * The worker's registration once it is active (src/web/lib/service-worker.ts), or null when there
 * is none (development, no support, failed, or not active within 3 s): then the page falls back
 * to `new Notification`.
 */
export async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000));
  return Promise.race([serviceWorkerRegistration().catch(() => null), timeout]);
}

let history: SentNotification[] = [];

export interface LocalNotificationOptions {
  body?: string;
  tag?: string;
  /** The screen a click opens (the worker reads data.url, as for pushes). */
  url?: string;
  /** The user's own action (a completed chore, a test): the page they are on does not hide it. */
  ignorePage?: boolean;
  /** The test button: the user asked for exactly this one, so neither switches nor throttling apply. */
  force?: boolean;
}

/**
 * Shows a notification from the page when permitted, switched on and not throttled
 * (docs/notifications.md, Throttling), closing it after 5 s. Resolves to whether it was shown.
 */
export async function showLocalNotification(
  type: ThrottleType,
  title: string,
  options: LocalNotificationOptions = {},
): Promise<boolean> {
  if (notificationPermission() !== 'granted') return false;
  const now = Date.now();
  if (!options.force) {
    const settings = readLocalNotificationSettings();
    if (!settings.enabled || (type !== 'other' && !settings.types[type])) return false;
    const page = {
      path: window.location.pathname,
      visible: options.ignorePage ? false : document.visibilityState === 'visible',
    };
    if (!decideNotification(history, type, now, page).allowed) return false;
  }
  const tag = options.tag ?? `${type}-${now}`;
  const init: NotificationOptions & { tag: string; vibrate: number[] } = {
    body: options.body,
    tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    vibrate: NOTIFICATION_VIBRATE,
    data: { url: options.url ?? window.location.pathname, type },
  };
  const shown = await display(title, init);
  if (shown) history = recordNotification(history, type, now);
  return shown;
}

async function display(title: string, init: NotificationOptions & { tag: string }): Promise<boolean> {
  try {
    const registration = await activeRegistration();
    if (registration) {
      await registration.showNotification(title, init);
      window.setTimeout(() => {
        void registration
          .getNotifications({ tag: init.tag })
          .then((list) => {
            for (const notification of list) notification.close();
          })
          .catch(() => {});
      }, AUTO_CLOSE_MS);
      return true;
    }
    const notification = new Notification(title, init);
    window.setTimeout(() => notification.close(), AUTO_CLOSE_MS);
    return true;
  } catch {
    // Chrome on Android refuses `new Notification` outside a worker; a notification is a nicety.
    return false;
  }
}
