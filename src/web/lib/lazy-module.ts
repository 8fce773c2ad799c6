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
