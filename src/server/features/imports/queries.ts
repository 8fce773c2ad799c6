import { sql } from 'kysely';
import type { SplitwiseImportResult } from '#shared/imports/api.ts';
import type { ImportedOriginal, ImportPlan } from '#shared/imports/splitwise.ts';
import { currencyExponent, formatAmount } from '#shared/money.ts';
import type { Db } from '../../db/database.ts';
import { insertMany, isUniqueViolation } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';

export const CARRY_OVER_TITLE = 'Balance carried over from Splitwise';

const noon = (date: string) => Date.parse(`${date}T12:00:00.000Z`);

/** A payment made in another currency says so in its note (payments keep no original amount). */
const paymentNote = (original: ImportedOriginal | null | undefined) =>
  original
    ? `Imported from Splitwise: ${formatAmount(original.amountMinor, currencyExponent(original.currency))} ${original.currency} at ${original.rate}`
    : 'Imported from Splitwise';

/** What the background writer needs: kept in the import's row until it is written. */
interface StoredPlan {
  plan: ImportPlan;
  /** The file's last date: the carry-over expenses are dated on it. */
  lastDate: string;
  /** The household's currency the amounts are in (absent in imports accepted before issue 28). */
  currency?: string;
}

/** The household changed its currency after the import was accepted: its amounts are in the old one. */
export class ImportCurrencyChanged extends Error {}

const summaryColumns = [
  'id',
  'state',
  'expense_count',
  'payment_count',
  'skipped_rows',
  'carried_over',
] as const;

function toResult(row: {
  id: string;
  state: SplitwiseImportResult['state'];
  expense_count: number;
  payment_count: number;
  skipped_rows: number;
  carried_over: number;
}): SplitwiseImportResult {
  return {
    id: row.id,
    state: row.state,
    expenses: row.expense_count,
    payments: row.payment_count,
    skippedRows: row.skipped_rows,
    carriedOver: row.carried_over,
  };
}

/**
 * Records an import to be written, or 'duplicate' when this household has imported the same file
 * before. Nothing else is written yet: writeImport does it, in one transaction.
 */
