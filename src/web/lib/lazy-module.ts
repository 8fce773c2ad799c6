import { useEffect, useState } from 'react';

/** A module fetched on first use (a screen, a dialog's form), and at hand synchronously once it has arrived. */
export interface LazyModule<M> {
  load: () => Promise<M>;
  loaded: () => M | undefined;
}

/**
 * Fetches a module once, however many ask (screens: their own chunks, started early by
 * preload.ts; the payment dialog's form). A failed download is forgotten, so the next ask
 * fetches again.
 */
export function lazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () => {
      loading ??= importModule().then(
        (m) => {
          module = m;
          return m;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => module,
  };
}

/**
 * A lazy module for a component: the module once it has arrived (fetched when `wanted`), whether
 * fetching it failed, and `retry` to ask again after a failure.
 */
export function useLazyModule<M>(
  lazy: LazyModule<M>,
  wanted = true,
): { module: M | undefined; failed: boolean; retry: () => void } {
  const [module, setModule] = useState<M | undefined>(() => lazy.loaded());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void attempt;
    if (module || !wanted) return;
    let live = true;
    setFailed(false);
    lazy.load().then(
      (loaded) => {
        if (live) setModule(() => loaded);
      },
      (error: unknown) => {
        console.warn('A part of the app could not load', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [lazy, module, wanted, attempt]);
  return { module, failed, retry: () => setAttempt((n) => n + 1) };
}
