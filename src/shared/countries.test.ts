import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  countryChoices,
  countryName,
  countryOfLocale,
  countryUsesPostcodes,
  isCountry,
} from './countries.ts';

describe('countries', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, each once, each named by Intl', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(countryName(code), code).not.toBe(code);
    }
  });

  it('knows the codes and nothing else: no UK, EU, XK, lower case or names', () => {
    for (const code of ['GB', 'US', 'DE', 'JP', 'KW', 'HK']) expect(isCountry(code)).toBe(true);
    for (const code of ['UK', 'EU', 'XK', 'ZZ', 'gb', 'GBR', 'Germany', '', 44, null]) {
      expect(isCountry(code)).toBe(false);
    }
  });

  it("names countries in the reader's language and sorts the choices by that name", () => {
    expect(countryName('GB', 'en')).toBe('United Kingdom');
    expect(countryName('DE', 'es')).toBe('Alemania');
    const german = countryChoices('de');
    expect(german).toHaveLength(249);
    expect(german.find((c) => c.value === 'DE')?.label).toBe('Deutschland');
    const labels = german.map((c) => c.label);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('de').compare));
  });

  it('asks for a postcode except where there are none', () => {
    expect(countryUsesPostcodes('GB')).toBe(true);
    expect(countryUsesPostcodes('US')).toBe(true);
    expect(countryUsesPostcodes('HK')).toBe(false);
    expect(countryUsesPostcodes('AE')).toBe(false);
  });

  it('finds the country a language tag names or implies', () => {
    expect(countryOfLocale('en-GB')).toBe('GB');
    expect(countryOfLocale('de')).toBe('DE');
    expect(countryOfLocale('ja-JP')).toBe('JP');
    expect(countryOfLocale('en-150')).toBe('');
    expect(countryOfLocale('not a tag')).toBe('');
    expect(countryOfLocale(null)).toBe('');
  });
});
