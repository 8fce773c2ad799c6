import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { MessageAuthor } from '#shared/accounts/api.ts';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { restorableSince } from '#shared/expenses/ledger-view.ts';
import {
  type BalanceSplit,
  type ExpenseStatus,
  isExpenseSettled,
  recurringCopySplits,
  recurringDate,
  settledPercent,
} from '#shared/expenses/rules.ts';
import { EXPENSES_PAGE } from '#shared/expenses/view.ts';
import { toAuthor } from '#shared/messages/rules.ts';
import { currencyExponent, DEFAULT_CURRENCY, formatAmount } from '#shared/money.ts';
import type { Db } from '../../db/database.ts';
import { containsIgnoringCase, readBoolean } from '../../db/dialect.ts';
import { newId } from '../../db/ids.ts';
import { insertRow, insertRows } from '../../db/insert.ts';
import type { DB, ExpenseSplitsTable, ExpensesTable } from '../../db/schema.ts';
import { PUBLIC_USER_COLUMNS, toPublicUser } from '../accounts/queries.ts';
import { householdCurrency } from '../households/queries.ts';
import { imageUrl } from '../images/queries.ts';

type ExpenseRow = Selectable<ExpensesTable>;
type SplitRow = Selectable<ExpenseSplitsTable>;

const authorOf = (row: Parameters<typeof toPublicUser>[0]): MessageAuthor => toAuthor(toPublicUser(row));

async function authors(db: Db, ids: (string | null)[]): Promise<Map<string, MessageAuthor>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = unique.length
    ? await db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('id', 'in', unique).execute()
    : [];
  return new Map(rows.map((row) => [row.id, authorOf(row)]));
}

/**
 * A household's currency and its members: all a new expense is checked against and shown with,
 * in one read.
 */
