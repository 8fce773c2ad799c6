import { useEffect } from 'react';

// The search dialog belongs to the frame (app.tsx); a screen's own button (the phone's, on home)
// asks for it here, without the screen knowing the frame.
const listeners = new Set<() => void>();

/** Opens the search across expenses, chores and events. */
export function openSearch(): void {
  for (const listener of listeners) listener();
}

/** The frame's side: `open` runs whenever a screen asks for search. */
export function useSearchOpener(open: () => void): void {
  useEffect(() => {
    listeners.add(open);
    return () => {
      listeners.delete(open);
    };
  }, [open]);
}
