import { describe, expect, it } from 'vitest';
import { TRASH_DAYS } from '#shared/expenses/ledger-view.ts';
import type { Translate } from '#shared/expenses/view.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import { daysLeftInTrash, trashDeadlineText } from './trash-view.ts';

describe('trash deadline', () => {
  const deletedAt = '2026-06-01T12:00:00.000Z';
  const later = (hours: number) => new Date(Date.parse(deletedAt) + hours * 3_600_000);
  const en: Translate = (id, values) => translate('en', id, values);
  const de: Translate = (id, values) => translate('de', id, values);

  it('counts the days left of the restore window, a part day as a day', () => {
    expect(daysLeftInTrash(deletedAt, later(0))).toBe(TRASH_DAYS);
    expect(trashDeadlineText(deletedAt, later(1), en)).toBe(`Restore within ${TRASH_DAYS} days`);
    expect(trashDeadlineText(deletedAt, later(24), en)).toBe(`Restore within ${TRASH_DAYS - 1} days`);
    expect(trashDeadlineText(deletedAt, later((TRASH_DAYS - 1) * 24), en)).toBe('Restore within 1 day');
    expect(trashDeadlineText(deletedAt, later(TRASH_DAYS * 24 - 1), en)).toBe('Restore within 1 day');
    expect(daysLeftInTrash(deletedAt, later(TRASH_DAYS * 24 + 5))).toBe(0);
  });

  it('says it in German', () => {
    expect(trashDeadlineText(deletedAt, later(TRASH_DAYS * 24 - 1), de)).toBe(
      'Innerhalb von 1 Tag wiederherstellbar',
    );
    expect(trashDeadlineText(deletedAt, later(1), de)).toBe(
      `Innerhalb von ${TRASH_DAYS} Tagen wiederherstellbar`,
    );
  });
});
