import { useSyncExternalStore } from 'react';

/**
 * Where the phone layout ends and the side navigation and two panes begin. It is Tailwind's `md`
 * breakpoint (48rem), so classes like `md:flex` and this hook switch together.
 */
export const WIDE_MIN_PX = 768;

const query = `(min-width: ${WIDE_MIN_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True on screens wide enough for the side navigation and two panes; false while rendering on the server. */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * Like useWide, but null until the width is known: on the server and while the client hydrates
 * its HTML. A screen whose arrangement differs by width renders both while null, each shown by
 * CSS alone (`md:hidden`, `hidden md:block`), so the server's HTML is already right at every width
 * and nothing moves after hydration; once known, it keeps the one that shows.
 */
export function useWideOrUnknown(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}
