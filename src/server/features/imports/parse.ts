import { createHash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  type ImportPlan,
  interpretSplitwiseInSteps,
  planImportInSteps,
  SPLITWISE_MAX_COLUMNS,
  SPLITWISE_MAX_FIELD_CHARS,
  SPLITWISE_MAX_ROWS,
  type SplitwiseFile,
  SplitwiseFileError,
} from '#shared/imports/splitwise.ts';
import type { ImportMoney } from '#shared/imports/splitwise-money.ts';
import type { Steps } from '#shared/steps.ts';
import { badRequest, HttpError, tooLarge } from '../../http/errors.ts';
import { CsvError, parseCsvInSteps } from './csv.ts';

/** The same export saved twice (BOM, CRLF, trailing blank lines) has the same hash. */
export function fileHash(csv: string): string {
  // trimEnd, not /\s+$/: that regex backtracks quadratically over long runs of spaces.
  const normalized = csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .trimEnd();
  return createHash('sha256').update(normalized).digest('hex');
}

/** How long a large file may hold the event loop before other requests get a turn. */
const TURN_MS = 10;

async function inTurns<T>(steps: Steps<T>): Promise<T> {
  let turnStarted = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - turnStarted > TURN_MS) {
      await yieldToEventLoop();
      turnStarted = performance.now();
    }
  }
}

function csvProblem(error: CsvError): HttpError {
  switch (error.code) {
    case 'rows':
      return tooLarge('import.too_many_rows', { max: SPLITWISE_MAX_ROWS });
    case 'columns':
      return badRequest('import.too_many_columns', { row: error.row, max: SPLITWISE_MAX_COLUMNS });
    case 'field':
      return badRequest('import.value_too_long', { row: error.row, max: SPLITWISE_MAX_FIELD_CHARS });
    case 'unclosed-quote':
      return badRequest('import.unclosed_quote', { line: error.line });
    case 'text-after-quote':
      return badRequest('import.text_after_quote', { line: error.line });
  }
}

/**
 * Reads a Splitwise export in turns, so a large file does not hold up other requests; a garbled,
 * truncated or oversized file is a 4xx with a message for people.
 */
export async function readSplitwise(csv: string): Promise<SplitwiseFile> {
  const limits = {
    maxRows: SPLITWISE_MAX_ROWS,
    maxColumns: SPLITWISE_MAX_COLUMNS,
    maxFieldChars: SPLITWISE_MAX_FIELD_CHARS,
  };
  try {
    return await inTurns(interpretSplitwiseInSteps(await inTurns(parseCsvInSteps(csv, limits))));
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error);
    if (error instanceof SplitwiseFileError) throw new HttpError(400, error.body);
    throw error;
  }
}

/** What an import writes (planImport), in turns like the reading: 5,000 rows take a while to convert. */
export function planSplitwise(
  file: SplitwiseFile,
  mapping: Record<string, string | null>,
  money: ImportMoney,
): Promise<ImportPlan> {
  return inTurns(planImportInSteps(file, mapping, money));
}
