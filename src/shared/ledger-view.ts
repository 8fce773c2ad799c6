// The money API's answers as the web app reads them (docs/money.md). Amounts are 2-decimal
// strings ("12.50", "-3.00") except where an older contract sends numbers of dollars.

/** A payment: money that moved from one member to another. */
export interface PaymentView {
  id: string;
  fromUserId: string;
  toUserId: string;
  amount: string;
  /** The day the money moved (YYYY-MM-DD). */
  date: string;
  note: string | null;
  /** The shares this payment settled, when it was recorded by settling them. */
  splitIds: string[];
  createdBy: string | null;
  createdAt: string;
  /** Set while the payment is in the household's trash. */
  deletedAt: string | null;
}

/** GET /api/balance: the viewer's totals in the household's view, dollars as numbers. */
export interface BalanceTotalsView {
  totalOwed: number;
  totalOwing: number;
  /** What the viewer is owed overall (negative: what they owe). */
  net: number;
}

/** One debt shown: `from` owes `to`. */
export interface DebtView {
  from: string;
  to: string;
  amount: number;
  /** The expenses behind it, newest first (explanations: GET /api/balances/explain). */
  expenseIds: string[];
}

/** A member's net as the ledger makes it: paid − shares + payments made − payments received. */
export interface MemberNetView {
  userId: string;
  paid: string;
  shares: string;
  paymentsMade: string;
  paymentsReceived: string;
  net: string;
}

/** GET /api/balances (and /api/balance/simplified): both views and the household's choice. */
export interface HouseholdBalancesView {
  /** The household's setting: which view its debts are shown and settled in. */
  simplifyDebts: boolean;
  /** Net per member, dollars as numbers (older contract). */
  members: { userId: string; net: number }[];
  simplified: DebtView[];
  pairwise: DebtView[];
}

/** A line of a person-to-person breakdown: positive adds to what `from` owes `to`. */
export type PairLineView =
  | { kind: 'expense'; id: string; title: string; date: string; amount: string }
  | { kind: 'payment'; id: string; date: string; note: string | null; amount: string };

/** GET /api/balances/explain: why `from` owes `to` what is shown; the lines add up to `amount`. */
export type ExplanationView =
  | { view: 'pairwise'; from: string; to: string; amount: string; lines: PairLineView[] }
  | {
      view: 'simplified';
      from: string;
      to: string;
      amount: string;
      members: MemberNetView[];
      /** Why this transfer, in words. */
      reason: string;
    };

/** One entry of the household's activity feed. */
export interface ActivityView {
  id: string;
  at: string;
  actorId: string | null;
  kind: ActivityKind;
  /** What it was about, for links: an expense, payment, chore, event, member or the household. */
  subject: { type: 'expense' | 'payment' | 'chore' | 'event' | 'member' | 'household'; id: string | null };
  /** One line in words, e.g. "Electricity 30.00" or "Ada → Ben 12.00". */
  summary: string;
  /** For edits: each changed field, before → after, as shown on screen. */
  changes: { field: string; before: string | null; after: string | null }[];
}

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

/** GET /api/activity: newest first; `nextBefore` pages on, null at the start of the history. */
export interface ActivityPageView {
  entries: ActivityView[];
  nextBefore: string | null;
}

/** GET /api/trash: what can still be restored, newest deletion first. */
export interface TrashView {
  expenses: {
    id: string;
    title: string;
    amount: string;
    date: string;
    deletedAt: string;
    deletedBy: string | null;
  }[];
  payments: PaymentView[];
}

/** GET /api/payments answers this many a page, newest first. */
export const PAYMENTS_PAGE = 50;

/** How long a deleted expense or payment can be restored. */
export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 86_400_000;

/** The earliest deletion that can still be restored at `now` (ms). */
export const restorableSince = (now: number) => now - TRASH_MS;
