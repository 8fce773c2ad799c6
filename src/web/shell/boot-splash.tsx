import { useT } from '../lib/i18n.tsx';

/**
 * What the page shows from its first paint until the first screen is ready. index.html holds the
 * same markup inside #root, so it paints before any script has run; when React renders it (the
 * app still loading), it puts back the identical thing. boot-splash.test.tsx keeps the two the same.
 * Fixed to the viewport: the bottom navigation, which can appear while it still shows, does not
 * move it (no layout shift).
 */
export function BootSplash() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('common.loadingLabel')}
      className="fixed inset-0 flex flex-col items-center justify-center gap-5"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-12">
        <rect width="32" height="32" rx="7" fill="#2563eb" />
        <path
          d="M7 15.5 16 8l9 7.5M9.5 13.5V24h5v-5.5h3V24h5V13.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        aria-hidden="true"
        className="block size-6 animate-spin rounded-full border-[3px] border-blue-600 border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] dark:border-blue-400 dark:border-t-transparent"
      />
    </div>
  );
}
