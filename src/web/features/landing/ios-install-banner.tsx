import { useEffect, useState } from 'react';
import { PlusSquareIcon, ShareIcon, XIcon } from '../../components/icons.tsx';
import { buttonStyles } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage.ts';
import {
  INSTALL_BANNER_DELAY_MS,
  parseDismissedAt,
  shouldShowIosInstallBanner,
} from '../../pwa/install-banner.ts';

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}

function eligibleNow(): boolean {
  return shouldShowIosInstallBanner({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: isStandalone(),
    dismissedAt: parseDismissedAt(readLocal(storageKeys.installBannerDismissedAt)),
    now: Date.now(),
  });
}

/** Explains Share → Add to Home Screen to iPhone and iPad Safari users, 2 s after the page loads. */
export function IosInstallBanner() {
  const [visible, setVisible] = useState(false);
  const t = useT();

  useEffect(() => {
    if (!eligibleNow()) return;
    const timer = window.setTimeout(() => setVisible(true), INSTALL_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  const dismiss = () => {
    writeLocal(storageKeys.installBannerDismissedAt, String(Date.now()));
    setVisible(false);
  };

  return (
    <>
      {/* Room at the end of the page, so the banner never hides the last button for good. */}
      <div aria-hidden="true" className="h-36" />
      <section
        aria-labelledby="install-title"
        className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-[406px] rounded-2xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-start gap-3">
          <div className="flex-1 space-y-1.5">
            <h2 id="install-title" className="font-semibold">
              {t('landing.install.title')}
            </h2>
            <p className="text-slate-700 text-sm dark:text-slate-300">
              <T
                id="landing.install.text"
                components={{
                  0: <ShareIcon className="inline size-4 align-text-bottom" />,
                  1: <strong />,
                  2: <PlusSquareIcon className="inline size-4 align-text-bottom" />,
                  3: <strong />,
                }}
              />
            </p>
          </div>
          <button
            type="button"
            onClick={dismiss}
            aria-label={t('landing.install.dismiss')}
            className={buttonStyles.icon}
          >
            <XIcon />
          </button>
        </div>
      </section>
    </>
  );
}
