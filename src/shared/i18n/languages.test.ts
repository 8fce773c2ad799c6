import { describe, expect, it } from 'vitest';
import { languageSetting } from './language-setting.ts';
import { acceptedTags, intlTag, negotiateLanguage, resolveLocale } from './languages.ts';
import { firstDayOfWeek, uses12HourClock } from './locale-format.ts';

describe('choosing the language', () => {
  it('reads Accept-Language by weight, leaving out q=0 and *', () => {
    expect(acceptedTags('fr-CH, fr;q=0.9, de;q=0.95, *;q=0.5, es;q=0')).toEqual(['fr-CH', 'de', 'fr']);
    expect(acceptedTags(undefined)).toEqual([]);
  });

  it('takes the first language the app speaks, else English', () => {
    expect(negotiateLanguage(['fr-FR', 'de-AT', 'es'])).toBe('de');
    expect(negotiateLanguage(['es-MX'])).toBe('es');
    expect(negotiateLanguage(['fr', 'pt-BR'])).toBe('en');
    expect(negotiateLanguage([])).toBe('en');
  });

  it("puts ?lang= before the member's setting, and the setting before the browser", () => {
    expect(resolveLocale({ override: 'pseudo', setting: 'de', browser: ['es'] })).toBe('pseudo');
    expect(resolveLocale({ override: 'xx', setting: 'de', browser: ['es'] })).toBe('de');
    expect(resolveLocale({ setting: null, browser: ['es-ES'] })).toBe('es');
    expect(resolveLocale({ browser: [] })).toBe('en');
  });

  it("formats in the browser's own tag of the language, else its usual region", () => {
    expect(intlTag('en', ['de-DE', 'en-GB'])).toBe('en-GB');
    expect(intlTag('de', ['en-US'])).toBe('de-DE');
    expect(intlTag('pseudo', [])).toBe('en-US');
  });

  it('accepts a supported language or null as a setting, nothing else', () => {
    expect(languageSetting.safeParse('de').success).toBe(true);
    expect(languageSetting.safeParse(null).success).toBe(true);
    expect(languageSetting.safeParse('fr').success).toBe(false);
    expect(languageSetting.safeParse('pseudo').success).toBe(false);
  });
});

describe('calendars and clocks of a locale', () => {
  it('starts the week on Monday in Germany, Spain and Britain, on Sunday in the United States', () => {
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('es-ES')).toBe(1);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('de')).toBe(1);
  });

  it('tells a 12-hour clock from a 24-hour one', () => {
    expect(uses12HourClock('en-US')).toBe(true);
    expect(uses12HourClock('de-DE')).toBe(false);
    expect(uses12HourClock('es-ES')).toBe(false);
  });
});
