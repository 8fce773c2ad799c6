import { createHash } from 'node:crypto';
import { CsvError, parse } from 'csv-parse/sync';
import { interpretSplitwise, type SplitwiseFile, SplitwiseFileError } from '#shared/splitwise.ts';
import { badRequest } from '../../http/errors.ts';

/** The same export saved twice (BOM, CRLF, trailing blank lines) has the same hash. */
export function fileHash(csv: string): string {
  const normalized = csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\s+$/, '');
  return createHash('sha256').update(normalized).digest('hex');
}

/** Reads a Splitwise export; a garbled or truncated file is a 400 with a message for people. */
export function readSplitwise(csv: string): SplitwiseFile {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    if (error instanceof CsvError) {
      const where = typeof error.lines === 'number' ? ` (near line ${error.lines})` : '';
      throw badRequest(
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? `The file is cut off or damaged: a quoted field is never closed${where}`
          : `The file could not be read as CSV${where}: ${error.message}`,
      );
    }
    throw error;
  }
  try {
    return interpretSplitwise(records);
  } catch (error) {
    if (error instanceof SplitwiseFileError) throw badRequest(error.message);
    throw error;
  }
}
