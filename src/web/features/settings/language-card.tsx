import { useId } from 'react';
import {
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  negotiateLanguage,
} from '#shared/i18n/languages.ts';
import { cardStyles, errorText, mutedText } from '../../components/ui.ts';
import { activateLocale, browserTags, useT } from '../../lib/i18n.tsx';
import { useUpdateLanguage } from './api/profile.ts';

/** The value of "the browser's language" in the list (the API's null). */
const BROWSER = '';

/**
 * Settings → Language: English, Deutsch, Español or the browser's. The screens switch at once,
 * before the server has answered; the saved setting then holds on every device (docs/i18n.md).
 */
export function LanguageCard({ language }: { language: Language | null }) {
  const t = useT();
  const id = useId();
  const update = useUpdateLanguage();
  const choose = (value: string) => {
    const chosen = isLanguage(value) ? value : null;
    void activateLocale(chosen ?? negotiateLanguage(browserTags()));
    update.mutate(chosen, {
      // Back to what is saved: the screens say what the account says.
      onError: () => void activateLocale(language ?? negotiateLanguage(browserTags())),
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-3`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t('settings.language.title')}
        </h2>
        <p id={`${id}-text`} className={`text-sm ${mutedText}`}>
          {t('settings.language.text')}
        </p>
      </div>
      <select
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        value={update.isPending ? (update.variables ?? BROWSER) : (language ?? BROWSER)}
        onChange={(event) => choose(event.target.value)}
        className="w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        <option value={BROWSER}>{t('settings.language.browser')}</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      {update.isError && (
        <p role="alert" className={errorText}>
          {t('settings.language.failed')}
        </p>
      )}
    </section>
  );
}
