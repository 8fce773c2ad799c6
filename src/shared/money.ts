/**
 * Money is integer minor units of a currency everywhere (cents for USD and EUR, yen for JPY, fils
 * for KWD); the API shows decimal strings with as many decimals as the currency is written with
 * ("1200" JPY, "12.50" EUR, "1.250" KWD). See docs/money.md, Currencies.
 */

import { memoByKey } from './memo.ts';

export const DEFAULT_CURRENCY = 'USD';

/** The ISO 4217 codes this runtime can format (Intl's list), e.g. 'EUR'. */
export function currencyCodes(): readonly string[] {
  return Intl.supportedValuesOf('currency');
}

let known: Set<string> | undefined;
export function isCurrency(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(currencyCodes());
  return known.has(code);
}

const exponents = new Map<string, number>();
/** How many decimals a currency is written with: 2 for USD, 0 for JPY, 3 for KWD (Intl's data). */
export function currencyExponent(currency: string): number {
  let exponent = exponents.get(currency);
  if (exponent === undefined) {
    exponent = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    exponents.set(currency, exponent);
  }
  return exponent;
}

/**
 * The largest amount of one expense, payment or rent, in minor units: a million in the currency,
 * or a hundred million where the currency has no decimals (yen, won, forint are small units).
 */
export function maxAmount(exponent: number): number {
  return exponent === 0 ? 100_000_000 : 1_000_000 * 10 ** exponent;
}

/** How an amount rule says a currency's decimals: 'with at most 2 decimals', 'with no decimals'. */
export function decimalsRule(exponent: number): string {
  return exponent === 0 ? 'with no decimals' : `with at most ${exponent} decimal${exponent === 1 ? '' : 's'}`;
}

/** The words of the amount rule for a currency's exponent (the 2-decimal form is the original). */
export function amountRule(exponent: number): string {
  return `more than 0 and at most ${formatAmount(maxAmount(exponent), exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}, ${decimalsRule(exponent)}`;
}

/** A decimal with at most `exponent` decimals. */
const amountPattern = memoByKey((exponent: number) =>
  exponent === 0 ? /^\d{1,12}$/ : new RegExp(`^\\d{1,12}(\\.\\d{1,${exponent}})?$`),
);

/** A decimal such as "1200.50" (or a number) → integer minor units at `exponent`; null when not one. */
export function parseAmount(value: unknown, exponent: number): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  if (!amountPattern(exponent).test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Integer minor units → the API's decimal string at `exponent` ("12.50", "1200", "-1.250"). */
export function formatAmount(minor: number, exponent: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (exponent === 0) return `${sign}${abs}`;
  const unit = 10 ** exponent;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(exponent, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();
/** An amount on screen in a language and currency: "$1,234.50", "1.234,56 €", "¥1,200". */
export function formatMoney(minor: number, currency = DEFAULT_CURRENCY, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, format);
  }
  return format.format(minor / 10 ** currencyExponent(currency));
}

/** Dollars as a number or a string such as "1200.50" → integer cents; null when not an amount. */
export function parseDollarsToCents(value: unknown): number | null {
  return parseAmount(value, 2);
}

/** Integer cents → the 2-decimal string ("12.50"). */
export function centsToDollars(cents: number): string {
  return formatAmount(cents, 2);
}

// Where a locale names no region, or its region is not listed, the household starts in US dollars.
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  IE: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  PT: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  LU: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  SK: 'EUR',
  SI: 'EUR',
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  MT: 'EUR',
  CY: 'EUR',
  HR: 'EUR',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  BG: 'BGN',
  TR: 'TRY',
  UA: 'UAH',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
  UY: 'UYU',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
  KR: 'KRW',
  CN: 'CNY',
  HK: 'HKD',
  TW: 'TWD',
  SG: 'SGD',
  IN: 'INR',
  ID: 'IDR',
  MY: 'MYR',
  TH: 'THB',
  VN: 'VND',
  PH: 'PHP',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  EG: 'EGP',
  MA: 'MAD',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  KW: 'KWD',
  BH: 'BHD',
  QA: 'QAR',
  OM: 'OMR',
  JO: 'JOD',
  PK: 'PKR',
  BD: 'BDT',
};

