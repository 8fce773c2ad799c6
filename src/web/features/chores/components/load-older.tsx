import { useEffect, useRef } from 'react';
import { buttonStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';

/** 'Show older' under the done list; it also loads by itself as it nears the screen (infinite scroll). */
export function LoadOlder({ busy, onLoad }: { busy: boolean; onLoad: () => void }) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = button.current;
    if (!element || busy || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onLoad(),
      {
        rootMargin: '800px 0px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [busy, onLoad]);
  return (
    <button
      ref={button}
      type="button"
      className={`${buttonStyles.secondary} mt-3 w-full`}
      disabled={busy}
      onClick={onLoad}
    >
      {t('chores.filter.older')}
    </button>
  );
}
