import { type ComponentType, lazy } from 'react';
import type { LazyModule } from '../lib/lazy-module.ts';

/**
 * Counts the screens given up on (ScreenErrorBoundary). React.lazy keeps a failed load for good;
 * a screen rendered after one gets a lazy component of its own, which downloads its code again.
 * Counted only once the boundary has shown its message: a retry within the failing render would
 * download again and again for as long as the network is down, and never show it.
 */
let givenUp = 0;

/** After a screen has failed to load: the next render of any screen tries its code afresh. */
export function forgetFailedScreens(): void {
  givenUp += 1;
}

/**
 * A screen rendered lazily. When its module has already arrived (preload.ts asks for it while
 * the user check runs), the component renders at once: React.lazy would suspend on its first
 * render whatever the module's state, commit the fallback, and reveal the screen no sooner than
 * 300 ms later (React's Suspense throttle), and the screen's own requests would wait for that.
 */
export function lazyScreen<M, P extends object>(of: LazyModule<M>, pick: (module: M) => ComponentType<P>) {
  const load = () => lazy(() => of.load().then((module) => ({ default: pick(module) })));
  let Lazy = load();
  let madeAfter = givenUp;
  return function LazyScreen(props: P) {
    const module = of.loaded();
    if (module === undefined && madeAfter !== givenUp) {
      Lazy = load();
      madeAfter = givenUp;
    }
    // Once loaded, always this branch: the lazy one only ever suspended, so nothing remounts.
    const Component = module === undefined ? Lazy : pick(module);
    return <Component {...props} />;
  };
}
