import { displayName } from '#shared/accounts/users.ts';
import type {
  BalanceTotalsView,
  ExplanationView,
  HouseholdBalancesView,
  PairLineView,
  PaymentView,
} from '#shared/expenses/api.ts';
import { debtsInView, type LedgerFigures, ledgerFigures, totalsFor } from '#shared/expenses/ledger.ts';
import { PAYMENTS_PAGE } from '#shared/expenses/ledger-view.ts';
import type { Debt } from '#shared/expenses/rules.ts';
import { debtExplanations } from '#shared/expenses/rules.ts';
import { currencyExponent, formatAmount } from '#shared/money.ts';
import type { Db } from '../../db/database.ts';
import { readBoolean } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import { householdCurrency, listMembers } from '../households/queries.ts';
import { balanceSplits, setTrashed } from './queries.ts';

/**
 * The household's money as a ledger (docs/money.md): every figure is a sum over the shares of
 * the expenses not in the trash and the payments not in the trash.
 */

/** Minor units → a number in the currency's units (the older contracts that send numbers). */
const units = (minor: number, exponent: number) => Math.round(minor) / 10 ** exponent;

export interface Ledger {
  figures: LedgerFigures;
  simplify: boolean;
  /** The household currency's decimals: how its minor units are written. */
  exponent: number;
}

/** The two sums the ledger is made of, grouped by pair, and the household's setting. */
export async function readLedger(db: Db, householdId: string): Promise<Ledger> {
  const shares = await db
    .selectFrom('expense_splits as s')
    .innerJoin('expenses as e', 'e.id', 's.expense_id')
    .select(['s.user_id', 'e.paid_by', (eb) => eb.fn.sum<number | string>('s.amount_cents').as('cents')])
    // By the expenses' household: each expense's shares are then found by the expense's id, a plan
    // that stays fast even before PostgreSQL has statistics for a freshly loaded table.
    .where('e.household_id', '=', householdId)
    .where('e.deleted_at', 'is', null)
    .where('s.amount_cents', '>', 0)
    .where('s.user_id', 'is not', null)
    .where('e.paid_by', 'is not', null)
    .groupBy(['s.user_id', 'e.paid_by'])
    .execute();
  const payments = await db
    .selectFrom('payments')
    .select(['from_user', 'to_user', (eb) => eb.fn.sum<number | string>('amount_cents').as('cents')])
    .where('household_id', '=', householdId)
    .where('deleted_at', 'is', null)
    .where('from_user', 'is not', null)
    .where('to_user', 'is not', null)
    .groupBy(['from_user', 'to_user'])
    .execute();
  const household = await db
    .selectFrom('households')
    .select(['simplify_debts', 'currency'])
    .where('id', '=', householdId)
    .executeTakeFirst();
  const members = await db
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', householdId)
    .execute();
  return {
    figures: ledgerFigures(
      shares.map((r) => ({ debtor: r.user_id!, creditor: r.paid_by!, cents: Number(r.cents) })),
      payments.map((r) => ({ from: r.from_user!, to: r.to_user!, cents: Number(r.cents) })),
      members.map((m) => m.user_id),
    ),
    simplify: household ? readBoolean(household.simplify_debts) : true,
    exponent: currencyExponent(household?.currency ?? 'USD'),
  };
}

/** GET /api/balance: the viewer's totals in the household's view, and their net. */
export async function balanceFor(db: Db, householdId: string, userId: string): Promise<BalanceTotalsView> {
  const { figures, simplify, exponent } = await readLedger(db, householdId);
  const { owedCents, owingCents } = totalsFor(debtsInView(figures, simplify), userId);
  const net = figures.members.find((m) => m.userId === userId)?.net ?? 0;
  return {
    totalOwed: units(owedCents, exponent),
    totalOwing: units(owingCents, exponent),
    net: units(net, exponent),
  };
}

/** GET /api/balances: both views with the expenses behind each debt, and the setting. */
export async function householdBalances(db: Db, householdId: string): Promise<HouseholdBalancesView> {
  const { figures, simplify, exponent } = await readLedger(db, householdId);
  // The expenses behind a debt are those with shares still open between the people in it.
  const explain = debtExplanations(await balanceSplits(db, householdId));
  const shape = (d: Debt, expenseIds: string[]) => ({
    from: d.from,
    to: d.to,
    amount: units(d.cents, exponent),
    expenseIds,
  });
  return {
    simplifyDebts: simplify,
    members: figures.members.map((m) => ({ userId: m.userId, net: units(m.net, exponent) })),
    simplified: figures.simplified.map((d) => shape(d, explain.transfer(d))),
    pairwise: figures.pairwise.map((d) => shape(d, explain.pair(d))),
  };
}

