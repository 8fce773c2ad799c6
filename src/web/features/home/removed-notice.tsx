import { XIcon } from '../../components/icons.tsx';
import { buttonStyles } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { useClearKickedFlag, useKickedStatus } from '../households/index.ts';

/**
 * Shown while the server says an administrator removed the user; closing clears that
 * (docs/households.md, Removing a member).
 */
export function RemovedNotice() {
  const t = useT();
  const { data } = useKickedStatus();
  const clear = useClearKickedFlag();
  if (!data?.wasKicked) return null;
  return (
    <section
      aria-labelledby="removed-notice-title"
      className="relative rounded-2xl border border-amber-300 bg-amber-50 p-4 pr-12 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="removed-notice-title" className="font-semibold">
        {t('home.removed.title')}
      </h2>
      <p className="mt-1 text-sm">{t('home.removed.text')}</p>
      <button
        type="button"
        aria-label={t('home.removed.dismiss')}
        onClick={() => clear.mutate()}
        className={`${buttonStyles.icon} absolute top-2 right-2 text-amber-950 hover:bg-amber-100 dark:text-amber-50 dark:hover:bg-amber-900`}
      >
        <XIcon className="size-5" />
      </button>
    </section>
  );
}
