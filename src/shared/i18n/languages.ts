/**
 * The app's languages (docs/i18n.md; decision 0034). English is the source; `pseudo` is English
 * with every message wrapped and accented, for finding text nobody marked (docs/i18n.md,
 * The pseudo-locale). A member chooses among LANGUAGES; `pseudo` is chosen only with `?lang=pseudo`.
 */
export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const PSEUDO_LOCALE = 'pseudo';
/** A catalogue the app can show: a language, or the pseudo-locale. */
export type Locale = Language | typeof PSEUDO_LOCALE;
export const LOCALES: readonly Locale[] = [...LANGUAGES, PSEUDO_LOCALE];
export const SOURCE_LANGUAGE: Language = 'en';
/** The query parameter that picks a page's language for its life (docs/i18n.md, The pseudo-locale). */
export const LANGUAGE_PARAM = 'lang';

/** Each language by its own name, as the Language setting lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The tags of an Accept-Language header, most wanted first (`q=0` left out; equal weights keep
 * their order).
 */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}

const baseOf = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();

/** The first of `tags` (a browser's languages, most wanted first) the app speaks, else English. */
export function negotiateLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = baseOf(tag);
    if (isLanguage(base)) return base;
  }
  return SOURCE_LANGUAGE;
}

/** Where a language's dates and numbers follow no tag of the browser's. */
const DEFAULT_REGION: Record<Language, string> = { en: 'en-US', de: 'de-DE', es: 'es-ES' };

/**
 * The tag `Intl` formats with for `locale`: the browser's own tag of that language with its
 * region when it has one (en-GB keeps its day-month dates and Monday weeks), else the language's
 * usual region.
 */
export function intlTag(locale: Locale, tags: readonly string[]): string {
  const language = locale === PSEUDO_LOCALE ? SOURCE_LANGUAGE : locale;
  // A bare 'de' says no more than the language: its usual region then.
  const own = tags.find((tag) => baseOf(tag) === language && /[-_]/.test(tag));
  if (own) {
    try {
      return Intl.getCanonicalLocales(own.replace('_', '-'))[0] ?? DEFAULT_REGION[language];
    } catch {
      // Not a well-formed tag: the language's usual region.
    }
  }
  return DEFAULT_REGION[language];
}

/**
 * The language to show: `?lang=` first (a developer's override, the pseudo-locale included),
 * then the member's setting, then the browser's languages, else English.
 */
export function resolveLocale(input: {
  override?: string | null | undefined;
  setting?: Language | null | undefined;
  browser: readonly string[];
}): Locale {
  if (isLocale(input.override)) return input.override;
  return input.setting ?? negotiateLanguage(input.browser);
}
