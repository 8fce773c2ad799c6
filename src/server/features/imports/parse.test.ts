import { describe, expect, it } from 'vitest';
import {
  SPLITWISE_MAX_COLUMNS,
  SPLITWISE_MAX_FIELD_CHARS,
  SPLITWISE_MAX_ROWS,
} from '#shared/imports/splitwise.ts';
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
  it('reads quoted fields with commas, quotes and newlines, and a byte-order mark', async () => {
    const file = await readSplitwise(`\uFEFF${CSV}`);
    expect(file.people).toEqual(['Ann', 'Bo']);
    expect(file.expenses[0]).toMatchObject({
      row: 3,
      title: 'Pizza, "large" with extra cheese',
      description: 'Pizza, "large"\nwith extra cheese',
      nets: [1000, -1000],
    });
    expect(file.currencies[0]!.finalBalances).toEqual([1000, -1000]);
  });

  it('finds the Total balance line by its description, whatever its first column holds (a real export dates it)', async () => {
    const dated = CSV.replace(',Total balance,', '2024-01-31,Total balance,');
    const file = await readSplitwise(dated);
    expect(file.currencies[0]!.finalBalances).toEqual([1000, -1000]);
    expect(file.expenses).toHaveLength(1);
  });

  it('answers 400 for an unclosed quote or a file that is cut off', async () => {
    const cut = CSV.slice(0, CSV.indexOf('with'));
    await expect(readSplitwise(cut)).rejects.toThrow(HttpError);
    await expect(readSplitwise(cut)).rejects.toThrow('a quoted field is never closed (near line 3)');
    await expect(readSplitwise(CSV.slice(0, CSV.indexOf(',Total')))).rejects.toThrow(/cut off/);
  });

  it('answers 413 over the row cap and 400 over the column or value cap, naming the limit', async () => {
    const header = 'Date,Description,Category,Cost,Currency,Ann,Bo';
    const total = ',Total balance,,,USD,0.00,0.00';
    const withRows = (n: number) => [header, ...Array(n - 2).fill(''), total].join('\n');
    await expect(readSplitwise(withRows(SPLITWISE_MAX_ROWS))).resolves.toMatchObject({
      people: ['Ann', 'Bo'],
    });
    await expect(readSplitwise(withRows(SPLITWISE_MAX_ROWS + 1))).rejects.toMatchObject({
      statusCode: 413,
      message: 'The file has too many rows (the limit is 5,000)',
    });
    const people = Array.from({ length: SPLITWISE_MAX_COLUMNS - 4 }, (_, i) => `P${i}`);
    await expect(readSplitwise(`${header},${people.join(',')}\n${total}`)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The file has too many columns on row 1 (the limit is 100)',
    });
    const long = `${header}\n2024-01-02,"${'x'.repeat(SPLITWISE_MAX_FIELD_CHARS + 1)}",General,1,USD,1,-1\n${total}`;
    await expect(readSplitwise(long)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Row 2 has a value longer than 10,000 characters',
    });
  });
});

describe('fileHash', () => {
  it('is the same for the same export saved with CRLF, a BOM or trailing blank lines', () => {
    const h = fileHash(CSV);
    expect(fileHash(`\uFEFF${CSV.replace(/\n/g, '\r\n')}\n\n`)).toBe(h);
    expect(fileHash(CSV.replace('20.00', '21.00'))).not.toBe(h);
  });

  it('takes time in proportion to the file, even with long runs of spaces inside', () => {
    const spaces = `${CSV}${' '.repeat(1_000_000)}x\n`;
    const started = performance.now();
    fileHash(spaces);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
