// The kinds of activity entry, and the page size and trash rules of the money screens
// (docs/money.md). The answers are declared in expenses/api.ts and activity/api.ts.

export const ACTIVITY_KINDS = [
  'expense_created',
  'expense_edited',
  'expense_deleted',
  'expense_restored',
  'payment_recorded',
  'payment_deleted',
  'payment_restored',
  'setting_changed',
  'chore_created',
  'chore_edited',
  'chore_completed',
  'chore_deleted',
  'event_created',
  'event_edited',
  'event_deleted',
  'member_joined',
  'member_left',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** GET /api/payments answers this many a page, newest first. */
export const PAYMENTS_PAGE = 50;

/** How long a deleted expense or payment can be restored. */
export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 86_400_000;

/** The earliest deletion that can still be restored at `now` (ms). */
export const restorableSince = (now: number) => now - TRASH_MS;
