import { translate } from '#shared/i18n/catalogs.ts';
import { intlTag, isLanguage, type Language } from '#shared/i18n/languages.ts';
import { formatMoney } from '#shared/money.ts';
import { dueInParts } from '#shared/push/notifications.ts';

/**
 * The language of what the server writes to someone (e-mails, pushes): their setting, else
 * English. A job does not know the browser a null setting follows (docs/i18n.md, On the server).
 */
export function mailLanguage(setting: string | null | undefined): Language {
  return isLanguage(setting) ? setting : 'en';
}

/** How dates are written: English mail has always said "Monday 15 June" (en-GB). */
export const dateTag = (language: Language) => (language === 'en' ? 'en-GB' : intlTag(language, []));

/** An amount as the reader writes it ("$12.50", "12,50 $"), in the household's currency. */
export const moneyIn = (language: Language, minor: number, currency: string) =>
  formatMoney(minor, currency, intlTag(language, []));

/** "in 15 min", "in 2 hours", "in 3 days". */
export function dueInText(language: Language, ms: number): string {
  return translate(language, 'mail.dueIn', dueInParts(ms));
}