/** Why `from` owes `to` what a view shows: lines that add up to it exactly. */
export async function explainDebt(
  db: Db,
  householdId: string,
  from: string,
  to: string,
  asked?: 'pairwise' | 'simplified',
): Promise<ExplanationView> {
  const { figures, simplify, exponent } = await readLedger(db, householdId);
  const written = (minor: number) => formatAmount(minor, exponent);
  // Without a view asked for, the household's own.
  const view = asked ?? (simplify ? 'simplified' : 'pairwise');
  if (view === 'simplified') {
    const amount = figures.simplified.find((d) => d.from === from && d.to === to)?.cents ?? 0;
    const names = new Map((await listMembers(db, householdId)).map((m) => [m.userId, displayName(m.user)]));
    const name = (id: string) => names.get(id) ?? 'Former member';
    const debtor = figures.members.find((m) => m.userId === from);
    const creditor = figures.members.find((m) => m.userId === to);
    const reason =
      amount === 0
        ? `${name(from)} does not pay ${name(to)} anything in the simplified debts.`
        : `Simplify debts settles every net with the fewest payments: whoever owes the most pays whoever is owed the most, as much as one of them needs, until everyone is at 0. ${name(from)} owes ${written(-(debtor?.net ?? 0))} overall and ${name(to)} is owed ${written(creditor?.net ?? 0)} overall, so ${name(from)} pays ${name(to)} ${written(amount)}.`;
    return {
      view,
      from,
      to,
      amount: written(amount),
      members: figures.members.map((m) => ({
        userId: m.userId,
        paid: written(m.paid),
        shares: written(m.shares),
        paymentsMade: written(m.paymentsMade),
        paymentsReceived: written(m.paymentsReceived),
        net: written(m.net),
      })),
      reason,
    };
  }
  // Person to person: each share between the two and each payment between them, signed so that
  // positive adds to what `from` owes `to`.
  const shares = await db
    .selectFrom('expense_splits as s')
    .innerJoin('expenses as e', 'e.id', 's.expense_id')
    .select(['e.id', 'e.title', 'e.date', 'e.created_at', 'e.paid_by', 's.user_id', 's.amount_cents'])
    .where('e.household_id', '=', householdId)
    .where('e.deleted_at', 'is', null)
    .where('s.amount_cents', '>', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('s.user_id', '=', from), eb('e.paid_by', '=', to)]),
        eb.and([eb('s.user_id', '=', to), eb('e.paid_by', '=', from)]),
      ]),
    )
    .execute();
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('from_user', '=', from), eb('to_user', '=', to)]),
        eb.and([eb('from_user', '=', to), eb('to_user', '=', from)]),
      ]),
    )
    .execute();
  const dated: { date: string; at: number; line: PairLineView; cents: number }[] = [
    ...shares.map((s) => {
      const cents = s.user_id === from ? s.amount_cents : -s.amount_cents;
      return {
        date: s.date,
        at: s.created_at,
        cents,
        line: {
          kind: 'expense' as const,
          id: s.id,
          title: s.title,
          date: s.date,
          amount: written(cents),
        },
      };
    }),
    ...payments.map((p) => {
      const cents = p.from_user === from ? -p.amount_cents : p.amount_cents;
      return {
        date: p.date,
        at: p.created_at,
        cents,
        line: {
          kind: 'payment' as const,
          id: p.id,
          date: p.date,
          note: p.note,
          amount: written(cents),
        },
      };
    }),
  ];
  dated.sort((x, y) => (x.date === y.date ? y.at - x.at : x.date < y.date ? 1 : -1));
  const total = dated.reduce((sum, d) => sum + d.cents, 0);
  return { view, from, to, amount: written(total), lines: dated.map((d) => d.line) };
}

// ---- payments ------------------------------------------------------------------------------------

type PaymentRow = {
  id: string;
  household_id: string;
  from_user: string | null;
  to_user: string | null;
  amount_cents: number;
  date: string;
  note: string | null;
  created_by: string | null;
  created_at: number;
  deleted_at: number | null;
};

async function toPayments(db: Db, rows: PaymentRow[]): Promise<PaymentView[]> {
  if (rows.length === 0) return [];
  const exponent = currencyExponent(await householdCurrency(db, rows[0]!.household_id));
  const links = await db
    .selectFrom('payment_splits')
    .select(['payment_id', 'split_id'])
    .where(
      'payment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('split_id')
    .execute();
  const splitsOf = new Map<string, string[]>();
  for (const link of links)
    splitsOf.set(link.payment_id, [...(splitsOf.get(link.payment_id) ?? []), link.split_id]);
  return rows.map((r) => ({
    id: r.id,
    fromUserId: r.from_user ?? '',
    toUserId: r.to_user ?? '',
    amount: formatAmount(r.amount_cents, exponent),
    date: r.date,
    note: r.note,
    splitIds: splitsOf.get(r.id) ?? [],
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at).toISOString(),
  }));
}

/** A payment of the household, in the trash or not. */
export async function getPayment(db: Db, householdId: string, id: string): Promise<PaymentView | null> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await toPayments(db, [row]))[0]! : null;
}

