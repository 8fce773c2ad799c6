import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

/** Rows kept rendered above and below the screen, so a quick flick never shows a gap. */
const OVERSCAN_PX = 800;

/**
 * How far down the first render reaches, with no overscan: the list's part of a tall screen.
 * The server draws this much and the page paints it; the rows beyond come once the app runs.
 */
const FIRST_RENDER_PX = 1200;

// Row heights outlive the list, so coming back to it lays out the rows as they were.
const knownSizes = new Map<string, number>();

/** The first index whose row ends below `px` (offsets are cumulative, offsets[0] = 0). */
function rowAt(offsets: Float64Array, px: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (offsets[mid + 1]! <= px) low = mid + 1;
    else high = mid;
  }
  return Math.max(0, low);
}

/** The rows to render for a window scrolled `top` px past the list's start, `height` px tall. */
export function visibleRange(
  offsets: Float64Array,
  top: number,
  height: number,
  overscan = OVERSCAN_PX,
): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [0, 0];
  const start = rowAt(offsets, top - overscan);
  const end = Math.min(count, rowAt(offsets, top + height + overscan) + 1);
  return [start, end];
}

/**
 * A list that scrolls with the page and renders only the rows near the screen; the rest are
 * padding of their measured (or estimated) height. Rows stay in the DOM in list order, so the
 * keyboard and screen readers meet them in the order they are seen.
 */
export function useWindowList<K extends string>(keys: K[], estimate: number) {
  const listRef = useRef<HTMLUListElement>(null);
  const sizes = useRef(knownSizes);
  // The height given to rows not measured yet, as `offsets` last assumed it.
  const guess = useRef(estimate);
  const [measured, setMeasured] = useState(0);
  const offsets = useMemo(() => {
    void measured;
    // Rows not measured yet are taken to be as tall as those measured on average: rows whose text
    // wraps would otherwise grow the list as each comes into view, moving everything below it.
    let total = 0;
    let count = 0;
    for (const key of keys) {
      const size = sizes.current.get(key);
      if (size !== undefined) {
        total += size;
        count += 1;
      }
    }
    guess.current = count > 0 ? total / count : estimate;
    const list = new Float64Array(keys.length + 1);
    for (let i = 0; i < keys.length; i++)
      list[i + 1] = list[i]! + (sizes.current.get(keys[i]!) ?? guess.current);
    return list;
  }, [keys, estimate, measured]);
  const [range, setRange] = useState<[number, number]>(() => visibleRange(offsets, 0, FIRST_RENDER_PX, 0));

  const update = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = visibleRange(offsets, -list.getBoundingClientRect().top, window.innerHeight);
    // A transition: React renders the rows coming into view in short slices it can interrupt,
    // rather than in one task as long as all of them (the overscan covers the wait).
    startTransition(() =>
      setRange((current) => (current[0] === next[0] && current[1] === next[1] ? current : next)),
    );
  }, [offsets]);

  // After every commit: the list element may appear later than its keys (while the page waits for
  // the user), and a range worked out before it existed would leave it empty.
  useLayoutEffect(() => update());
  useEffect(() => {
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [update]);

  // One observer for every rendered row: an expanded row's height is known once it has laid out.
  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const key = (entry.target as HTMLElement).dataset.key;
              const size = entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height;
              if (!key || size <= 0) continue;
              // A row as tall as the list assumed it moves nothing: no need to render the list again.
              if ((sizes.current.get(key) ?? guess.current) !== size) changed = true;
              sizes.current.set(key, size);
            }
            if (changed) setMeasured((n) => n + 1);
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);
  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element || !observer) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const [start, end] = [Math.min(range[0], keys.length), Math.min(range[1], keys.length)];
  return {
    listRef,
    measure,
    start,
    end,
    before: offsets[start] ?? 0,
    after: (offsets[keys.length] ?? 0) - (offsets[end] ?? 0),
  };
}
