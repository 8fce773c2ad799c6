import { runSteps, type Steps } from '#shared/steps.ts';

/**
 * A small RFC 4180 reader: `,` between fields, `"` quotes with `""` inside, records ended by
 * LF, CRLF or CR, a leading byte-order mark skipped. One pass over the text that stops at the
 * first limit it passes, so no upload within the size limit can keep the server busy.
 */

export interface CsvLimits {
  /** Records, blank ones included. */
  maxRows: number;
  maxColumns: number;
  maxFieldChars: number;
}

export type CsvErrorCode = 'unclosed-quote' | 'text-after-quote' | 'rows' | 'columns' | 'field';

export class CsvError extends Error {
  constructor(
    readonly code: CsvErrorCode,
    /** The physical line (from 1) where the problem is. */
    readonly line: number,
    /** The record (from 1), as a spreadsheet numbers rows. */
    readonly row: number,
  ) {
    super(`CSV ${code} at line ${line}`);
    this.name = 'CsvError';
  }
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/** Line number of a position; only computed when reporting an error. */
function lineAt(text: string, end: number): number {
  let line = 1;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line += 1;
  }
  return line;
}

/** Records between two pauses of parseCsvInSteps. */
const STEP_RECORDS = 250;

/** Every record as its cells; a blank line is the record `['']`, as in a spreadsheet. */
export function parseCsv(text: string, limits: CsvLimits): string[][] {
  return runSteps(parseCsvInSteps(text, limits));
}

/** parseCsv in steps of a few hundred records, for a server to run between other work. */
export function* parseCsvInSteps(text: string, limits: CsvLimits): Steps<string[][]> {
  const records: string[][] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (i >= n) return records;
  let record: string[] = [];
  const fail = (code: CsvErrorCode, at: number) => new CsvError(code, lineAt(text, at), records.length + 1);

  for (;;) {
    let value: string;
    if (text.charCodeAt(i) === QUOTE) {
      const open = i;
      // A value is at least half its quoted text, so a long one is refused before it is all read.
      const longest = open + 2 * limits.maxFieldChars + 2;
      let close = text.indexOf('"', i + 1);
      while (close !== -1 && close <= longest && text.charCodeAt(close + 1) === QUOTE) {
        close = text.indexOf('"', close + 2);
      }
      if (close > longest) throw fail('field', open);
      if (close === -1) throw fail('unclosed-quote', open);
      value = text.slice(open + 1, close);
      if (value.includes('"')) value = value.replaceAll('""', '"');
      i = close + 1;
      const next = text.charCodeAt(i);
      if (i < n && next !== COMMA && next !== CR && next !== LF) throw fail('text-after-quote', i);
    } else {
      const start = i;
      const end = Math.min(n, start + limits.maxFieldChars + 1);
      for (; i < end; i++) {
        const c = text.charCodeAt(i);
        if (c === COMMA || c === CR || c === LF) break;
      }
      value = text.slice(start, i);
    }
    if (value.length > limits.maxFieldChars) throw fail('field', i);
    record.push(value);
    if (record.length > limits.maxColumns) throw fail('columns', i);
    if (i >= n) {
      records.push(record);
      return records;
    }
    const c = text.charCodeAt(i);
    i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    if (c === COMMA) continue;
    records.push(record);
    record = [];
    // A final line break ends the last record; it does not start a blank one.
    if (i >= n) return records;
    if (records.length >= limits.maxRows) throw fail('rows', i);
    if (records.length % STEP_RECORDS === 0) yield;
  }
}
