import { useSyncExternalStore } from 'react';
import { readSession, removeSession, storageKeys, writeSession } from '../../lib/storage.ts';

/**
 * The full-screen overlay between signing in or out and the page after the full reload
 * (docs/accounts.md, After signing in or out). The message lives in sessionStorage so that it
 * survives the reload; the next page hides it 2 s after its user check has finished.
 */
let message: string | null = readSession(storageKeys.authTransition);
// Only an overlay carried over from the previous page hides by itself; one started on this page
// stays up until the reload it announces.
let carriedOver = message !== null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startAuthTransition(text: string): void {
  message = text;
  carriedOver = false;
  writeSession(storageKeys.authTransition, text);
  emit();
}

export function endAuthTransition(): void {
  message = null;
  carriedOver = false;
  removeSession(storageKeys.authTransition);
  emit();
}

export function useAuthTransition(): { message: string | null; carriedOver: boolean } {
  const current = useSyncExternalStore(
    subscribe,
    () => message,
    () => null,
  );
  return { message: current, carriedOver };
}

/** Delay before a carried-over overlay hides, counted from the end of the user check. */
export const AUTH_OVERLAY_HIDE_MS = 2_000;