/** Payments not in the trash, newest first (by day, then recording); older ones after `before`. */
export async function listPayments(
  db: Db,
  householdId: string,
  before?: string,
): Promise<PaymentView[] | null> {
  let query = db
    .selectFrom('payments')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('deleted_at', 'is', null);
  if (before) {
    const cursor = await db
      .selectFrom('payments')
      .select(['date', 'created_at', 'id'])
      .where('household_id', '=', householdId)
      .where('id', '=', before)
      .executeTakeFirst();
    if (!cursor) return null;
    query = query.where((eb) =>
      eb.or([
        eb('date', '<', cursor.date),
        eb.and([eb('date', '=', cursor.date), eb('created_at', '<', cursor.created_at)]),
        eb.and([
          eb('date', '=', cursor.date),
          eb('created_at', '=', cursor.created_at),
          eb('id', '<', cursor.id),
        ]),
      ]),
    );
  }
  const rows = await query
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAYMENTS_PAGE)
    .execute();
  return toPayments(db, rows);
}

export interface NewPayment {
  from: string;
  to: string;
  cents: number;
  date: string;
  note: string | null;
  clientId: string | null;
  /** The shares it settles. */
  splitIds: string[];
}

/**
 * Records a payment in the caller's transaction: 'repeat' with the first payment's id when the
 * same member already recorded this clientId.
 */
export async function insertPayment(
  trx: Db,
  householdId: string,
  createdBy: string,
  payment: NewPayment,
  now: number,
): Promise<{ id: string; repeat: boolean }> {
  if (payment.clientId) {
    const first = await trx
      .selectFrom('payments')
      .select('id')
      .where('household_id', '=', householdId)
      .where('created_by', '=', createdBy)
      .where('client_id', '=', payment.clientId)
      .executeTakeFirst();
    if (first) return { id: first.id, repeat: true };
  }
  const id = newId();
  await trx
    .insertInto('payments')
    .values({
      id,
      household_id: householdId,
      from_user: payment.from,
      to_user: payment.to,
      amount_cents: payment.cents,
      date: payment.date,
      note: payment.note,
      client_id: payment.clientId,
      created_by: createdBy,
      created_at: now,
    })
    .execute();
  if (payment.splitIds.length > 0) {
    await trx
      .insertInto('payment_splits')
      .values(payment.splitIds.map((splitId) => ({ payment_id: id, split_id: splitId })))
      .execute();
    await refreshSettled(trx, payment.splitIds, now);
  }
  return { id, repeat: false };
}

/** The shares linked to a payment. */
async function linkedSplits(trx: Db, paymentId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('payment_splits')
    .select('split_id')
    .where('payment_id', '=', paymentId)
    .execute();
  return rows.map((r) => r.split_id);
}

/**
 * Keeps each share's settled flag true exactly while a payment not in the trash is linked to it
 * (the lists and exports read the flag).
 */
export async function refreshSettled(trx: Db, splitIds: string[], now: number): Promise<void> {
  for (let i = 0; i < splitIds.length; i += 500) {
    const ids = splitIds.slice(i, i + 500);
    const live = await trx
      .selectFrom('payment_splits as ps')
      .innerJoin('payments as p', 'p.id', 'ps.payment_id')
      .select('ps.split_id')
      .where('ps.split_id', 'in', ids)
      .where('p.deleted_at', 'is', null)
      .execute();
    const settled = [...new Set(live.map((r) => r.split_id))];
    const open = ids.filter((id) => !settled.includes(id));
    if (settled.length > 0)
      await trx
        .updateTable('expense_splits')
        .set({ settled: true, settled_at: now })
        .where('id', 'in', settled)
        .where('settled', '=', false)
        .execute();
    if (open.length > 0)
      await trx
        .updateTable('expense_splits')
        .set({ settled: false, settled_at: null })
        .where('id', 'in', open)
        .execute();
  }
}

/** Moves a payment to the trash (or back), keeping its shares' settled flags true to it. */
export async function setPaymentTrashed(
  trx: Db,
  householdId: string,
  id: string,
  trashed: { by: string } | null,
  now: number,
): Promise<boolean> {
  if (!(await setTrashed(trx, 'payments', householdId, id, trashed, now))) return false;
  await refreshSettled(trx, await linkedSplits(trx, id), now);
  return true;
}

/** The household's debts in its view (what settle-up pays). */
export async function debtsShown(db: Db, householdId: string): Promise<Debt[]> {
  const { figures, simplify } = await readLedger(db, householdId);
  return debtsInView(figures, simplify);
}

/**
 * The caller's open shares owed to `to`, oldest first, as many whole ones as `cents` covers:
 * a settle-up payment is linked to them, so the expense lists show them settled.
 */
export async function sharesCovered(
  trx: Db,
  householdId: string,
  from: string,
  to: string,
  cents: number,
): Promise<string[]> {
  const open = await trx
    .selectFrom('expense_splits as s')
    .innerJoin('expenses as e', 'e.id', 's.expense_id')
    .select(['s.id', 's.amount_cents'])
    .where('e.household_id', '=', householdId)
    .where('e.deleted_at', 'is', null)
    .where('s.user_id', '=', from)
    .where('e.paid_by', '=', to)
    .where('s.settled', '=', false)
    .where('s.amount_cents', '>', 0)
    .orderBy('e.date')
    .orderBy('e.created_at')
    .execute();
  const covered: string[] = [];
  let left = cents;
  for (const share of open) {
    if (share.amount_cents > left) break;
    covered.push(share.id);
    left -= share.amount_cents;
  }
  return covered;
}
