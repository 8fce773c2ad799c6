import '#shared/i18n/compiled/areas/settings.ts';
import { buttonStyles, cardStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { EXPORT_URL } from './api/account-data.ts';

/** 'Take everything with you': a link the browser downloads as hearth-export-YYYY-MM-DD.zip. */
export function YourDataCard() {
  const t = useT();
  return (
    <section aria-labelledby="your-data-title" className={`${cardStyles} space-y-3`}>
      <div>
        <h2 id="your-data-title" className="font-semibold text-lg">
          {t('settings.yourData.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('settings.yourData.text')}</p>
      </div>
      <a href={EXPORT_URL} download className={`${buttonStyles.secondary} w-full`}>
        {t('settings.yourData.download')}
      </a>
    </section>
  );
}
