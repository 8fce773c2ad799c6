import { useCallback, useEffect, useState } from 'react';

/** A short-lived message (e.g. 'Copied') that clears itself after `ms`; a new one restarts the clock. */
export function useTimedMessage(ms: number): [string | null, (message: string) => void] {
  const [state, setState] = useState<{ message: string; at: number } | null>(null);
  useEffect(() => {
    if (!state) return;
    const timer = window.setTimeout(() => setState(null), ms);
    return () => window.clearTimeout(timer);
  }, [state, ms]);
  const show = useCallback((message: string) => setState({ message, at: performance.now() }), []);
  return [state?.message ?? null, show];
}
