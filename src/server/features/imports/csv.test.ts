import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv, parseCsvInSteps } from './csv.ts';

const LIMITS = { maxRows: 1000, maxColumns: 20, maxFieldChars: 100 };
const read = (text: string, limits = LIMITS) => parseCsv(text, limits);

function failure(text: string, limits = LIMITS): CsvError {
  try {
    read(text, limits);
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error('expected a CsvError');
}

/** RFC 4180 text for records: quoted when needed, every record ended by `eol`. */
const write = (records: string[][], eol: string) =>
  records
    .map(
      (cells) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',') + eol,
    )
    .join('');

describe('parseCsv', () => {
  it('reads quoted commas, quotes and line breaks; blank lines are records; a BOM is skipped', () => {
    const text = '\uFEFFa,"b, ""c""\nd",\r\n\n"",x\ry';
    expect(read(text)).toEqual([['a', 'b, "c"\nd', ''], [''], ['', 'x'], ['y']]);
    expect(read('a\n')).toEqual([['a']]);
    expect(read('a\n\n')).toEqual([['a'], ['']]);
    expect(read('')).toEqual([]);
    expect(read('\uFEFF')).toEqual([]);
  });

  it('gives back whatever records were written, with any line endings', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', 'é'), maxLength: 8 });
    const record = fc.array(cell, { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), (records, eol) => {
        expect(read(write(records, eol))).toEqual(records);
      }),
    );
  });

  it('refuses an unclosed quote or text after a closing quote, with the line', () => {
    expect(failure('a\nb,"c\n\nd')).toMatchObject({ code: 'unclosed-quote', line: 2, row: 2 });
    expect(failure('a\n"b\nc"d,e')).toMatchObject({ code: 'text-after-quote', line: 3, row: 2 });
  });

  it('stops at the row cap, counting blank lines', () => {
    const limits = { ...LIMITS, maxRows: 3 };
    expect(read('a\n\nb\n', limits)).toHaveLength(3);
    expect(failure('a\n\nb\n\n', limits)).toMatchObject({ code: 'rows', row: 4 });
    expect(failure('x\n'.repeat(1_000_000), limits)).toMatchObject({ code: 'rows', row: 4 });
  });

  it('stops at the column cap and the value cap, quoted or not', () => {
    expect(read(`${'a,'.repeat(19)}a`)[0]).toHaveLength(20);
    expect(failure(`a\n${','.repeat(1_000_000)}`)).toMatchObject({ code: 'columns', row: 2 });
    expect(read(`"${'""'.repeat(100)}"`)).toEqual([['"'.repeat(100)]]);
    expect(failure(`"${'""'.repeat(101)}"`)).toMatchObject({ code: 'field', row: 1 });
    expect(failure(`"${'""'.repeat(1_000_000)}"`)).toMatchObject({ code: 'field', row: 1 });
    expect(failure(`a\n"${'x'.repeat(1_000_000)}"`)).toMatchObject({ code: 'field', row: 2 });
    expect(failure(`a\n"${'x'.repeat(1_000_000)}`)).toMatchObject({ code: 'unclosed-quote', row: 2 });
    expect(failure(`a,${'x'.repeat(1_000_000)}`)).toMatchObject({ code: 'field', row: 1 });
  });

  it('pauses every few hundred records when run in steps', () => {
    const steps = parseCsvInSteps('a\n'.repeat(900), LIMITS);
    let pauses = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) pauses += 1;
    expect(pauses).toBeGreaterThanOrEqual(3);
  });
});