export async function currencyAndMembers(
  db: Db,
  householdId: string,
): Promise<{ currency: string; members: Map<string, MessageAuthor> }> {
  const rows = await db
    .selectFrom('households as h')
    .innerJoin('household_members as m', 'm.household_id', 'h.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['h.currency', ...PUBLIC_USER_COLUMNS.map((column) => `u.${column}` as const)])
    .where('h.id', '=', householdId)
    .execute();
  return {
    currency: rows[0]?.currency ?? DEFAULT_CURRENCY,
    members: new Map(rows.map((row) => [row.id, authorOf(row)])),
  };
}

async function toExpenses(db: Db, rows: ExpenseRow[]): Promise<ExpenseView[]> {
  if (rows.length === 0) return [];
  const splits = await db
    .selectFrom('expense_splits')
    .selectAll()
    .where(
      'expense_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return shapeExpenses(db, rows, splits);
}

/**
 * Expenses with their splits (ordered by id) as the API shows them; reads their people and the
 * household's currency unless the caller has them (`known`: every person the rows name).
 */
async function shapeExpenses(
  db: Db,
  rows: ExpenseRow[],
  splits: SplitRow[],
  currency?: string,
  known?: Map<string, MessageAuthor>,
): Promise<ExpenseView[]> {
  const people =
    known ?? (await authors(db, [...rows.map((r) => r.paid_by), ...splits.map((s) => s.user_id)]));
  const exponent = currencyExponent(currency ?? (await householdCurrency(db, rows[0]!.household_id)));
  const splitsOf = new Map<string, typeof splits>();
  for (const split of splits) {
    const list = splitsOf.get(split.expense_id);
    if (list) list.push(split);
    else splitsOf.set(split.expense_id, [split]);
  }
  return rows.map((row) => {
    const own = splitsOf.get(row.id) ?? [];
    const shaped = own.map((s) => ({
      userId: s.user_id ?? '',
      cents: s.amount_cents,
      settled: readBoolean(s.settled),
    }));
    const percent = settledPercent(shaped, row.paid_by ?? '');
    return {
      id: row.id,
      title: row.title,
      amount: formatAmount(row.amount_cents, exponent),
      original:
        row.currency && row.original_amount_cents !== null && row.exchange_rate
          ? {
              currency: row.currency,
              amount: formatAmount(Number(row.original_amount_cents), currencyExponent(row.currency)),
              exchangeRate: row.exchange_rate,
            }
          : null,
      category: row.category,
      description: row.description,
      notes: row.notes,
      receiptUrl: row.receipt_image_id ? imageUrl(row.receipt_image_id) : null,
      paidBy: row.paid_by,
      paidByUser: row.paid_by ? (people.get(row.paid_by) ?? null) : null,
      date: row.date,
      createdAt: new Date(row.created_at).toISOString(),
      splitType: row.split_type,
      isRecurring: readBoolean(row.is_recurring),
      recurrenceFrequency: row.recurring_interval,
      recurrenceSourceId: row.recurrence_source_id,
      recurringEndDate: row.recurring_end_date,
      nextOccurrenceDate: row.next_occurrence_date,
      splits: own.map((s) => ({
        id: s.id,
        userId: s.user_id,
        user: s.user_id ? (people.get(s.user_id) ?? null) : null,
        amount: formatAmount(s.amount_cents, exponent),
        settled: readBoolean(s.settled),
        settledAt: s.settled_at === null ? null : new Date(s.settled_at).toISOString(),
      })),
      settledPercent: percent,
      // Not `percent === 100`: the percentage is rounded, so 199.00 of 200.00 settled shows 100.
      fullySettled: isExpenseSettled(
        own.map((s) => ({ userId: s.user_id, cents: s.amount_cents, settled: readBoolean(s.settled) })),
        row.paid_by,
      ),
    };
  });
}

/** An expense of the household; one in the trash only when `trashed` says so. */
export async function getExpense(
  db: Db,
  householdId: string,
  id: string,
  { trashed = false }: { trashed?: boolean } = {},
): Promise<ExpenseView | null> {
  const row = await db
    .selectFrom('expenses')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('id', '=', id)
    .where('deleted_at', trashed ? 'is not' : 'is', null)
    .executeTakeFirst();
  return row ? (await toExpenses(db, [row]))[0]! : null;
}

type ExpenseKey = Pick<ExpenseRow, 'date' | 'created_at' | 'id'>;

/** What GET /api/expenses and its counts filter by; every filter is optional (docs/expenses.md, Filters). */
export interface ExpenseFilters {
  q?: string | undefined;
  member?: string | undefined;
  category?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: ExpenseStatus | undefined;
}

/** The columns a search text is looked for in. */
const SEARCHED_COLUMNS = ['expenses.title', 'expenses.category', 'expenses.description', 'expenses.notes'];

/**
 * The shares of an expense someone still owes: isShareOpen (src/shared/expenses/rules.ts) in SQL.
 * `is distinct from` counts a share whose member and payer are both gone as the payer's own.
 */
function openShares(eb: ExpressionBuilder<DB, 'expenses'>) {
  return eb
    .selectFrom('expense_splits as open')
    .select('open.id')
    .whereRef('open.expense_id', '=', 'expenses.id')
    .where('open.settled', '=', false)
    .where('open.amount_cents', '>', 0)
    .where('open.user_id', 'is distinct from', eb.ref('expenses.paid_by'));
}

/** The household's expenses (not in the trash) that pass every filter given. */
function filteredExpenses(db: Db, householdId: string, filters: ExpenseFilters) {
  return db
    .selectFrom('expenses')
    .where('expenses.household_id', '=', householdId)
    .where('expenses.deleted_at', 'is', null)
    .where((eb) => {
      const all: Expression<SqlBool>[] = [];
      const { q, member, category, from, to, status } = filters;
      if (category) all.push(eb('expenses.category', '=', category));
      if (from) all.push(eb('expenses.date', '>=', from));
      if (to) all.push(eb('expenses.date', '<=', to));
      if (member) {
        // Their shares are read once from the household's (an index of its own), not per expense.
        const shared = eb
          .selectFrom('expense_splits as share')
          .select('share.expense_id')
          .where('share.household_id', '=', householdId)
          .where('share.user_id', '=', member);
        all.push(eb.or([eb('expenses.paid_by', '=', member), eb('expenses.id', 'in', shared)]));
      }
      if (q) all.push(eb.or(SEARCHED_COLUMNS.map((column) => containsIgnoringCase(db, column, q))));
      if (status === 'unsettled') all.push(eb.exists(openShares(eb)));
      if (status === 'settled') all.push(eb.not(eb.exists(openShares(eb))));
      return eb.and(all);
    });
}

/** One page of rows, newest first (by date, then creation), after the given row when there is one. */
function expenseRows(
  db: Db,
  householdId: string,
  filters: ExpenseFilters,
  after?: ExpenseKey,
): Promise<ExpenseRow[]> {
  let query = filteredExpenses(db, householdId, filters).selectAll('expenses');
  if (after) {
    // `date <=` lets the index (household_id, date, created_at) seek to the cursor instead of
    // walking every newer expense; the rest breaks ties.
    query = query
      .where('expenses.date', '<=', after.date)
      .where((eb) =>
        eb.or([
          eb('expenses.date', '<', after.date),
          eb.and([eb('expenses.date', '=', after.date), eb('expenses.created_at', '<', after.created_at)]),
          eb.and([
            eb('expenses.date', '=', after.date),
            eb('expenses.created_at', '=', after.created_at),
            eb('expenses.id', '<', after.id),
          ]),
        ]),
      );
  }
  return query
    .orderBy('expenses.date', 'desc')
    .orderBy('expenses.created_at', 'desc')
    .orderBy('expenses.id', 'desc')
    .limit(EXPENSES_PAGE)
    .execute();
}

/**
 * Newest first (by date, then creation), filtered; older pages by a cursor expense id. The
 * cursor need not pass the filters (it may have been settled since), only be the household's.
 */
export async function listExpenses(
  db: Db,
  householdId: string,
  before?: string,
  filters: ExpenseFilters = {},
): Promise<ExpenseView[] | null> {
  if (!before) return toExpenses(db, await expenseRows(db, householdId, filters));
  const cursor = await db
    .selectFrom('expenses')
    .select(['date', 'created_at', 'id'])
    .where('household_id', '=', householdId)
    .where('id', '=', before)
    .executeTakeFirst();
  if (!cursor) return null;
  return toExpenses(db, await expenseRows(db, householdId, filters, cursor));
}

/** How many expenses pass the filters, in all and by status, counted by the database in one pass. */
export async function countExpenses(
  db: Db,
  householdId: string,
  filters: Omit<ExpenseFilters, 'status'>,
): Promise<{ all: number; unsettled: number; settled: number }> {
  const row = await filteredExpenses(db, householdId, filters)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn
        .count<number | string>(
          eb
            .case()
            .when(eb.exists(openShares(eb)))
            .then(1)
            .end(),
        )
        .as('unsettled'),
    ])
    .executeTakeFirstOrThrow();
  const all = Number(row.all);
  const unsettled = Number(row.unsettled);
  return { all, unsettled, settled: all - unsettled };
}

