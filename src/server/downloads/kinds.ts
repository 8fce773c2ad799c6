import type { Db } from '../db/database.ts';
import { householdCalendar } from '../features/calendar/feed.ts';
import { expensesCsv } from '../features/expenses/csv.ts';
import { householdExport } from '../features/export/household.ts';
import { personalExport } from '../features/export/personal.ts';

/**
 * The whole-history downloads, each written a piece at a time. They run in the downloads worker
 * (downloads.ts) when the server has one, so the thread that answers requests never builds them.
 */
export const DOWNLOADS = {
  /** GET /api/export/me: the personal ZIP. */
  personal: (db: Db, a: { userId: string; now: number }) => personalExport(db, a.userId, a.now),
  /** GET /api/export.json: the household document. */
  household: (db: Db, a: { householdId: string; now: number }) => householdExport(db, a.householdId, a.now),
  /** GET /api/expenses/export.csv. */
  expensesCsv: (db: Db, a: { householdId: string }) => expensesCsv(db, a.householdId),
  /** The calendar feed. */
  calendar: async function* (db: Db, a: { householdId: string; now: number }) {
    yield await householdCalendar(db, a.householdId, a.now);
  },
} satisfies Record<string, (db: Db, args: never) => AsyncIterable<string | Uint8Array>>;

export type DownloadKind = keyof typeof DOWNLOADS;
export type DownloadArgs<K extends DownloadKind> = Parameters<(typeof DOWNLOADS)[K]>[1];

/** A download's pieces, wherever it runs. */
export function startDownload<K extends DownloadKind>(
  db: Db,
  kind: K,
  args: DownloadArgs<K>,
): AsyncIterable<string | Uint8Array> {
  return (DOWNLOADS[kind] as (db: Db, args: DownloadArgs<K>) => AsyncIterable<string | Uint8Array>)(db, args);
}
