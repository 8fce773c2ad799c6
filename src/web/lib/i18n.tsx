/**
 * The app's language on the client (docs/i18n.md). English is built in; the other catalogues are
 * loaded when first shown (one small chunk each). The page's first language is known before the
 * first render: the server names it on <html data-language> with the screen it rendered, so the
 * app takes that HTML over as it is.
 *
 * Marking a string: `const t = useT(); t('nav.chores')`, or `<T id="landing.hero.title"
 * components={{ 0: <span /> }} />` for text with markup. Ids are typed from the English catalogue.
 */
import { i18n, type Messages } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { type ReactElement, useEffect } from 'react';
import deUrl from '#shared/i18n/compiled/de.json?url';
import { messages as en, type MessageId } from '#shared/i18n/compiled/en.ts';
import esUrl from '#shared/i18n/compiled/es.json?url';
import pseudoUrl from '#shared/i18n/compiled/pseudo.json?url';
import {
  intlTag,
  isLocale,
  LANGUAGE_PARAM,
  type Language,
  type Locale,
  negotiateLanguage,
  SOURCE_LANGUAGE,
} from '#shared/i18n/languages.ts';
import { firstDayOfWeek, uses12HourClock } from '#shared/i18n/locale-format.ts';

export type { MessageId };
export { i18n };

// The other catalogues are files of their own (hashed, cached for good, precached by the service
// worker), fetched when first shown: plain JSON needs no module loading machinery in the page.
const catalogUrls: Record<Exclude<Locale, 'en'>, string> = { de: deUrl, es: esUrl, pseudo: pseudoUrl };
const loaded = new Set<Locale>([SOURCE_LANGUAGE]);

/** The browser's languages, most wanted first (none on the server). */
export function browserTags(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

i18n.load(SOURCE_LANGUAGE, en);
i18n.activate(SOURCE_LANGUAGE, [intlTag(SOURCE_LANGUAGE, browserTags())]);

/** `?lang=` at load (docs/i18n.md, The pseudo-locale): it holds for the page's life. */
let override: Locale | null = null;

/** The locale the page starts in: `?lang=`, else what the server rendered in, else the browser's. */
export function bootLocale(): { locale: Locale; tag: string } {
  const asked = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  if (isLocale(asked)) override = asked;
  const html = document.documentElement;
  const served = html.dataset.language;
  if (!override && isLocale(served)) return { locale: served, tag: html.lang };
  const locale = override ?? negotiateLanguage(browserTags());
  return { locale, tag: intlTag(locale, browserTags()) };
}

/**
 * Shows `locale` (loading its catalogue first), every marked text re-rendering in it. A catalogue
 * that cannot load (offline before the service worker has it) leaves the language as it was.
 */
export async function activateLocale(locale: Locale, tag = intlTag(locale, browserTags())): Promise<void> {
  if (!loaded.has(locale) && locale !== SOURCE_LANGUAGE) {
    try {
      const response = await fetch(catalogUrls[locale as Exclude<Locale, 'en'>]);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      i18n.load(locale, (await response.json()) as Messages);
      loaded.add(locale);
    } catch (error) {
      console.warn(`The ${locale} catalogue could not load; the app stays in ${i18n.locale}:`, error);
      return;
    }
  }
  i18n.activate(locale, [tag]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = tag;
    document.documentElement.dataset.language = locale;
  }
}

/**
 * Follows the member's setting (null: the browser's language) once it is known (`undefined`:
 * not yet). A `?lang=` override wins for the page's life.
 */
export function useFollowLanguage(user: { language?: Language | null } | null | undefined): void {
  const known = user !== undefined;
  const setting = user?.language ?? null;
  useEffect(() => {
    if (!known || override) return;
    const wanted = setting ?? negotiateLanguage(browserTags());
    if (wanted !== i18n.locale) void activateLocale(wanted);
  }, [known, setting]);
}

type Values = Record<string, unknown>;

/** The translate function of the active language: `t('auth.signIn.title')`. Re-renders on a switch. */
export function useT(): (id: MessageId, values?: Values) => string {
  const { _ } = useLingui();
  return (id, values) => _(id, values);
}

/**
 * A message with markup: `<0>…</0>` in the catalogue becomes `components[0]` with the text inside.
 */
export function T({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: Values;
  components?: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}

/** How the active language writes dates and times: its `Intl` tag, first weekday (1 Monday ... 7 Sunday), clock. */
export function useLocaleFormat(): { locale: string; firstDayOfWeek: number; hour12: boolean } {
  const { i18n: active } = useLingui();
  const locale = intlLocaleOf(active.locales);
  // Asked for when read: most callers want the tag alone, and the first answer for a locale costs
  // ICU a lookup (tens of milliseconds on a slow phone, in the page's hydration).
  return {
    locale,
    get firstDayOfWeek() {
      return firstDayOfWeek(locale);
    },
    get hour12() {
      return uses12HourClock(locale);
    },
  };
}

/** The `Intl` tag the active language formats in, for code outside React. */
export function activeIntlLocale(): string {
  return intlLocaleOf(i18n.locales);
}

function intlLocaleOf(locales: string | string[] | undefined): string {
  return (Array.isArray(locales) ? locales[0] : locales) ?? 'en-US';
}
