import { useEffect, useSyncExternalStore } from 'react';
import { postThemeToServiceWorker } from './service-worker.ts';
import { readLocal, storageKeys, writeLocal } from './storage.ts';
import { parseTheme, resolveTheme, THEME_COLORS, type Theme } from './theme-choice.ts';

// The same steps as the script in index.html, which runs before the first paint.
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');

let current: Theme = parseTheme(readLocal(storageKeys.theme));
const listeners = new Set<() => void>();

function applyTheme(): void {
  const resolved = resolveTheme(current, systemDark().matches);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeLocal(storageKeys.theme, theme);
  applyTheme();
  postThemeToServiceWorker(theme);
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

/** Keeps the page in step with the system (in auto) and with choices made in other tabs. */
export function useThemeSync(): void {
  useEffect(() => {
    const media = systemDark();
    const onSystemChange = () => {
      if (current === 'auto') applyTheme();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.theme) return;
      current = parseTheme(event.newValue);
      applyTheme();
      for (const listener of listeners) listener();
    };
    applyTheme();
    media.addEventListener('change', onSystemChange);
    window.addEventListener('storage', onStorage);
    return () => {
      media.removeEventListener('change', onSystemChange);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
}
