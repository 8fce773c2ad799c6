import { type ComponentType, lazy } from 'react';
import type { Screen } from './pages.ts';

/**
 * A screen rendered lazily. When its module has already arrived (preload.ts asks for it while
 * the user check runs), the component renders at once: React.lazy would suspend on its first
 * render whatever the module's state, commit the fallback, and reveal the screen no sooner than
 * 300 ms later (React's Suspense throttle), and the screen's own requests would wait for that.
 */
export function lazyScreen<M, P extends object>(of: Screen<M>, pick: (module: M) => ComponentType<P>) {
  const Lazy = lazy(() => of.load().then((module) => ({ default: pick(module) })));
  return function LazyScreen(props: P) {
    const module = of.loaded();
    // Once loaded, always this branch: the lazy one only ever suspended, so nothing remounts.
    const Component = module === undefined ? Lazy : pick(module);
    return <Component {...props} />;
  };
}
