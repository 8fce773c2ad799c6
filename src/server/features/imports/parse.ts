import { createHash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  interpretSplitwiseInSteps,
  SPLITWISE_MAX_COLUMNS,
  SPLITWISE_MAX_FIELD_CHARS,
  SPLITWISE_MAX_ROWS,
  type SplitwiseFile,
  SplitwiseFileError,
} from '#shared/imports/splitwise.ts';
import type { Steps } from '#shared/steps.ts';
import { badRequest, type HttpError, tooLarge } from '../../http/errors.ts';
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

// Not toLocaleString: its first call loads locale data, a long pause on an error path.
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

function csvProblem(error: CsvError): HttpError {
  switch (error.code) {
    case 'rows':
      return tooLarge(`The file has too many rows (the limit is ${count(SPLITWISE_MAX_ROWS)})`);
    case 'columns':
      return badRequest(
        `The file has too many columns on row ${error.row} (the limit is ${count(SPLITWISE_MAX_COLUMNS)})`,
      );
    case 'field':
      return badRequest(
        `Row ${error.row} has a value longer than ${count(SPLITWISE_MAX_FIELD_CHARS)} characters`,
      );
    case 'unclosed-quote':
      return badRequest(
        `The file is cut off or damaged: a quoted field is never closed (near line ${error.line})`,
      );
    case 'text-after-quote':
      return badRequest(
        `The file could not be read as CSV (near line ${error.line}): text follows a closing quote`,
      );
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
    if (error instanceof SplitwiseFileError) throw badRequest(error.message);
    throw error;
  }
}
