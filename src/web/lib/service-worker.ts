import { readLocal, storageKeys } from './storage.ts';
import { parseTheme, type Theme } from './theme-choice.ts';

// Registers /sw.js (production builds only: Vite's dev server has no worker) and tracks an update
// waiting to take over, which the update banner offers to apply.

const enabled = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

let resolveRegistered: (registration: ServiceWorkerRegistration | null) => void = () => {};
const registered = new Promise<ServiceWorkerRegistration | null>((resolve) => {
  resolveRegistered = resolve;
});

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a new build's worker is installed and waits for the user to reload. */
export const updateWaiting = (): boolean => waiting !== null;

/** The worker's registration once it is active, or null where there is none (unsupported, dev, failed). */
export function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!enabled) return Promise.resolve(null);
  return registered.then((registration) => (registration ? navigator.serviceWorker.ready : null));
}

/** Tells the worker the appearance choice (the notifications contract: at registration and on change). */
export function postThemeToServiceWorker(theme: Theme): void {
  void serviceWorkerRegistration().then((registration) =>
    registration?.active?.postMessage({ type: 'theme', theme }),
  );
}

function watch(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && registration.active) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // With no active worker this is the first install, not an update.
      if (worker.state === 'installed' && registration.active) setWaiting(worker);
    });
  });
}

export function registerServiceWorker(): void {
  if (!enabled) return;
  // A notification click on a page this worker does not control asks the page to go there.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: string; url?: string } | null;
    if (data?.type === 'navigate' && data.url?.startsWith('/')) window.location.assign(data.url);
  });
  const register = () => {
    const hadController = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        watch(registration);
        resolveRegistered(registration);
        postThemeToServiceWorker(parseTheme(readLocal(storageKeys.theme)));
        // Keep the push subscription current; loaded only where notifications are allowed.
        if ('Notification' in window && Notification.permission === 'granted') {
          void import('./push-subscription.ts').then((m) => m.subscribeAfterRegistration(hadController));
        }
      })
      .catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
        resolveRegistered(null);
      });
  };
  // After load: installing the worker (and precaching) never competes with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Lets the waiting worker take over, then reloads once it controls the page. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  // A page no worker controlled gets no controllerchange: the activation is its signal.
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') reload();
  });
  if (worker.state === 'activated') reload();
  else worker.postMessage({ type: 'skip-waiting' });
}
