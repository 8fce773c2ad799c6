import { describe, expect, it } from 'vitest';
import { dueInText, mailLanguage, moneyIn } from './locale.ts';

describe('the words of e-mails and pushes', () => {
  it('follow the setting, else English', () => {
    expect(mailLanguage('de')).toBe('de');
    expect(mailLanguage(null)).toBe('en');
    expect(mailLanguage('fr')).toBe('en');
  });

  it('say how far off something is in the reader’s language', () => {
    expect(dueInText('en', 15 * 60_000)).toBe('in 15 min');
    expect(dueInText('en', 60 * 60_000)).toBe('in 1 hour');
    expect(dueInText('de', 60 * 60_000)).toBe('in 1 Stunde');
    expect(dueInText('de', 3 * 60 * 60_000)).toBe('in 3 Stunden');
    expect(dueInText('es', 7 * 24 * 60 * 60_000)).toBe('en 7 días');
  });

  it('write amounts the reader’s way, English as before', () => {
    expect(moneyIn('en', 123450, 'EUR')).toBe('€1,234.50');
    expect(moneyIn('de', 123450, 'EUR')).toBe('1.234,50\u00a0€');
  });
});
