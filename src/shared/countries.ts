/**
 * Countries as ISO 3166-1 alpha-2 codes: the one list the API validates against and the forms
 * offer. `Intl` names a region but cannot list them (it also knows codes that are no country,
 * such as EU or XK), so the 249 officially assigned codes are kept here.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

export const COUNTRY_CODES: readonly string[] = CODES.split(' ');
const known = new Set(COUNTRY_CODES);

/** True for an upper-case ISO 3166-1 alpha-2 code of a country or territory, e.g. 'GB'. */
export function isCountry(code: unknown): code is string {
  return typeof code === 'string' && known.has(code);
}

// Places with no postcodes in everyday use (after the address data of Google's libaddressinput),
// and uninhabited ones: a listing there may leave the postcode out. Erring towards listing a
// country here costs nothing but an optional field; missing one would stop people posting.
const WITHOUT_POSTCODES = new Set(
  (
    'AE AG AO AQ AW BF BI BJ BO BQ BS BV BW BZ CD CF CG CI CK CM CW DJ DM ER FJ GA GD GH GM GQ GY ' +
    'HK HM JM KI KM KN KP LY ML MO MR MS MW NR NU QA RW SB SC SL SO SR SS ST SX SY TD TF TG TK TL ' +
    'TO TV UG VU YE ZW'
  ).split(' '),
);

/** Whether an address in this country is expected to carry a postcode. */
export function countryUsesPostcodes(code: string): boolean {
  return !WITHOUT_POSTCODES.has(code);
}

const names = new Map<string, Intl.DisplayNames | null>();
/** 'United Kingdom' for 'GB' in English, 'Vereinigtes Königreich' in German; the code if unknown. */
export function countryName(code: string, locale = 'en'): string {
  let display = names.get(locale);
  if (display === undefined) {
    try {
      display = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
    } catch {
      display = null;
    }
    names.set(locale, display);
  }
  return display?.of(code) ?? code;
}

/** Every country as a choice, named in `locale` and sorted by that name. */
export function countryChoices(locale = 'en'): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((value) => ({ value, label: countryName(value, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/** The country a language tag names or implies: 'GB' for 'en-GB', 'DE' for 'de'; '' when none. */
export function countryOfLocale(locale: string | null | undefined): string {
  if (!locale) return '';
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return isCountry(region) ? region : '';
  } catch {
    return '';
  }
}
