import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/dialect.ts';
import type { ScheduledJob } from '../../jobs/scheduler.ts';
import type { Publisher } from '../../realtime/hub.ts';
import { logActivity } from '../activity/queries.ts';
import { getExpense } from '../expenses/queries.ts';
import { dropImport, ImportCurrencyChanged, importsToWrite, writeImport } from './queries.ts';

export interface ImportWriter {
  /** Starts writing an accepted import, after its answer has gone. */
  start(id: string): void;
  /** Writes what a restart cut short (the scheduler's sweep). */
  job: ScheduledJob;
  /** Waits for the imports being written, so a graceful stop finishes them. */
  close(): Promise<void>;
}

/**
 * A large import takes longer to write than a request should wait, so it is written after the
 * answer (decision 0008). An accepted import is a row in `imports` until written, so a restart
 * loses nothing: the next sweep writes it.
 */
export function importWriter(options: {
  db: Db;
  events: Publisher;
  log: FastifyBaseLogger;
  now: () => number;
}): ImportWriter {
  const { db, events, log, now } = options;
  const writing = new Map<string, Promise<void>>();

  async function write(id: string): Promise<void> {
    try {
      const written = await writeImport(db, id);
      if (!written) return;
      const { householdId, createdBy, lastExpenseId, summary } = written;
      // One event is enough for every client to refetch the lists and balances.
      const expense = lastExpenseId ? await getExpense(db, householdId, lastExpenseId) : null;
      await events.toHousehold(householdId, { type: 'new_expense', expense });
      await logActivity(
        db,
        events,
        {
          householdId,
          actorId: createdBy,
          kind: 'expense_created',
          subject: { type: 'expense', id: null },
          summary: `Imported from Splitwise: ${summary.expenses} expenses, ${summary.payments} payments`,
        },
        now(),
      );
    } catch (error) {
      if (isForeignKeyViolation(error) || error instanceof ImportCurrencyChanged) {
        // Someone it names deleted their account meanwhile, or the household changed its
        // currency: it can never be written as it is.
        await dropImport(db, id);
        log.warn(
          { err: error, importId: id },
          'Splitwise import dropped: it can no longer be written as accepted',
        );
        return;
      }
      // Left as it is: the next sweep tries again.
      log.error({ err: error, importId: id }, 'Splitwise import could not be written');
    }
  }

  function once(id: string): Promise<void> {
    let running = writing.get(id);
    if (!running) {
      running = write(id).finally(() => writing.delete(id));
      writing.set(id, running);
    }
    return running;
  }

  return {
    start: (id) => void once(id),
    job: {
      name: 'splitwise-imports',
      async run() {
        for (const id of await importsToWrite(db)) await once(id);
      },
    },
    close: async () => {
      await Promise.all(writing.values());
    },
  };
}
