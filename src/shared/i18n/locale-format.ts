import { memoByKey } from '../memo.ts';

/**
 * What a locale says about calendars and clocks, from `Intl` where the engine knows it.
 * Days are numbered as `Intl.Locale`'s weekInfo numbers them: 1 Monday ... 7 Sunday.
 */
type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** Regions whose week starts on Sunday (CLDR), for engines without weekInfo; others start Monday. */
const SUNDAY_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'BR',
  'JP',
  'KR',
  'CN',
  'TW',
  'HK',
  'IL',
  'IN',
  'PH',
  'ZA',
  'AU',
  'PE',
  'CO',
  'VE',
  'GT',
  'HN',
  'NI',
  'PA',
  'PR',
  'DO',
  'SV',
  'BO',
  'PY',
  'SA',
  'TH',
  'ID',
  'KE',
  'ZW',
  'PK',
]);
/** A language alone stands for its usual region (Intl.Locale#maximize where the engine has it). */
const LIKELY_REGION: Record<string, string> = { en: 'US', de: 'DE', es: 'ES', fr: 'FR', it: 'IT', pt: 'BR' };

function regionOf(locale: Intl.Locale): string | undefined {
  try {
    return locale.maximize().region ?? LIKELY_REGION[locale.language];
  } catch {
    return locale.region ?? LIKELY_REGION[locale.language];
  }
}

/**
 * The first day of the week in `tag`: 1 (Monday) to 7 (Sunday). Kept per tag: list rows ask on
 * every render (useLocaleFormat), and each answer builds an Intl object.
 */
export const firstDayOfWeek = memoByKey(findFirstDayOfWeek);

function findFirstDayOfWeek(tag: string): number {
  let locale: LocaleWithWeekInfo;
  try {
    locale = new Intl.Locale(tag) as LocaleWithWeekInfo;
  } catch {
    return 1;
  }
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  if (info?.firstDay) return info.firstDay;
  const region = regionOf(locale);
  return region && SUNDAY_REGIONS.has(region) ? 7 : 1;
}

/** Whether times in `tag` read on a 12-hour clock (3:30 PM) rather than a 24-hour one (15:30). */
export const uses12HourClock = memoByKey(findHourCycle);

function findHourCycle(tag: string): boolean {
  try {
    const cycle = new Intl.DateTimeFormat(tag, { hour: 'numeric' }).resolvedOptions().hourCycle;
    return cycle === 'h12' || cycle === 'h11';
  } catch {
    return false;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An `Intl.DateTimeFormat`, made once per locale and options: making one costs far more than
 * formatting with it, and list rows format a date each.
 */
export function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format;
}