/**
 * The currency a new household starts in for a language tag such as 'de-DE' or 'en-GB': the
 * region's currency, guessing the region from the language when the tag names none.
 */
export function currencyForLocale(locale: string | null | undefined): string {
  if (!locale) return DEFAULT_CURRENCY;
  try {
    const region = new Intl.Locale(locale).maximize().region;
    const currency = region ? REGION_CURRENCY[region] : undefined;
    return currency && isCurrency(currency) ? currency : DEFAULT_CURRENCY;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

/** A rate as typed ("1.09") → an exact fraction: numerator over a power of ten. */
function rateFraction(rate: string): { numerator: bigint; denominator: bigint } {
  const [whole = '0', fraction = ''] = rate.split('.');
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) };
}

/** a / b rounded half away from zero, for non-negative a and positive b. */
function roundedQuotient(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/**
 * An amount in another currency converted at `rate` (household units per one unit of it),
 * computed exactly and rounded once, half up, to the household currency's minor unit.
 */
export function convertAmount(minor: number, fromExponent: number, rate: string, toExponent: number): number {
  const { numerator, denominator } = rateFraction(rate);
  const scaled = BigInt(minor) * numerator * 10n ** BigInt(toExponent);
  return Number(roundedQuotient(scaled, denominator * 10n ** BigInt(fromExponent)));
}

/**
 * Parts of a whole (shares in another currency) carried over to a converted total in proportion,
 * by largest remainder, so they add up to it exactly; ties go to the earlier part.
 */
export function apportion(total: number, parts: readonly number[]): number[] {
  const sum = parts.reduce((s, p) => s + BigInt(p), 0n);
  if (sum === 0n) return parts.map(() => 0);
  const exact = parts.map((p) => BigInt(total) * BigInt(p));
  const whole = exact.map((e) => e / sum);
  let left = BigInt(total) - whole.reduce((s, w) => s + w, 0n);
  const order = exact
    .map((e, i) => ({ rest: e % sum, i }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    whole[i] = (whole[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return whole.map(Number);
}

/** How one currency is read and written in one language: what screens and e-mails use. */
export interface MoneyFormat {
  currency: string;
  exponent: number;
  /** The language tag it writes in, e.g. 'de-DE'. */
  locale: string;
  /** The sign beside an amount field: "$", "€", "KWD". */
  symbol: string;
  /** Minor units → "1.234,56 €". */
  format(minor: number): string;
  /** A decimal as typed or as the API sends it → minor units; null when not an amount. */
  parse(value: unknown): number | null;
  /** The API's decimal string → the amount on screen. */
  text(amount: string): string;
  /** Minor units → the API's decimal string. */
  amount(minor: number): string;
}

const moneyFormats = new Map<string, MoneyFormat>();
/** The one format of a currency in a locale: list rows ask for it, and making one builds Intl objects. */
export function moneyFormat(currency: string = DEFAULT_CURRENCY, locale = 'en-US'): MoneyFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = makeMoneyFormat(currency, locale);
    moneyFormats.set(key, format);
  }
  return format;
}

function makeMoneyFormat(currency: string, locale: string): MoneyFormat {
  const exponent = currencyExponent(currency);
  const parseSigned = (value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (typeof text === 'string' && text.startsWith('-')) {
      const minor = parseAmount(text.slice(1), exponent);
      return minor === null ? null : -minor;
    }
    return parseAmount(text, exponent);
  };
  return {
    currency,
    exponent,
    locale,
    symbol:
      new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency,
    format: (minor) => formatMoney(minor, currency, locale),
    parse: parseSigned,
    text: (amount) => formatMoney(parseSigned(amount) ?? 0, currency, locale),
    amount: (minor) => formatAmount(minor, exponent),
  };
}
