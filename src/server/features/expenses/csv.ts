import { displayName } from '#shared/users.ts';
import type { Db } from '../../db/database.ts';
import { listMembers } from '../households/queries.ts';
import { listExpenses, toCsv } from './queries.ts';

/**
 * Every split of the household as CSV, newest expense first: date, title, category, payer,
 * member, amount, settled. The CSV download and the personal data export both serve this.
 */
export async function expensesCsv(db: Db, householdId: string): Promise<string> {
  const names = new Map((await listMembers(db, householdId)).map((m) => [m.userId, displayName(m.user)]));
  const rows: (string | number | boolean | null)[][] = [
    ['date', 'title', 'category', 'payer', 'member', 'amount', 'settled'],
  ];
  let before: string | undefined;
  for (;;) {
    const page = (await listExpenses(db, householdId, before)) ?? [];
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
        ]);
      }
    }
    if (page.length === 0) break;
    before = page[page.length - 1]!.id;
  }
  return toCsv(rows);
}
