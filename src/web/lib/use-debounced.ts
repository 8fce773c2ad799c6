import { useEffect, useState } from 'react';

/** How long typing in a list's search waits before the server is asked, so each key press is not a request. */
export const SEARCH_DELAY_MS = 250;

/** The value once it has stopped changing for `ms` (search text before it is sent). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