export async function acceptImport(
  db: Db,
  householdId: string,
  createdBy: string,
  fileHash: string,
  stored: StoredPlan,
  now: number,
): Promise<SplitwiseImportResult | 'duplicate'> {
  const seen = await db
    .selectFrom('imports')
    .select('id')
    .where('household_id', '=', householdId)
    .where('source', '=', 'splitwise')
    .where('file_hash', '=', fileHash)
    .executeTakeFirst();
  if (seen) return 'duplicate';
  const { plan } = stored;
  const row = {
    id: newId(),
    state: 'importing' as const,
    expense_count: plan.expenses.length,
    payment_count: plan.payments.length,
    skipped_rows: plan.skippedRows,
    carried_over: plan.carryOver.length,
  };
  try {
    // The unique constraint also stops a concurrent import of the same file.
    await db
      .insertInto('imports')
      .values({
        ...row,
        household_id: householdId,
        source: 'splitwise',
        file_hash: fileHash,
        created_by: createdBy,
        created_at: now,
        plan: JSON.stringify(stored),
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
  return toResult(row);
}

/** One of the household's imports, or null. */
export async function getImport(
  db: Db,
  householdId: string,
  id: string,
): Promise<SplitwiseImportResult | null> {
  const row = await db
    .selectFrom('imports')
    .select(summaryColumns)
    .where('id', '=', id)
    .where('household_id', '=', householdId)
    .executeTakeFirst();
  return row ? toResult(row) : null;
}

/** Imports accepted but not yet written: after a restart, the ones it cut short. */
export async function importsToWrite(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('imports').select('id').where('state', '=', 'importing').execute();
  return rows.map((row) => row.id);
}

/** Forgets an import that can never be written: it answers 404 from then on. */
export async function dropImport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('imports').where('id', '=', id).where('state', '=', 'importing').execute();
}

export interface WrittenImport {
  householdId: string;
  createdBy: string | null;
  /** The last expense written, for the event that makes clients refetch. */
  lastExpenseId: string | null;
  summary: SplitwiseImportResult;
}

/**
 * Writes an accepted import in one transaction, or nothing; null when there is nothing to write
 * (written already, by this instance or another, or its household is gone). Imported expenses are
 * history: their shares are marked settled, as there is nothing to settle expense by expense, and
 * count in the ledger with Splitwise's payments; carry-over expenses make up the difference to the
 * file's final balances (docs/decisions/0008-splitwise-import.md).
 */
export async function writeImport(db: Db, id: string): Promise<WrittenImport | null> {
  return db.transaction().execute(async (trx) => {
    // Marking it first holds its row: another writer waits here, then finds nothing to do.
    const claimed = await trx
      .updateTable('imports')
      .set({ state: 'done' })
      .where('id', '=', id)
      .where('state', '=', 'importing')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;
    const row = await trx
      .selectFrom('imports')
      .select([...summaryColumns, 'household_id', 'created_by', 'created_at', 'plan'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.plan === null) throw new Error(`import ${id} is marked for writing but holds nothing to write`);
    const { plan, lastDate, currency } = JSON.parse(row.plan) as StoredPlan;
    const householdId = row.household_id;
    // Holding the household's row, so that a change of its currency waits for these amounts.
    const household = await trx
      .updateTable('households')
      .set({ currency: sql<string>`currency` })
      .where('id', '=', householdId)
      .returning('currency')
      .executeTakeFirst();
    if (currency && household && household.currency !== currency) throw new ImportCurrencyChanged();
    const createdBy = row.created_by;
    // Everything is recorded at the moment the import was accepted.
    const now = Number(row.created_at);
    // What is still owed comes in as expenses paid by the creditor, the debtor's share open.
    const carryOver = plan.carryOver.map((debt) => ({
      date: lastDate,
      title: CARRY_OVER_TITLE,
      description: 'What was still owed at the end of the imported Splitwise group',
      category: 'other' as const,
      amountCents: debt.cents,
      paidBy: debt.to,
      splits: [{ userId: debt.from, cents: debt.cents }],
      original: null,
    }));
    const all = [
      ...plan.expenses.map((expense) => ({ expense, settled: true })),
      ...carryOver.map((expense) => ({ expense, settled: false })),
    ];
    const rows = all.map((item) => ({ ...item, id: newId() }));
    await insertMany(
      trx,
      'expenses',
      rows.map(({ id, expense: e }) => ({
        id,
        household_id: householdId,
        title: e.title,
        amount_cents: e.amountCents,
        category: e.category,
        description: e.description,
        notes: null,
        receipt_image_id: null,
        paid_by: e.paidBy,
        date: e.date,
        split_type: 'custom' as const,
        is_recurring: false,
        recurring_interval: null,
        recurring_end_date: null,
        next_occurrence_date: null,
        recurrence_source_id: null,
        created_by: createdBy,
        created_at: now,
        // Paid in another currency: its own amount and the rate it was converted at.
        currency: e.original?.currency ?? null,
        original_amount_cents: e.original?.amountMinor ?? null,
        exchange_rate: e.original?.rate ?? null,
      })),
    );
    await insertMany(
      trx,
      'expense_splits',
      rows.flatMap(({ id, expense, settled }) =>
        expense.splits.map((s) => ({
          id: newId(),
          expense_id: id,
          household_id: householdId,
          user_id: s.userId,
          amount_cents: s.cents,
          settled,
          settled_at: settled ? now : null,
        })),
      ),
    );
    // Splitwise's payments are payments of the ledger, recorded on their day.
    await insertMany(
      trx,
      'payments',
      plan.payments.map((p) => ({
        id: newId(),
        household_id: householdId,
        from_user: p.from,
        to_user: p.to,
        amount_cents: p.cents,
        date: p.date,
        note: paymentNote(p.original),
        client_id: null,
        created_by: createdBy,
        created_at: noon(p.date),
      })),
    );
    await trx.updateTable('imports').set({ plan: null }).where('id', '=', id).execute();
    return { householdId, createdBy, lastExpenseId: rows.at(-1)?.id ?? null, summary: toResult(row) };
  });
}