/** The newest expenses whose text contains `q` (GET /api/search). */
export async function searchExpenses(db: Db, householdId: string, q: string, limit: number) {
  const rows = await filteredExpenses(db, householdId, { q })
    .select([
      'expenses.id',
      'expenses.title',
      'expenses.amount_cents',
      'expenses.category',
      'expenses.date',
      'expenses.paid_by',
    ])
    .orderBy('expenses.date', 'desc')
    .orderBy('expenses.created_at', 'desc')
    .orderBy('expenses.id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const exponent = currencyExponent(await householdCurrency(db, householdId));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    amount: formatAmount(row.amount_cents, exponent),
    category: row.category,
    date: row.date,
    paidBy: row.paid_by,
  }));
}

/**
 * Every expense of the household, newest first, a page at a time (for the exports). Other
 * requests get a turn between pages, so a long history never holds the event loop for long.
 */
export async function* expensePages(db: Db, householdId: string): AsyncGenerator<ExpenseView[]> {
  let after: ExpenseKey | undefined;
  for (;;) {
    const rows = await expenseRows(db, householdId, {}, after);
    if (rows.length > 0) yield await toExpenses(db, rows);
    if (rows.length < EXPENSES_PAGE) return;
    after = rows[rows.length - 1]!;
    await yieldToEventLoop();
  }
}

