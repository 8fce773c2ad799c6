import type { Db } from '../../db/database.ts';
import { expensePages } from '../expenses/queries.ts';
import { getHousehold } from '../households/queries.ts';
import { messagePages } from '../messages/queries.ts';
import { chorePages, jsonArray } from './stepwise.ts';

/**
 * The household export (GET /api/export.json): everything of the household a member can see, as
 * one compact JSON document, written a page at a time so a long history never holds the server.
 */
export async function* householdExport(db: Db, householdId: string, now: number): AsyncGenerator<string> {
  const household = await getHousehold(db, householdId);
  yield `{"exportedAt":${JSON.stringify(new Date(now).toISOString())},"household":${JSON.stringify(household)}`;
  yield ',"expenses":';
  yield* jsonArray(expensePages(db, householdId));
  yield ',"chores":';
  yield* jsonArray(chorePages(db, householdId, now));
  yield ',"messages":';
  yield* jsonArray(messagePages(db, householdId));
  yield '}';
}
