import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalogs.ts';
import { firstDayOfWeek } from '../i18n/locale-format.ts';
import {
  addMonthsToKey,
  dayButtonLabel,
  dayButtonMessage,
  dayInMonth,
  isDayKey,
  monthGrid,
  monthTitle,
  moveSelection,
  weekdayDate,
  weekdayKeys,
} from './days.ts';

describe('day keys and the month grid', () => {
  it('accepts only real dates', () => {
    expect(isDayKey('2028-02-29')).toBe(true);
    expect(isDayKey('2026-02-29')).toBe(false);
    expect(isDayKey('2026-6-1')).toBe(false);
    expect(isDayKey(null)).toBe(false);
  });

  it('lays a month out in weeks from Sunday to Saturday', () => {
    // June 2026 starts on a Monday and ends on a Tuesday.
    const weeks = monthGrid('2026-06');
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
    ]);
    expect(weeks[4]![6]).toBe('2026-07-04');
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthGrid('2026-02')).toHaveLength(4);
    expect(monthGrid('2026-02')[0]![0]).toBe('2026-02-01');
    expect(monthTitle('2026-06')).toBe('June 2026');
  });

  it('starts the grid on the locale’s first weekday: Monday in de-DE, Sunday in en-US', () => {
    const monday = monthGrid('2026-06', firstDayOfWeek('de-DE'));
    // June 2026 starts on a Monday: the grid starts on the 1st and ends on Sunday, July 5.
    expect(monday[0]![0]).toBe('2026-06-01');
    expect(monday[monday.length - 1]![6]).toBe('2026-07-05');
    expect(monthGrid('2026-07', firstDayOfWeek('de-DE'))[0]![0]).toBe('2026-06-29');
    expect(monthGrid('2026-06', firstDayOfWeek('en-US'))[0]![0]).toBe('2026-05-31');
    expect(monthGrid('2026-06', firstDayOfWeek('en-GB'))[0]![0]).toBe('2026-06-01');
    expect(monthGrid('2026-06', firstDayOfWeek('es-ES'))[0]![0]).toBe('2026-06-01');
    // The column heads follow: Monday … Sunday, or Sunday … Saturday.
    const names = (firstDay: number, locale: string) =>
      weekdayKeys(firstDay).map((key) => weekdayDate(key, locale).split(',')[0]);
    expect(names(1, 'de-DE')).toEqual([
      'Montag',
      'Dienstag',
      'Mittwoch',
      'Donnerstag',
      'Freitag',
      'Samstag',
      'Sonntag',
    ]);
    expect(names(7, 'en-US')[0]).toBe('Sunday');
    expect(moveSelection('2026-06-03', 'Home', 1)).toBe('2026-06-01');
    expect(moveSelection('2026-06-03', 'End', 1)).toBe('2026-06-07');
    expect(monthTitle('2026-06', 'de-DE')).toBe('Juni 2026');
    expect(monthTitle('2026-06', 'es-ES')).toBe('junio de 2026');
  });

  it('moves the selection by days, weeks and months across month ends', () => {
    expect(moveSelection('2026-06-30', 'ArrowRight')).toBe('2026-07-01');
    expect(moveSelection('2026-06-01', 'ArrowLeft')).toBe('2026-05-31');
    expect(moveSelection('2026-06-29', 'ArrowDown')).toBe('2026-07-06');
    expect(moveSelection('2026-06-03', 'ArrowUp')).toBe('2026-05-27');
    expect(moveSelection('2026-06-03', 'Home')).toBe('2026-05-31');
    expect(moveSelection('2026-06-03', 'End')).toBe('2026-06-06');
    expect(moveSelection('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(moveSelection('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveSelection('2026-06-03', 'Enter')).toBeNull();
    expect(addMonthsToKey('2026-12-15', 1)).toBe('2027-01-15');
    expect(dayInMonth('2026-06', '2026-06-17')).toBe('2026-06-17');
    expect(dayInMonth('2026-07', '2026-06-17')).toBe('2026-07-01');
  });

  it('writes the long date, and names day buttons with what they hold', () => {
    expect(weekdayDate('2026-06-01')).toBe('Monday, June 1');
    expect(weekdayDate('2026-06-01', 'de-DE')).toBe('Montag, 1. Juni');
    const german = dayButtonMessage('2026-06-01', { events: 1, chores: 2, bills: 0 }, 'de-DE');
    expect(translate('de', german.id, german.values)).toBe(
      'Montag, 1. Juni 2026, 1 Termin, 2 Aufgaben fällig',
    );
    const english = dayButtonMessage('2026-06-01', { events: 1, chores: 1, bills: 2 });
    expect(translate('en', english.id, english.values)).toBe(
      dayButtonLabel('2026-06-01', { events: 1, chores: 1, bills: 2 }),
    );
    expect(dayButtonLabel('2026-06-01', { events: 2, chores: 0, bills: 0 })).toBe(
      'Monday, June 1, 2026, 2 events',
    );
    expect(dayButtonLabel('2026-06-01', { events: 1, chores: 1, bills: 2 })).toBe(
      'Monday, June 1, 2026, 1 event, 1 chore due, 2 bills',
    );
    expect(dayButtonLabel('2026-06-01', { events: 0, chores: 0, bills: 0 })).toBe('Monday, June 1, 2026');
  });
});