export interface NewExpense {
  title: string;
  amountCents: number;
  category: string;
  description: string | null;
  notes: string | null;
  paidBy: string;
  date: string;
  splitType: 'equal' | 'custom' | 'percentage';
  isRecurring: boolean;
  recurringInterval: 'weekly' | 'monthly' | 'quarterly' | 'yearly';
  recurringEndDate: string | null;
  splits: { userId: string; cents: number }[];
  /** Paid in another currency: its code, the amount in its minor units and the rate as typed. */
  original?: { currency: string; amountMinor: number; rate: string } | null;
}

async function insertExpense(
  trx: Db,
  householdId: string,
  createdBy: string | null,
  input: NewExpense,
  extra: { recurrenceSourceId: string | null; nextOccurrenceDate: string | null },
  now: number,
): Promise<{ row: ExpenseRow; splits: SplitRow[] }> {
  const id = newId();
  const row = await insertRow(trx, 'expenses', {
    id,
    household_id: householdId,
    title: input.title,
    amount_cents: input.amountCents,
    category: input.category,
    description: input.description,
    notes: input.notes,
    receipt_image_id: null,
    paid_by: input.paidBy,
    date: input.date,
    split_type: input.splitType,
    is_recurring: input.isRecurring,
    recurring_interval: input.isRecurring ? input.recurringInterval : null,
    recurring_end_date: input.isRecurring ? input.recurringEndDate : null,
    next_occurrence_date: extra.nextOccurrenceDate,
    recurrence_source_id: extra.recurrenceSourceId,
    created_by: createdBy,
    created_at: now,
    currency: input.original?.currency ?? null,
    original_amount_cents: input.original?.amountMinor ?? null,
    exchange_rate: input.original?.rate ?? null,
  });
  if (input.splits.length === 0) return { row, splits: [] };
  const splits = await insertRows(
    trx,
    'expense_splits',
    input.splits.map((split) => {
      // The payer's own share is settled from the start: nobody owes it to anyone.
      const own = split.userId === input.paidBy;
      return {
        id: newId(),
        expense_id: id,
        household_id: householdId,
        user_id: split.userId,
        amount_cents: split.cents,
        settled: own,
        settled_at: own ? now : null,
      };
    }),
  );
  return { row, splits: splits.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
}

/** An expense and its splits in one transaction: never one without the other. */
/** Creates an expense; `also` writes more in the same transaction (its activity entry). */
export async function createExpense<T>(
  db: Db,
  householdId: string,
  createdBy: string,
  input: NewExpense,
  now: number,
  also: (trx: Db, id: string) => Promise<T>,
  household: { currency: string; members: Map<string, MessageAuthor> },
): Promise<{ expense: ExpenseView; also: T }> {
  const next =
    input.isRecurring &&
    (input.recurringEndDate === null ||
      recurringDate(input.date, input.recurringInterval, 1) <= input.recurringEndDate)
      ? recurringDate(input.date, input.recurringInterval, 1)
      : null;
  const { written, also: done } = await db.transaction().execute(async (trx) => {
    const written = await insertExpense(
      trx,
      householdId,
      createdBy,
      input,
      { recurrenceSourceId: null, nextOccurrenceDate: next },
      now,
    );
    return { written, also: await also(trx, written.row.id) };
  });
  // The answer is made from the rows as written, not read back.
  const [expense] = await shapeExpenses(
    db,
    [written.row],
    written.splits,
    household.currency,
    household.members,
  );
  return { expense: expense!, also: done };
}

export async function setReceipt(
  db: Db,
  householdId: string,
  expenseId: string,
  imageId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('expenses')
      .select('receipt_image_id')
      .where('household_id', '=', householdId)
      .where('id', '=', expenseId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('expenses')
      .set({ receipt_image_id: imageId })
      .where('id', '=', expenseId)
      .execute();
    if (row.receipt_image_id) await trx.deleteFrom('images').where('id', '=', row.receipt_image_id).execute();
  });
}

