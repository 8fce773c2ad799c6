import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalogs.ts';
import { problemText } from './problem-words.ts';
import { interpretSplitwise } from './splitwise.ts';

const HEADER = ['Date', 'Description', 'Category', 'Cost', 'Currency', 'Ann Lee', 'Bo Chen', 'Cy'];
const en = (id: Parameters<typeof translate>[1], values?: Record<string, unknown>) =>
  translate('en', id, values);
const de = (id: Parameters<typeof translate>[1], values?: Record<string, unknown>) =>
  translate('de', id, values);

describe('problemText', () => {
  // One row for each reason the interpreter gives.
  const { problems } = interpretSplitwise([
    HEADER,
    ['2024-01-05', 'ok', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
    ['2024-02-30', 'no such day', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
    ['1999-12-31', 'too early', 'General', '30.00', 'USD', '20.00', '-10.00', '-10.00'],
    ['2024-01-05', 'no currency', 'General', '30.00', '', '20.00', '-10.00', '-10.00'],
    ['2024-01-07', 'not a currency', 'General', '30.00', 'EURO', '20.00', '-10.00', '-10.00'],
    ['2024-01-05', 'bad cost', 'General', 'thirty', 'USD', '20.00', '-10.00', '-10.00'],
    ['2024-01-05', 'yen cents', 'General', '30.50', 'JPY', '20.50', '-10.00', '-10.50'],
    ['2024-01-05', 'three decimals', 'General', '30.0005', 'KWD', '20.00', '-10.00', '-10.00'],
    ['2024-01-05', 'bad share', 'General', '30.00', 'USD', '20.00', '-1O.00', '-10.00'],
    ['2024-01-05', 'no sum', 'General', '30.00', 'USD', '20.00', '-10.00', '-9.00'],
    ['2024-01-05', 'nothing owed', 'General', '30.00', 'USD', '0', '0', '0'],
    ['2024-01-05', 'too big', 'General', '30.00', 'USD', '40.00', '-20.00', '-20.00'],
    ['2024-01-05', 'three-way payment', 'Payment', '20.00', 'USD', '20.00', '-10.00', '-10.00'],
    ['2024-01-05', 'odd payment', 'Payment', '25.00', 'USD', '20.00', '-20.00', '0'],
    ['', 'Total balance', '', '', 'USD', '0', '0', '0'],
  ]);

  it('reads every reason the interpreter gives back into a message, the English unchanged', () => {
    expect(problems).toHaveLength(13);
    for (const { reason } of problems) {
      expect(problemText(reason, en)).toBe(reason);
      expect(problemText(reason, de), reason).not.toBe(reason);
    }
  });

  it('keeps the values of the file, and shows a reason it does not know as it came', () => {
    expect(problemText("The date '2024-02-30' is not a date (YYYY-MM-DD)", de)).toBe(
      'Das Datum „2024-02-30“ ist kein Datum (JJJJ-MM-TT)',
    );
    expect(problemText('The cost 30.50 cannot be written in JPY, which has no decimals', de)).toBe(
      'Der Betrag 30.50 lässt sich nicht in JPY schreiben: Die Währung hat keine Nachkommastellen',
    );
    expect(problemText('Something new', de)).toBe('Something new');
  });
});
