import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to put on the page: `first` (enough to fill the screen) when the
 * list first shows (`ready`), then all of them in a background render React splits into short
 * tasks, so that a screen with a long list can show, and answer a tap, before all of it is built.
 */
export function useRenderLimit(first: number, ready: boolean): number {
  const [limit, setLimit] = useState(first);
  useEffect(() => {
    if (ready) startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, [ready]);
  return limit;
}