export function findSplit(db: Db, householdId: string, splitId: string) {
  return db
    .selectFrom('expense_splits as s')
    .innerJoin('expenses as e', 'e.id', 's.expense_id')
    .select(['s.id', 's.expense_id', 's.user_id', 's.settled', 's.amount_cents', 'e.paid_by'])
    .where('s.household_id', '=', householdId)
    .where('e.deleted_at', 'is', null)
    .where('s.id', '=', splitId)
    .executeTakeFirst();
}

/** The open shares of the household's expenses (not in the trash), newest expense first. */
export async function balanceSplits(db: Db, householdId: string): Promise<BalanceSplit[]> {
  const rows = await db
    .selectFrom('expense_splits as s')
    .innerJoin('expenses as e', 'e.id', 's.expense_id')
    .select(['s.expense_id', 's.user_id', 's.amount_cents', 'e.paid_by'])
    .where('s.household_id', '=', householdId)
    .where('e.deleted_at', 'is', null)
    .where('s.settled', '=', false)
    .where('s.user_id', 'is not', null)
    .where('e.paid_by', 'is not', null)
    .orderBy('e.date', 'desc')
    .orderBy('e.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    expenseId: r.expense_id,
    paidBy: r.paid_by!,
    userId: r.user_id!,
    cents: r.amount_cents,
    settled: false,
  }));
}

/**
 * How much one sweep does (docs/decisions/0020-recurring-sweep-bounds.md): a series far behind
 * catches up over several sweeps, and the series furthest behind go first.
 */
export const RECURRING_SWEEP_LIMITS = { copiesPerSeries: 12, seriesPerSweep: 200 };

/**
 * Creates the recurring expense copies due by `today` (YYYY-MM-DD), within the limits. Each
 * series' due dates are claimed by a conditional update first, so two instances sweeping at
 * once create each copy once, and a restart in between loses nothing (the due date is data).
 * Returns what was created.
 */
export async function runDueRecurringExpenses(
  db: Db,
  today: string,
  now: number,
  limits = RECURRING_SWEEP_LIMITS,
): Promise<{ householdId: string; id: string }[]> {
  const created: { householdId: string; id: string }[] = [];
  const due = await db
    .selectFrom('expenses')
    .select('id')
    .where('next_occurrence_date', 'is not', null)
    .where('next_occurrence_date', '<=', today)
    .where('deleted_at', 'is', null)
    .orderBy('next_occurrence_date')
    .orderBy('id')
    .limit(limits.seriesPerSweep)
    .execute();
  for (const { id } of due) {
    let left = limits.copiesPerSeries;
    while (left > 0) {
      const batch = await db.transaction().execute((trx) => copyDueOccurrences(trx, id, today, left, now));
      // Another instance moved this series on meanwhile: read it again and go on from there.
      if (batch === 'lost') continue;
      created.push(...batch);
      if (batch.length < left) break;
      left -= batch.length;
    }
  }
  return created;
}

