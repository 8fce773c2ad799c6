/**
 * Every catalogue at once, for the server: first screens, e-mails and push texts (docs/i18n.md,
 * On the server). The web app does not import this: it has English built in and loads the others
 * on demand (src/web/lib/i18n.ts).
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { areaMessages } from './compiled/areas/index.ts';
import de from './compiled/de.json';
import { messages as en, type MessageId } from './compiled/en.ts';
import es from './compiled/es.json';
import pseudo from './compiled/pseudo.json';
import { intlTag, type Locale } from './languages.ts';

export type { MessageId };

const english: Messages = { ...en, ...areaMessages };

export const catalogs: Record<Locale, Messages> = { en: english, de, es, pseudo } as unknown as Record<
  Locale,
  Messages
>;

/**
 * A Lingui instance showing `locale`, its dates and numbers formatted as `tag` (a BCP 47 tag such
 * as 'de-AT'; default the language's usual region). Cheap: the catalogue is shared, not copied.
 */
export function i18nFor(locale: Locale, tag = intlTag(locale, [])): I18n {
  return setupI18n({ locale, locales: [tag], messages: { [locale]: catalogs[locale] } });
}

const shared = new Map<Locale, I18n>();

/** One message in `locale`, e.g. `translate('de', 'nav.unread', { label, count })` for a push text. */
export function translate(locale: Locale, id: MessageId, values?: Record<string, unknown>): string {
  let i18n = shared.get(locale);
  if (!i18n) {
    i18n = i18nFor(locale);
    shared.set(locale, i18n);
  }
  return i18n._(id, values);
}
