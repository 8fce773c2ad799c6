import { useRef } from 'react';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll.ts';

/**
 * 'Show older' under the done list; it also loads by itself as it nears the screen (infinite
 * scroll), but not after a page `failed`: that would ask again and again. The button retries.
 */
export function LoadOlder({ busy, failed, onLoad }: { busy: boolean; failed: boolean; onLoad: () => void }) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  useInfiniteScroll(button, onLoad, !busy && !failed, '800px');
  return (
    <>
      {failed && <p className={`mt-3 text-sm ${mutedText}`}>{t('chores.page.loadError.title')}</p>}
      <button
        ref={button}
        type="button"
        className={`${buttonStyles.secondary} mt-3 w-full`}
        disabled={busy}
        onClick={onLoad}
      >
        {t('chores.filter.older')}
      </button>
    </>
  );
}
