import '#shared/i18n/compiled/areas/settings.ts';
import { useState } from 'react';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { refreshAppAndData } from '../../lib/refresh-app.ts';

export function DeveloperToolsCard() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <section aria-labelledby="developer-tools-title" className={`${cardStyles} space-y-3`}>
      <div>
        <h2 id="developer-tools-title" className="font-semibold text-lg">
          {t('settings.devTools.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('settings.devTools.text')}</p>
      </div>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy}
        className={`${buttonStyles.secondary} w-full`}
        onClick={() => {
          setBusy(true);
          void refreshAppAndData();
        }}
      >
        {busy ? t('settings.devTools.refreshing') : t('settings.devTools.refresh')}
      </button>
    </section>
  );
}
