import { TRASH_MS } from '#shared/expenses/ledger-view.ts';
import type { Translate } from '#shared/expenses/view.ts';

const DAY_MS = 86_400_000;

/** Days left, counting a part day as a day, to restore something deleted at `deletedAt`. */
export function daysLeftInTrash(deletedAt: string, now: Date): number {
  const left = Date.parse(deletedAt) + TRASH_MS - now.getTime();
  return Math.max(0, Math.ceil(left / DAY_MS));
}

/** 'Restore within 30 days', '… 1 day'. */
export function trashDeadlineText(deletedAt: string, now: Date, t: Translate): string {
  return t('expenses.trash.within', { days: Math.max(1, daysLeftInTrash(deletedAt, now)) });
}