/** Up to `most` due copies of one series, claimed and created in the caller's transaction. */
async function copyDueOccurrences(
  trx: Db,
  sourceId: string,
  today: string,
  most: number,
  now: number,
): Promise<{ householdId: string; id: string }[] | 'lost'> {
  const source = await trx.selectFrom('expenses').selectAll().where('id', '=', sourceId).executeTakeFirst();
  const interval = source?.recurring_interval;
  if (!source?.next_occurrence_date || !interval || source.next_occurrence_date > today) return [];
  // The next date is occurrence recurrence_count + 1, each counted from the series' first date.
  const dates: string[] = [];
  let next: string | null = source.next_occurrence_date;
  while (next !== null && next <= today && dates.length < most) {
    dates.push(next);
    const following = recurringDate(source.date, interval, source.recurrence_count + dates.length + 1);
    next = source.recurring_end_date && following > source.recurring_end_date ? null : following;
  }
  const members = await trx
    .selectFrom('household_members')
    .select('user_id')
    .where('household_id', '=', source.household_id)
    .execute();
  const splits = await trx
    .selectFrom('expense_splits')
    .select(['user_id', 'amount_cents'])
    .where('expense_id', '=', source.id)
    .orderBy('amount_cents', 'desc')
    .orderBy('user_id')
    .execute();
  const memberIds = new Set(members.map((m) => m.user_id));
  const shares = recurringCopySplits(
    source.amount_cents,
    source.split_type,
    splits.map((s) => ({ userId: s.user_id, cents: s.amount_cents })),
    memberIds,
  );
  // A payer who has left pays no more, and a copy split among nobody still here owes nothing
  // to anyone: either way the series ends here (decision 0004).
  const ends = !source.paid_by || !memberIds.has(source.paid_by) || !shares;
  const claim = await trx
    .updateTable('expenses')
    .set(
      ends
        ? { next_occurrence_date: null }
        : { next_occurrence_date: next, recurrence_count: source.recurrence_count + dates.length },
    )
    .where('id', '=', source.id)
    .where('next_occurrence_date', '=', source.next_occurrence_date)
    .where('recurrence_count', '=', source.recurrence_count)
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 0) return 'lost';
  if (ends) return [];
  const created: { householdId: string; id: string }[] = [];
  for (const date of dates) {
    const { row } = await insertExpense(
      trx,
      source.household_id,
      source.created_by,
      {
        title: source.title,
        amountCents: source.amount_cents,
        category: source.category,
        description: source.description,
        notes: source.notes,
        paidBy: source.paid_by!,
        date,
        splitType: source.split_type,
        isRecurring: false,
        recurringInterval: 'monthly',
        recurringEndDate: null,
        splits: shares!,
        original:
          source.currency && source.original_amount_cents !== null && source.exchange_rate
            ? {
                currency: source.currency,
                amountMinor: Number(source.original_amount_cents),
                rate: source.exchange_rate,
              }
            : null,
      },
      { recurrenceSourceId: source.id, nextOccurrenceDate: null },
      now,
    );
    created.push({ householdId: source.household_id, id: row.id });
  }
  return created;
}

