import { storageKeys } from './storage.ts';

/** Local keys that survive 'Refresh App & Data' (docs/screens.md, Settings). */
const KEPT_LOCAL_KEYS: readonly string[] = [
  storageKeys.theme,
  storageKeys.authCache,
  storageKeys.userSettings,
];

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * 'Refresh App & Data': after a 1 s pause, forget every local key but the theme, the cached user
 * and the user settings, delete this app's caches and reload.
 */
export async function refreshAppAndData(): Promise<void> {
  await wait(1_000);
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (!KEPT_LOCAL_KEYS.includes(key)) window.localStorage.removeItem(key);
    }
  } catch (error) {
    console.warn('Clearing local data failed', error);
  }
  if ('caches' in window) {
    try {
      const names = await window.caches.keys();
      await Promise.all(
        names.filter((name) => name.includes('hearth')).map((name) => window.caches.delete(name)),
      );
    } catch (error) {
      console.warn('Deleting cached app files failed', error);
    }
  }
  window.location.reload();
}
