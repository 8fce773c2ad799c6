import { useSyncExternalStore } from 'react';
import {
  activeTypists,
  nextTypingExpiry,
  startTyping,
  stopTyping,
  type Typist,
} from '#shared/realtime/policy.ts';
import { createStore } from '../../lib/realtime.ts';

/** Who else is typing, fed by user_typing / user_stopped_typing; each name expires by itself. */
const typists = createStore<Typist[]>([]);
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function update(next: Typist[]): void {
  typists.set(next);
  clearTimeout(expiryTimer);
  const expiry = nextTypingExpiry(next);
  if (expiry !== null) {
    expiryTimer = setTimeout(() => update(activeTypists(typists.get(), Date.now())), expiry - Date.now());
  }
}

export const typing = {
  started: (userId: string, name: string) => update(startTyping(typists.get(), userId, name, Date.now())),
  stopped: (userId: string) => update(stopTyping(typists.get(), userId)),
  clear: () => update([]),
};

export function useTypists(): Typist[] {
  return useSyncExternalStore(typists.subscribe, typists.get, typists.get);
}
