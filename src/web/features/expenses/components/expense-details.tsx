import { useId } from 'react';
import { Link } from 'react-router';
import type { ExpenseSplitView, ExpenseView } from '#shared/expenses/api.ts';
import {
  canSettleSplit,
  categoryLabel,
  expenseDateText,
  formatDay,
  type RecurringInterval,
} from '#shared/expenses/view.ts';
import { moneyFormat } from '#shared/money.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { PencilIcon, RepeatIcon } from '../../../components/page-icons.tsx';
import { buttonStyles, mutedText } from '../../../components/ui.ts';
import { T } from '../../../lib/i18n.tsx';
import { useMoney } from '../../households/index.ts';
import { useWords } from '../use-words.ts';
import { CategoryIcon } from './category-icon.tsx';
import { DeleteExpenseButton } from './delete-expense-button.tsx';
import { ReceiptField } from './receipt-field.tsx';

export interface ExpenseActions {
  settle: (split: ExpenseSplitView) => void;
  /** The split being settled right now, if any. */
  settlingId: string | null;
}

/**
 * An expense's details: what, how much, when, who paid, each share and what is settled, with
 * Settle, Edit, Delete and the receipt (docs/expenses.md, The expense's details). Opened from its
 * row: in place on phones (`inRow`, the row shows the title), in the right pane from md.
 */
export function ExpenseDetails({
  expense,
  viewerId,
  nameOf,
  today,
  memberOrder,
  actions,
  inRow = false,
}: {
  expense: ExpenseView;
  viewerId: string;
  /** Household members in order: shares are listed that way, former members last. */
  memberOrder: string[];
  nameOf: (userId: string | null, fallback?: ExpenseSplitView['user']) => string;
  today: Date;
  actions: ExpenseActions;
  inRow?: boolean;
}) {
  const id = useId();
  const money = useMoney();
  const words = useWords();
  const { t, locale } = words;
  const payer = expense.paidBy ? nameOf(expense.paidBy, expense.paidByUser) : t('expenses.formerMember');
  const partial = !expense.fullySettled && expense.settledPercent > 0;
  const interval = expense.recurrenceFrequency as RecurringInterval | null;
  const rank = (userId: string | null) => {
    const i = userId ? memberOrder.indexOf(userId) : -1;
    return i === -1 ? memberOrder.length : i;
  };
  const splits = [...expense.splits].sort((a, b) => rank(a.userId) - rank(b.userId));

  return (
    <div
      data-testid="expense-detail"
      className={
        inRow
          ? 'space-y-3 border-slate-200 border-t p-4 dark:border-slate-800'
          : 'space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900'
      }
    >
      <div className="flex items-start gap-3">
        {!inRow && <CategoryIcon category={expense.category} />}
        <div className="min-w-0 flex-1">
          {!inRow && (
            <h2 id={`${id}-title`} className="break-words font-semibold text-lg">
              {expense.title}
            </h2>
          )}
          <p className={`text-sm ${mutedText}`}>
            {expenseDateText(expense.date, today, words)} · {categoryLabel(expense.category, t)}
          </p>
          <p className="text-sm">{t('expenses.card.paidBy', { name: payer })}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="font-bold text-lg">{money.text(expense.amount)}</p>
          {expense.original && <OriginalAmount expense={expense} />}
          {expense.fullySettled ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 text-xs dark:bg-emerald-950 dark:text-emerald-200">
              <CheckIcon className="size-3.5" />
              {t('expenses.card.settled')}
            </span>
          ) : partial ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs dark:bg-amber-950 dark:text-amber-200">
              {t('expenses.card.percentSettled', { percent: expense.settledPercent })}
            </span>
          ) : null}
        </div>
      </div>

      {partial && (
        <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
          <div
            className="h-full rounded-full bg-emerald-600"
            style={{ width: `${expense.settledPercent}%` }}
          />
        </div>
      )}

      {expense.description && <p className="break-words text-sm">{expense.description}</p>}
      {expense.isRecurring && interval && (
        <p className={`inline-flex items-center gap-1.5 text-xs ${mutedText}`}>
          <RepeatIcon className="size-3.5" />
          {expense.recurringEndDate
            ? t('expenses.card.repeatsUntil', {
                interval,
                until: formatDay(expense.recurringEndDate, locale),
              })
            : t('expenses.card.repeats', { interval })}
        </p>
      )}

      <ul
        aria-label={t('expenses.card.sharesOf', { title: expense.title })}
        className="divide-y divide-slate-200 dark:divide-slate-800"
      >
        {splits.map((split) => {
          const name = nameOf(split.userId, split.user);
          const own = split.userId === expense.paidBy;
          return (
            <li key={split.id} data-testid="split" className="flex items-center gap-2 py-2 text-sm">
              {split.user ? <Avatar user={split.user} size="xs" /> : null}
              <span className="min-w-0 flex-1 break-words">{name}</span>
              <span className="font-medium">{money.text(split.amount)}</span>
              <span className="flex w-24 justify-end">
                {own ? (
                  <span className={`text-xs ${mutedText}`}>{t('expenses.card.paid')}</span>
                ) : split.settled ? (
                  <span className="inline-flex items-center gap-1 font-medium text-emerald-800 text-xs dark:text-emerald-300">
                    <CheckIcon className="size-3.5" />
                    {t('expenses.card.settled')}
                  </span>
                ) : canSettleSplit(expense, split, viewerId) ? (
                  <button
                    type="button"
                    aria-label={t('expenses.card.settleShare', { name, title: expense.title })}
                    disabled={actions.settlingId === split.id}
                    onClick={() => actions.settle(split)}
                    className={`${buttonStyles.secondary} px-3 py-1 text-xs`}
                  >
                    {t('expenses.card.settle')}
                  </button>
                ) : (
                  <span className={`text-xs ${mutedText}`}>{t('expenses.card.owes')}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>

      <div className="flex flex-wrap items-center gap-3">
        {expense.receiptUrl && (
          <a
            href={expense.receiptUrl}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-2 rounded-lg text-sm underline-offset-2 hover:underline"
          >
            <img
              src={expense.receiptUrl}
              alt=""
              className="size-12 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
            />
            <span>
              <T
                id="expenses.card.receipt"
                values={{ title: expense.title }}
                components={{ 0: <span className="sr-only" /> }}
              />
            </span>
          </a>
        )}
        {viewerId === expense.paidBy && <ReceiptField expense={expense} />}
        <div className="ml-auto flex items-center gap-1">
          <Link
            to={`/expenses/${encodeURIComponent(expense.id)}/edit`}
            aria-label={t('expenses.card.editLabel', { title: expense.title })}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold text-slate-700 text-sm hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <PencilIcon className="size-4" />
            {t('expenses.card.edit')}
          </Link>
          {/* A fully settled expense stays: its payments are part of the ledger. */}
          {!expense.fullySettled && <DeleteExpenseButton expense={expense} />}
        </div>
      </div>
    </div>
  );
}

/** "€40.00 · $43.60 at 1.09": what was paid in another currency, and what it counts for here. */
function OriginalAmount({ expense }: { expense: ExpenseView }) {
  const money = useMoney();
  const { t } = useWords();
  const original = expense.original!;
  const paid = moneyFormat(original.currency, money.locale).text(original.amount);
  const rate = new Intl.NumberFormat(money.locale, { maximumFractionDigits: 8 }).format(
    Number(original.exchangeRate),
  );
  return (
    <p data-testid="original-amount" className={`text-right text-xs ${mutedText}`}>
      {t('expenses.card.original', { paid, amount: money.text(expense.amount), rate })}
    </p>
  );
}