/** CSV of every split: date, title, category, payer, member, amount, settled. */
export function toCsv(rows: (string | number | boolean | null)[][]): string {
  const cell = (v: string | number | boolean | null) => {
    const text = v === null ? '' : String(v);
    // Quote when needed; a leading = + - @ is neutralised so spreadsheets never run it as a formula.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** The fields an edit may change, in cents and as stored. */
export interface ExpenseChanges {
  title?: string;
  amountCents?: number;
  category?: string;
  description?: string | null;
  notes?: string | null;
  paidBy?: string;
  date?: string;
  splitType?: 'equal' | 'custom' | 'percentage';
  /** Another currency it was paid in, null for the household's; undefined leaves it. */
  original?: NewExpense['original'];
}

/**
 * Edits an expense in the caller's transaction. New shares replace the old ones only when they
 * differ: payments linked to the old shares stay, as plain payments between the same members.
 */
export async function updateExpense(
  trx: Db,
  householdId: string,
  id: string,
  changes: ExpenseChanges,
  shares: { userId: string; cents: number }[] | null,
  now: number,
): Promise<void> {
  const set = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.amountCents !== undefined ? { amount_cents: changes.amountCents } : {}),
    ...(changes.category !== undefined ? { category: changes.category } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
    ...(changes.paidBy !== undefined ? { paid_by: changes.paidBy } : {}),
    ...(changes.date !== undefined ? { date: changes.date } : {}),
    ...(changes.splitType !== undefined ? { split_type: changes.splitType } : {}),
    ...(changes.original !== undefined
      ? {
          currency: changes.original?.currency ?? null,
          original_amount_cents: changes.original?.amountMinor ?? null,
          exchange_rate: changes.original?.rate ?? null,
        }
      : {}),
  };
  if (Object.keys(set).length > 0)
    await trx
      .updateTable('expenses')
      .set(set)
      .where('household_id', '=', householdId)
      .where('id', '=', id)
      .execute();
  const payer = changes.paidBy;
  if (shares) {
    await trx.deleteFrom('expense_splits').where('expense_id', '=', id).execute();
    const paidBy =
      payer ??
      (await trx.selectFrom('expenses').select('paid_by').where('id', '=', id).executeTakeFirstOrThrow())
        .paid_by;
    await trx
      .insertInto('expense_splits')
      .values(
        shares.map((share) => ({
          id: newId(),
          expense_id: id,
          household_id: householdId,
          user_id: share.userId,
          amount_cents: share.cents,
          // The payer's own share is settled from the start, as at creation.
          settled: share.userId === paidBy,
          settled_at: share.userId === paidBy ? now : null,
        })),
      )
      .execute();
  } else if (payer !== undefined) {
    // Same shares, another payer: the own-share mark moves with the payer, and links to the old
    // payer no longer settle anything.
    await trx
      .deleteFrom('payment_splits')
      .where('split_id', 'in', (eb) =>
        eb.selectFrom('expense_splits').select('id').where('expense_id', '=', id),
      )
      .execute();
    await trx
      .updateTable('expense_splits')
      .set((eb) => ({
        settled: eb.case().when('user_id', '=', payer).then(true).else(false).end(),
        settled_at: eb.case().when('user_id', '=', payer).then(now).else(null).end(),
      }))
      .where('expense_id', '=', id)
      .execute();
  }
}

/**
 * Moves an expense or a payment to the trash, or back out of it while it can still be restored;
 * false when it was not there to move.
 */
export async function setTrashed(
  trx: Db,
  table: 'expenses' | 'payments',
  householdId: string,
  id: string,
  trashed: { by: string } | null,
  now: number,
): Promise<boolean> {
  let query = trx
    .updateTable(table)
    .set(trashed ? { deleted_at: now, deleted_by: trashed.by } : { deleted_at: null, deleted_by: null })
    .where('household_id', '=', householdId)
    .where('id', '=', id);
  query = trashed
    ? query.where('deleted_at', 'is', null)
    : query.where('deleted_at', '>=', restorableSince(now));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The rate each other currency was last converted at in the household: {"EUR": "1.09"}. */
export async function lastRates(db: Db, householdId: string): Promise<Record<string, string>> {
  const latest = await db
    .selectFrom('expenses')
    .select(['currency', (eb) => eb.fn.max('created_at').as('at')])
    .where('household_id', '=', householdId)
    .where('currency', 'is not', null)
    .groupBy('currency')
    .limit(200)
    .execute();
  const rates: Record<string, string> = {};
  for (const { currency, at } of latest) {
    const row = await db
      .selectFrom('expenses')
      .select('exchange_rate')
      .where('household_id', '=', householdId)
      .where('currency', '=', currency)
      .where('created_at', '=', at)
      .orderBy('id')
      .executeTakeFirst();
    if (currency && row?.exchange_rate) rates[currency] = row.exchange_rate;
  }
  return rates;
}

/** Expenses in the trash since `since`, newest deletion first. */
export async function trashedExpenses(db: Db, householdId: string, since: number) {
  const rows = await db
    .selectFrom('expenses')
    .select(['id', 'title', 'amount_cents', 'date', 'deleted_at', 'deleted_by'])
    .where('household_id', '=', householdId)
    .where('deleted_at', '>=', since)
    .orderBy('deleted_at', 'desc')
    .limit(500)
    .execute();
  const exponent = currencyExponent(await householdCurrency(db, householdId));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    amount: formatAmount(r.amount_cents, exponent),
    date: r.date,
    deletedAt: new Date(r.deleted_at!).toISOString(),
    deletedBy: r.deleted_by,
  }));
}

/**
 * Empties the trash of what was deleted before `before`, for good: the expenses with their
 * shares and receipts, and the payments.
 */
export async function purgeTrash(db: Db, before: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const receipts = await trx
      .selectFrom('expenses')
      .select('receipt_image_id')
      .where('deleted_at', '<', before)
      .where('receipt_image_id', 'is not', null)
      .execute();
    await trx.deleteFrom('expenses').where('deleted_at', '<', before).execute();
    await trx.deleteFrom('payments').where('deleted_at', '<', before).execute();
    const ids = receipts.map((r) => r.receipt_image_id!);
    if (ids.length > 0) await trx.deleteFrom('images').where('id', 'in', ids).execute();
  });
}
