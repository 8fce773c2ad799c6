import { useMemo } from 'react';
import { countryChoices, countryOfLocale } from '#shared/countries.ts';
import { currencyCodes, currencyForLocale } from '#shared/money.ts';
import { useLocaleFormat } from '../../lib/i18n.tsx';
import { useCurrentHousehold } from '../households/index.ts';

/**
 * Where a new listing or a rent filter starts (docs/listings.md, Addresses and currencies): the
 * country of the browser's language, and the household's currency, else the language's. `ready`
 * is false while the household is still being read.
 */
export function useListingPlace(): { locale: string; country: string; currency: string; ready: boolean } {
  const { locale } = useLocaleFormat();
  const household = useCurrentHousehold();
  return {
    locale,
    country: countryOfLocale(locale),
    currency: household.data?.currency ?? currencyForLocale(locale),
    ready: !household.isPending,
  };
}

/** Every country, named in the viewer's language and sorted by name. */
export function useCountryOptions(locale: string) {
  return useMemo(() => countryChoices(locale), [locale]);
}

/** Every ISO 4217 code this browser can format, with its name: 'GBP · British Pound'. */
export function useCurrencyOptions(locale: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'currency' });
    } catch {
      names = null;
    }
    return currencyCodes().map((code) => ({ value: code, label: `${code} · ${names?.of(code) ?? code}` }));
  }, [locale]);
}
