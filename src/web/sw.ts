/// <reference lib="webworker" />
// Hearth's service worker (served as /sw.js; bundled by scripts/build.mjs, which fills in the
// build id and the files of this build). Why it is hand-written and how it caches:
// docs/decisions/0007-service-worker.md. Push handling follows the notifications contract.
import type { Theme } from './lib/theme-choice.ts';
import { cachePolicy, evictOldest, staleCaches } from './pwa/cache-policy.ts';
import {
  actionCall,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  parsePushPayload,
  VIBRATE,
} from './pwa/push-payload.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __BUILD_ID__: string;
declare const __PRECACHE__: string[];

const PRECACHE = `hearth-precache-${__BUILD_ID__}`;
const IMAGES = 'hearth-images-v1';
const MAX_IMAGES = 60;
const SHELL = '/index.html';
const precached = new Set(__PRECACHE__);

/** The page's appearance choice, posted by the page (kept for notifications drawn to match it). */
let pageTheme: Theme = 'auto';

self.addEventListener('install', (event) => {
  // `no-cache`: the HTTP cache may hold an index.html of the previous build.
  event.waitUntil(
    caches
      .open(PRECACHE)
      .then((cache) => cache.addAll(__PRECACHE__.map((url) => new Request(url, { cache: 'no-cache' })))),
  );
  // No skipWaiting here: a new build waits until the user chooses Reload on 'Update available'.
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(staleCaches(names, [PRECACHE, IMAGES]).map((name) => caches.delete(name))),
      ),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as { type?: string; theme?: Theme } | null;
  if (message?.type === 'skip-waiting') void self.skipWaiting();
  if (message?.type === 'theme' && message.theme) pageTheme = message.theme;
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const policy = cachePolicy(request, self.location.origin, precached);
  // Network-only requests are not intercepted at all: the browser fetches them as usual.
  if (policy === 'shell') event.respondWith(networkFirstShell(request));
  else if (policy === 'cache-first') event.respondWith(cacheFirst(request));
  else if (policy === 'image') event.respondWith(cachedImage(request));
});

async function networkFirstShell(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: PRECACHE });
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  return (await caches.match(request, { ignoreSearch: true })) ?? fetch(request);
}

async function cachedImage(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGES);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    const stale = evictOldest(await cache.keys(), MAX_IMAGES);
    await Promise.all(stale.map((key) => cache.delete(key)));
  }
  return response;
}

self.addEventListener('push', (event) => {
  let raw: unknown = null;
  try {
    raw = event.data?.json() ?? null;
  } catch {
    raw = { body: event.data?.text() ?? '' };
  }
  const message = parsePushPayload(raw);
  const options: NotificationOptions & { vibrate: number[]; actions: { action: string; title: string }[] } = {
    body: message.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    vibrate: VIBRATE,
    actions: message.actions,
    data: { url: message.url, type: message.type, theme: pageTheme, ...message.data },
  };
  if (message.tag) options.tag = message.tag;
  event.waitUntil(self.registration.showNotification(message.title, options));
});

interface NotificationData {
  url?: string;
  choreId?: string;
  splitId?: string;
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const data = (notification.data ?? {}) as NotificationData;
  notification.close();
  if (event.action) event.waitUntil(runAction(event.action, notification, data));
  else event.waitUntil(openUrl(data.url ?? '/'));
});

async function openUrl(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (!client) {
    await self.clients.openWindow(url);
    return;
  }
  await client.focus();
  // navigate() works only on pages this worker controls; the others navigate themselves.
  await client.navigate(url).catch(() => client.postMessage({ type: 'navigate', url: path }));
}

async function runAction(action: string, notification: Notification, data: NotificationData): Promise<void> {
  const call = actionCall(action, data);
  let ok = false;
  if (call) {
    try {
      const init: RequestInit = { method: call.method, credentials: 'include' };
      if (call.body !== undefined) {
        init.headers = { 'Content-Type': 'application/json' };
        init.body = JSON.stringify(call.body);
      }
      ok = (await fetch(call.url, init)).ok;
    } catch {
      ok = false;
    }
  }
  const options: NotificationOptions = {
    body: call ? (ok ? call.success : call.failure) : 'Open Hearth to try again.',
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { url: data.url ?? '/' },
  };
  if (notification.tag) options.tag = notification.tag;
  await self.registration.showNotification(notification.title, options);
}
