import '#shared/i18n/compiled/areas/offline.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { dateFormat } from '#shared/i18n/locale-format.ts';
import { userQueryKey } from '../features/auth/index.ts';
import { useLocaleFormat, useT } from '../lib/i18n.tsx';
import { BANNER } from '../shell/update-banner.tsx';

/**
 * What the bar says offline: signed in, how old the screen's answers are (the oldest the screen
 * shows), or that this screen has nothing kept on the device; signed out, that data comes back
 * with the connection.
 */
export function OfflineBar() {
  const t = useT();
  const { locale } = useLocaleFormat();
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const [, changed] = useReducer((n: number) => n + 1, 0);
  // Offline, the cache changes only when a screen opens or a kept copy is put back.
  useEffect(() => cache.subscribe(changed), [cache]);
  const shown = cache.findAll({ type: 'active' });
  const signedIn = shown.some((query) => query.state.data != null && query.queryKey[0] === userQueryKey[0]);
  let text = t('offline.bar.signedOut');
  if (signedIn) {
    const kept = shown.filter((query) => query.state.data !== undefined);
    const when = Math.min(...kept.map((query) => query.state.dataUpdatedAt));
    text =
      kept.length < shown.length
        ? t('offline.bar.notSaved')
        : t('offline.bar.savedAt', {
            when: dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(when),
          });
  }
  return (
    <div role="status" className={BANNER}>
      {text}
    </div>
  );
}
