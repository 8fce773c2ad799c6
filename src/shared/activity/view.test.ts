import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '../expenses/ledger-view.ts';
import type { Words } from '../expenses/view.ts';
import { translate } from '../i18n/catalogs.ts';
import {
  ACTIVITY_FILTER_KINDS,
  ACTIVITY_FILTERS,
  activityArea,
  activityField,
  activitySummary,
  activityTimeLabel,
  activityValue,
  changeValue,
} from './view.ts';

const EN: Words = { t: (id, values) => translate('en', id, values), locale: 'en-US' };
const DE: Words = { t: (id, values) => translate('de', id, values), locale: 'de-DE' };
const ES: Words = { t: (id, values) => translate('es', id, values), locale: 'es-ES' };

describe('activity words', () => {
  it('has a sentence and an area for every kind, and a fallback for unknown ones', () => {
    const sentence = (kind: string) => EN.t('activity.entry.sentence', { actor: 'Ada', kind });
    for (const kind of ACTIVITY_KINDS) {
      expect(sentence(kind)).not.toBe(sentence('listing_posted'));
      expect(activityArea(kind)).not.toBe(kind === 'setting_changed' ? 'expense' : 'other');
    }
    expect(sentence('expense_edited')).toBe('<0>Ada</0> edited an expense');
    expect(sentence('listing_posted')).toBe('<0>Ada</0> made a change');
    expect(DE.t('activity.entry.sentence', { actor: 'Ada', kind: 'member_joined' })).toBe(
      '<0>Ada</0> ist dem Haushalt beigetreten',
    );
    expect(activityArea('setting_changed')).toBe('other');
  });

  it('shows an empty value as a dash', () => {
    expect(changeValue(null)).toBe('—');
    expect(changeValue('')).toBe('—');
    expect(changeValue('30.00')).toBe('30.00');
  });

  it("names the fields the server writes in the reader's language, and keeps unknown ones", () => {
    expect(activityField('Paid by', EN.t)).toBe('Paid by');
    expect(activityField('Paid by', DE.t)).toBe('Bezahlt von');
    expect(activityField('Assigned to', ES.t)).toBe('Asignada a');
    expect(activityField('Colour', DE.t)).toBe('Colour');
    expect(activityValue('Simplify debts', 'On', EN.t)).toBe('On');
    expect(activityValue('Simplify debts', 'Off', DE.t)).toBe('Aus');
    expect(activityValue('Title', 'On', DE.t)).toBe('On');
  });

  it("reads the server's summaries back into the reader's language; titles stay as written", () => {
    const summary = (kind: string, text: string, words = EN) =>
      activitySummary({ kind: kind as never, summary: text }, words.t);
    for (const [kind, text] of [
      ['member_joined', 'Bea E. joined'],
      ['member_left', 'Bea E. left'],
      ['payment_recorded', 'Ada L. paid Ben C. 12.00'],
      ['setting_changed', 'Currency changed to JPY'],
      ['setting_changed', 'Simplify debts turned on'],
      ['setting_changed', 'Simplify debts turned off'],
      ['expense_created', 'Imported from Splitwise: 12 expenses, 3 payments'],
      ['expense_created', 'Rent · 800.00'],
    ] as const)
      expect(summary(kind, text)).toBe(text);
    expect(summary('member_joined', 'Bea E. joined', DE)).toBe('Bea E. ist beigetreten');
    expect(summary('payment_deleted', 'Ada L. paid Ben C. 12.00', ES)).toBe('Ada L. pagó 12.00 a Ben C.');
    expect(summary('setting_changed', 'Simplify debts turned off', DE)).toBe(
      'Schulden vereinfachen ausgeschaltet',
    );
    // A title that looks like a sentence is still a title.
    expect(summary('expense_created', 'Bea joined · 5.00', DE)).toBe('Bea joined · 5.00');
  });
});

describe('activityTimeLabel', () => {
  const now = new Date(2026, 5, 10, 15, 0);
  const at = (d: Date) => d.toISOString();

  it('is relative for the last hour, then the day and time', () => {
    const label = (d: Date) => activityTimeLabel(at(d), now, EN);
    expect(label(new Date(2026, 5, 10, 14, 59, 30))).toBe('Just now');
    expect(label(new Date(2026, 5, 10, 14, 55))).toBe('5 min ago');
    expect(label(new Date(2026, 5, 10, 9, 5))).toBe('Today, 9:05 AM');
    expect(label(new Date(2026, 5, 9, 21, 0))).toBe('Yesterday, 9:00 PM');
    expect(label(new Date(2026, 2, 7, 14, 5))).toBe('Mar 7, 2:05 PM');
    expect(label(new Date(2025, 2, 7, 14, 5))).toBe('Mar 7, 2025');
  });

  it("writes them in the reader's language and clock", () => {
    const label = (d: Date, words: Words) => activityTimeLabel(at(d), now, words);
    expect(label(new Date(2026, 5, 10, 14, 59, 30), DE)).toBe('Gerade eben');
    expect(label(new Date(2026, 5, 10, 14, 55), DE)).toBe('vor 5 Min.');
    expect(label(new Date(2026, 5, 10, 14, 55), ES)).toBe('hace 5 min');
    expect(label(new Date(2026, 5, 10, 9, 5), DE)).toBe('Heute, 9:05');
    expect(label(new Date(2026, 5, 9, 21, 0), ES)).toBe('Ayer, 21:00');
    expect(label(new Date(2026, 2, 7, 14, 5), DE)).toBe('7. März, 14:05');
    expect(label(new Date(2025, 2, 7, 14, 5), ES)).toBe('7 mar 2025');
  });
});

describe('activity filters', () => {
  it('put every kind under exactly one filter', () => {
    const covered = ACTIVITY_FILTERS.flatMap((filter) => [...ACTIVITY_FILTER_KINDS[filter]]);
    expect(covered.sort()).toEqual([...ACTIVITY_KINDS].sort());
    expect(ACTIVITY_FILTER_KINDS.money).toContain('setting_changed');
    expect(ACTIVITY_FILTER_KINDS.events).toEqual(['event_created', 'event_edited', 'event_deleted']);
  });
});
