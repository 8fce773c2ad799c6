import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { fileHash, readSplitwise } from './parse.ts';

const CSV = [
  'Date,Description,Category,Cost,Currency,Ann,Bo',
  '',
  '2024-01-02,"Pizza, ""large""',
  'with extra cheese",Dining out,20.00,USD,10.00,-10.00',
  '',
  ',Total balance,,,USD,10.00,-10.00',
  '',
].join('\n');

describe('readSplitwise', () => {
  it('reads quoted fields with commas, quotes and newlines, and a byte-order mark', () => {
    const file = readSplitwise(`\uFEFF${CSV}`);
    expect(file.people).toEqual(['Ann', 'Bo']);
    expect(file.expenses[0]).toMatchObject({
      row: 3,
      title: 'Pizza, "large" with extra cheese',
      description: 'Pizza, "large"\nwith extra cheese',
      nets: [1000, -1000],
    });
    expect(file.finalBalances).toEqual([1000, -1000]);
  });

  it('answers 400 for an unclosed quote or a file that is cut off', () => {
    const cut = CSV.slice(0, CSV.indexOf('with'));
    expect(() => readSplitwise(cut)).toThrow(HttpError);
    expect(() => readSplitwise(cut)).toThrow(/quoted field is never closed/);
    expect(() => readSplitwise(CSV.slice(0, CSV.indexOf(',Total')))).toThrow(/cut off/);
  });
});

describe('fileHash', () => {
  it('is the same for the same export saved with CRLF, a BOM or trailing blank lines', () => {
    const h = fileHash(CSV);
    expect(fileHash(`\uFEFF${CSV.replace(/\n/g, '\r\n')}\n\n`)).toBe(h);
    expect(fileHash(CSV.replace('20.00', '21.00'))).not.toBe(h);
  });
});
