/**
 * The language a page is rendered in (docs/i18n.md, Which language): `?lang=` (a developer's
 * override, the pseudo-locale included), else the member's setting, else the browser's
 * Accept-Language, else English. The page names it on <html> (`lang` for `Intl` and assistive
 * technology, `data-language` for the app), so the app starts in it and takes over the server's
 * HTML as it is.
 */
import type { FastifyRequest } from 'fastify';
import { translate } from '#shared/i18n/catalogs.ts';
import {
  acceptedTags,
  intlTag,
  LANGUAGE_PARAM,
  type Language,
  type Locale,
  resolveLocale,
} from '#shared/i18n/languages.ts';

export interface PageLanguage {
  locale: Locale;
  /** The BCP 47 tag dates and numbers are formatted in, e.g. 'de-DE'. */
  tag: string;
}

export function pageLanguage(request: FastifyRequest, setting?: Language | null): PageLanguage {
  const query = request.url.includes('?') ? new URLSearchParams(request.url.split('?')[1]) : undefined;
  const browser = acceptedTags(request.headers['accept-language']);
  const locale = resolveLocale({ override: query?.get(LANGUAGE_PARAM), setting, browser });
  return { locale, tag: intlTag(locale, browser) };
}

const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page with its <html> naming the language, and the boot splash (index.html, BootSplash)
 * saying 'Loading' in it: the same words the app renders there once it starts.
 */
export function withLanguage(html: string, { locale, tag }: PageLanguage): string {
  return html
    .replace(/<html[^>]*>/, `<html lang="${tag}" data-language="${locale}">`)
    .replace(
      'role="status" aria-label="Loading"',
      () => `role="status" aria-label="${attribute(translate(locale, 'common.loadingLabel'))}"`,
    );
}
