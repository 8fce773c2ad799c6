import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n.tsx';
import { applyUpdate, subscribeToUpdate, updateWaiting } from '../lib/service-worker.ts';

// Kept by the service worker like every file of the app: it loads offline too.
const OfflineBar = lazy(() => import('../offline/offline-bar.tsx').then((m) => ({ default: m.OfflineBar })));

function subscribeToConnection(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export const BANNER =
  'fixed inset-x-0 top-2 z-50 mx-auto flex w-[calc(100%-1rem)] max-w-[414px] items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900';

/** 'Update available — Reload' when a new build's worker waits, and a notice while offline. */
export function UpdateBanner() {
  const t = useT();
  const update = useSyncExternalStore(subscribeToUpdate, updateWaiting, () => false);
  const online = useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
  if (update) {
    return (
      <div role="status" className={BANNER}>
        <span>{t('shell.update.available')}</span>
        <button
          type="button"
          onClick={applyUpdate}
          className="rounded-lg bg-blue-600 px-3 py-1 font-semibold text-white hover:bg-blue-500"
        >
          {t('shell.update.reload')}
        </button>
      </div>
    );
  }
  if (!online) {
    return (
      <Suspense fallback={null}>
        <OfflineBar />
      </Suspense>
    );
  }
  return null;
}
