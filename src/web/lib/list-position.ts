import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

interface Position {
  url: string;
  y: number;
}

/** A list's address without the parameter that names the row open in it. */
export function listUrl(pathname: string, search: string, openParam?: string): string {
  if (!openParam) return pathname + search;
  const params = new URLSearchParams(search);
  params.delete(openParam);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function savedAt(key: string): Position | null {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? 'null') as Position | null;
  } catch {
    return null;
  }
}

/**
 * Where a long list was: its address (filters included) and scroll position, kept for the tab's
 * session, so coming back from one of its rows' pages (Back, or the page's back link or save)
 * finds the list as it was left.
 */
export function listPosition({ key, path, openParam }: { key: string; path: string; openParam?: string }) {
  // Set while a page opened from the list shows: the list it leads back to scrolls to where it was.
  let returning = false;

  return {
    /** Where a page opened from the list goes back to: the list with the filters it was opened from. */
    backUrl(): string {
      const url = savedAt(key)?.url;
      return url?.startsWith(path) ? url : path;
    },

    /** For a page opened from the list: going back to the list keeps its place. */
    useOpenedFromList(): void {
      useEffect(() => {
        returning = true;
      }, []);
    },

    /** Keeps the list's address and scroll position while it shows, and scrolls back once the rows are there (`ready`). */
    useListPosition(ready: boolean): void {
      const location = useLocation();
      const navigationType = useNavigationType();
      const url = listUrl(location.pathname, location.search, openParam);
      const [back] = useState(() => {
        const flagged = returning;
        returning = false;
        return flagged || navigationType === 'POP';
      });

      // Only on arrival: later filter changes start at the top of their list.
      // biome-ignore lint/correctness/useExhaustiveDependencies: see above
      useLayoutEffect(() => {
        if (!ready || !back) return;
        const position = savedAt(key);
        if (position?.url === url && position.y > 0) window.scrollTo(0, position.y);
      }, [ready]);

      useEffect(() => {
        let frame = 0;
        const store = () => {
          frame = 0;
          sessionStorage.setItem(key, JSON.stringify({ url, y: window.scrollY } satisfies Position));
        };
        const onScroll = () => {
          if (!frame) frame = requestAnimationFrame(store);
        };
        // Arriving back at the kept list, its position is still to be restored: not overwritten.
        const keep = back && savedAt(key)?.url === url && window.scrollY === 0;
        if (!keep) store();
        window.addEventListener('scroll', onScroll, { passive: true });
        return () => {
          window.removeEventListener('scroll', onScroll);
          cancelAnimationFrame(frame);
        };
      }, [url, back, key]);
    },
  };
}
