import { describe, expect, it } from 'vitest';
import { readerDay, readerTime } from './notice-mail.ts';

describe('the dates of notification e-mails', () => {
  it('are written in the reader’s language and time zone, English as before', () => {
    const at = Date.parse('2026-06-01T17:00:00Z');
    expect(readerDay(at, 'Europe/Berlin', 'en')).toBe('Monday 1 June');
    expect(readerDay(at, 'Europe/Berlin', 'de')).toBe('Montag, 1. Juni');
    expect(readerDay(at, 'Europe/Berlin', 'es', 'short')).toBe('lun, 1 jun');
    expect(readerTime(at, { timeZone: 'Europe/Berlin', language: 'en' })).toBe('Mon 1 Jun, 19:00');
    expect(readerTime(at, { timeZone: 'Europe/Berlin', language: 'de' })).toBe('Mo., 1. Juni, 19:00');
  });
});
