import { useSyncExternalStore } from 'react';

/** A button in a toast, e.g. Undo. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface ToastMessage {
  id: number;
  text: string;
  action?: ToastAction | undefined;
  /** How long it shows, not counting while the pointer or focus is on it. */
  ms: number;
}

export const TOAST_MS = 4_000;
/** Long enough to read the message and reach its button. */
export const ACTION_TOAST_MS = 10_000;

// One toast at a time for the whole app: it outlives the screen or card that showed it (an
// expense deleted from its card, whose Undo must stay after the card has gone).
let current: ToastMessage | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function set(next: ToastMessage | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Shows a toast in place of any other; returns its id. */
export function showToast(text: string, action?: ToastAction): number {
  lastId += 1;
  set({ id: lastId, text, action, ms: action ? ACTION_TOAST_MS : TOAST_MS });
  return lastId;
}

/** Hides the toast `id`, if it is still the one showing. */
export function dismissToast(id: number): void {
  if (current?.id === id) set(null);
}

export function currentToast(): ToastMessage | null {
  return current;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast showing now, if any. */
export function useToast(): ToastMessage | null {
  return useSyncExternalStore(subscribeToToasts, currentToast, () => null);
}
