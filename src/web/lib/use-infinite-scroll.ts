import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onReach` when the sentinel comes within `margin` of the viewport, so the next page is
 * there before the reader gets to the end. Without IntersectionObserver the list keeps its
 * 'Load more' button.
 */
export function useInfiniteScroll(
  sentinel: RefObject<HTMLElement | null>,
  onReach: () => void,
  enabled: boolean,
  margin = '600px',
): void {
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled, margin]);
}
