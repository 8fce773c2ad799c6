import { displayName } from '#shared/accounts/users.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import type { Db } from '../../db/database.ts';
import { householdCurrency, listMembers } from '../households/queries.ts';
import { expensePages, toCsv } from './queries.ts';

/** The CSV's first line. */
export const EXPENSES_CSV_HEADER = toCsv([
  [
    'date',
    'title',
    'category',
    'payer',
    'member',
    'amount',
    'settled',
    'currency',
    'original_currency',
    'original_amount',
    'exchange_rate',
  ],
]);

/**
 * What turns a page of expenses into CSV lines, one per split: date, title, category, payer,
 * member, amount, settled, the household's currency, then for an expense paid in another
 * currency that currency, the whole amount in it and the rate ('' for a page without splits).
 */
export async function expensesCsvLines(
  db: Db,
  householdId: string,
): Promise<(page: ExpenseView[]) => string> {
  const names = new Map((await listMembers(db, householdId)).map((m) => [m.userId, displayName(m.user)]));
  const currency = await householdCurrency(db, householdId);
  return (page) => {
    const rows: (string | number | boolean | null)[][] = [];
    for (const e of page) {
      const payer = e.paidByUser ? displayName(e.paidByUser) : 'Former member';
      for (const s of e.splits) {
        rows.push([
          e.date,
          e.title,
          e.category,
          payer,
          s.user ? (names.get(s.user.id) ?? displayName(s.user)) : 'Former member',
          s.amount,
          s.settled,
          currency,
          e.original?.currency ?? null,
          e.original?.amount ?? null,
          e.original?.exchangeRate ?? null,
        ]);
      }
    }
    return rows.length > 0 ? toCsv(rows) : '';
  };
}

/**
 * Every split of the household as CSV, newest expense first, written a page of expenses at a
 * time so that a long history never holds the server. The CSV download serves this.
 */
export async function* expensesCsv(db: Db, householdId: string): AsyncGenerator<string> {
  const lines = await expensesCsvLines(db, householdId);
  yield EXPENSES_CSV_HEADER;
  for await (const page of expensePages(db, householdId)) {
    const text = lines(page);
    if (text) yield text;
  }
}
