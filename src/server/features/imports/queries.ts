import { randomUUID } from 'node:crypto';
import type { ImportPlan } from '#shared/imports/splitwise.ts';
import type { Db } from '../../db/database.ts';
import { insertMany, isUniqueViolation } from '../../db/dialect.ts';

export const CARRY_OVER_TITLE = 'Balance carried over from Splitwise';

const noon = (date: string) => Date.parse(`${date}T12:00:00.000Z`);

/**
 * Writes a whole import in one transaction, or nothing: 'duplicate' when this household has
 * imported the same file before. Imported expenses are history: their shares are marked settled,
 * as there is nothing to settle expense by expense, and count in the ledger with Splitwise's
 * payments; carry-over expenses make up the difference to the file's final balances
 * (docs/decisions/0008-splitwise-import.md).
 */
export async function importSplitwise(
  db: Db,
  householdId: string,
  createdBy: string,
  fileHash: string,
  plan: ImportPlan,
  lastDate: string,
  now: number,
): Promise<{ expenseIds: string[] } | 'duplicate'> {
  try {
    return await db.transaction().execute(async (trx) => {
      const seen = await trx
        .selectFrom('imports')
        .select('id')
        .where('household_id', '=', householdId)
        .where('source', '=', 'splitwise')
        .where('file_hash', '=', fileHash)
        .executeTakeFirst();
      if (seen) return 'duplicate' as const;
      // The unique constraint also stops a concurrent import of the same file.
      await trx
        .insertInto('imports')
        .values({
          id: randomUUID(),
          household_id: householdId,
          source: 'splitwise',
          file_hash: fileHash,
          created_by: createdBy,
          expense_count: plan.expenses.length,
          created_at: now,
        })
        .execute();
      // What is still owed comes in as expenses paid by the creditor, the debtor's share open.
      const carryOver = plan.carryOver.map((debt) => ({
        date: lastDate,
        title: CARRY_OVER_TITLE,
        description: 'What was still owed at the end of the imported Splitwise group',
        category: 'other' as const,
        amountCents: debt.cents,
        paidBy: debt.to,
        splits: [{ userId: debt.from, cents: debt.cents }],
      }));
      const all = [
        ...plan.expenses.map((expense) => ({ expense, settled: true })),
        ...carryOver.map((expense) => ({ expense, settled: false })),
      ];
      const rows = all.map((item) => ({ ...item, id: randomUUID() }));
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
        })),
      );
      await insertMany(
        trx,
        'expense_splits',
        rows.flatMap(({ id, expense, settled }) =>
          expense.splits.map((s) => ({
            id: randomUUID(),
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
          id: randomUUID(),
          household_id: householdId,
          from_user: p.from,
          to_user: p.to,
          amount_cents: p.cents,
          date: p.date,
          note: 'Imported from Splitwise',
          client_id: null,
          created_by: createdBy,
          created_at: noon(p.date),
        })),
      );
      const expenseIds = rows.map((row) => row.id);
      return { expenseIds };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
