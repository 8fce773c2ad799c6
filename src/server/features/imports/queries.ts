import { randomUUID } from 'node:crypto';
import type { ImportPlan } from '#shared/splitwise.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';

export const CARRY_OVER_TITLE = 'Balance carried over from Splitwise';

const noon = (date: string) => Date.parse(`${date}T12:00:00.000Z`);

/**
 * Writes a whole import in one transaction, or nothing: 'duplicate' when this household has
 * imported the same file before. Imported expenses are history, settled at import time; what
 * is still open comes in as carry-over expenses (docs/decisions/0008-splitwise-import.md).
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
      const expenseIds: string[] = [];
      const insert = async (
        e: Omit<ImportPlan['expenses'][number], 'row'>,
        splitType: 'custom',
        settled: (userId: string) => boolean,
      ) => {
        const id = randomUUID();
        expenseIds.push(id);
        await trx
          .insertInto('expenses')
          .values({
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
            split_type: splitType,
            is_recurring: false,
            recurring_interval: null,
            recurring_end_date: null,
            next_occurrence_date: null,
            recurrence_source_id: null,
            created_by: createdBy,
            created_at: now,
          })
          .execute();
        if (e.splits.length === 0) return;
        await trx
          .insertInto('expense_splits')
          .values(
            e.splits.map((s) => ({
              id: randomUUID(),
              expense_id: id,
              household_id: householdId,
              user_id: s.userId,
              amount_cents: s.cents,
              settled: settled(s.userId),
              settled_at: settled(s.userId) ? now : null,
            })),
          )
          .execute();
      };
      for (const expense of plan.expenses) await insert(expense, 'custom', () => true);
      for (const debt of plan.carryOver) {
        await insert(
          {
            date: lastDate,
            title: CARRY_OVER_TITLE,
            description: 'What was still owed at the end of the imported Splitwise group',
            category: 'other',
            amountCents: debt.cents,
            paidBy: debt.to,
            splits: [{ userId: debt.from, cents: debt.cents }],
          },
          'custom',
          () => false,
        );
      }
      // In chunks: SQLite caps the number of bound values in one statement.
      for (let i = 0; i < plan.payments.length; i += 500) {
        await trx
          .insertInto('settlements')
          .values(
            plan.payments.slice(i, i + 500).map((p) => ({
              id: randomUUID(),
              household_id: householdId,
              from_user: p.from,
              to_user: p.to,
              amount_cents: p.cents,
              created_at: noon(p.date),
            })),
          )
          .execute();
      }
      return { expenseIds };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}
