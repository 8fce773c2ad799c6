import {
  activeRegistration,
  notificationPermission,
  readLocalNotificationSettings,
} from './notifications.ts';
import { readLocal, storageKeys } from './storage.ts';

/** The subscription setup is retried 3 times, 1 s apart (docs/notifications.md, Push subscription). */
export const SUBSCRIBE_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;
/** On a first visit (no controller yet) the setup waits 3 s after registration. */
export const FIRST_REGISTRATION_DELAY_MS = 3_000;
/** Login waits for the setup at most this long before the reload; a failure never stops it. */
const LOGIN_WAIT_MS = 5_000;

/** The VAPID key from base64url to the bytes pushManager.subscribe takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A step that failed in a way retrying cannot fix (refused by the server, denied by the user). */
class Permanent extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt` once and up to `retries` more times, `delayMs` apart, unless it fails for good. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { retries = SUBSCRIBE_RETRIES, delayMs = RETRY_DELAY_MS, wait = sleep } = {},
): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof Permanent || tries >= retries) throw error;
      await wait(delayMs);
    }
  }
}

async function publicKey(): Promise<string> {
  const res = await fetch('/api/push/public-key', { credentials: 'include' });
  if (!res.ok) {
    if (res.status < 500) throw new Permanent(`Public key: ${res.status}`);
    throw new Error(`Public key: ${res.status}`);
  }
  return ((await res.json()) as { publicKey: string }).publicKey;
}

async function sendSubscription(subscription: PushSubscription): Promise<void> {
  const res = await fetch('/api/push/subscribe', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(subscription.toJSON()),
  });
  if (res.ok) return;
  console.warn(`Failed to send subscription: ${res.status}`);
  // A 4xx (signed out, malformed) will not get better by asking again; a 5xx might.
  if (res.status < 500) throw new Permanent(`Subscribe: ${res.status}`);
  throw new Error(`Subscribe: ${res.status}`);
}

async function subscribeOnce(): Promise<PushSubscription> {
  if (notificationPermission() !== 'granted') throw new Permanent('Notifications are not permitted');
  const registration = await activeRegistration();
  if (!registration || !('pushManager' in registration)) throw new Error('No active service worker');
  const key = await publicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(key),
    }));
  await sendSubscription(subscription);
  return subscription;
}

/**
 * Subscribes this browser to pushes and sends the subscription to the server (deduplicated by
 * endpoint there, so doing it again is harmless). Rejects when it could not be done.
 */
export function subscribeToPush(): Promise<PushSubscription> {
  return withRetries(subscribeOnce);
}

/** After login: subscribe when the permission was given before; never blocks or fails the login. */
export async function initNotificationsAfterLogin(): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const timeout = sleep(LOGIN_WAIT_MS);
  await Promise.race([subscribeToPush().catch(() => undefined), timeout]);
}

/**
 * For the code that registers the worker: on a first visit (no controller yet) the new worker
 * needs a moment to activate, so the setup starts 3 s later; otherwise at once.
 * Only with permission already granted: asking is the Settings switch's job.
 */
export function subscribeAfterRegistration(hadController: boolean): void {
  // Signed out (no cached user), the server would only answer 401.
  if (notificationPermission() !== 'granted' || readLocal(storageKeys.authCache) === null) return;
  if (!readLocalNotificationSettings().enabled) return;
  const start = () => void subscribeToPush().catch(() => undefined);
  if (hadController) start();
  else setTimeout(start, FIRST_REGISTRATION_DELAY_MS);
}
