import { type ReactNode, type Ref, useId } from 'react';
import type { ExpenseView } from '#shared/expenses/api.ts';
import { expenseDateText } from '#shared/expenses/view.ts';
import { ChevronDownIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useMoney } from '../../households/index.ts';
import { type NameOf, yourShare } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';
import { CategoryIcon } from './category-icon.tsx';

const SHARE_STYLE = {
  lent: 'text-emerald-800 dark:text-emerald-300',
  borrowed: 'text-orange-800 dark:text-orange-300',
  none: mutedText,
} as const;

/**
 * One expense in the list: title · who paid · what it means for you · date (docs/expenses.md, The
 * list). Pressing it opens the details: below it on phones (`children`), in the right pane from md.
 */
export function ExpenseRow({
  expense,
  viewerId,
  nameOf,
  today,
  index,
  selected,
  onOpen,
  rowRef,
  detailId,
  children,
}: {
  expense: ExpenseView;
  viewerId: string;
  nameOf: NameOf;
  today: Date;
  /** Its place in the list, for the scroll benchmark (bench/scroll.ts). */
  index: number;
  selected: boolean;
  /** Called with the expense's id (one function for every row, so rows need not render again). */
  onOpen: (id: string) => void;
  rowRef: Ref<HTMLLIElement>;
  /** The element the row opens, for `aria-controls`. */
  detailId: string;
  children?: ReactNode;
}) {
  const id = useId();
  const money = useMoney();
  const words = useWords();
  const { t } = words;
  const payer = expense.paidBy ? nameOf(expense.paidBy) : t('expenses.formerMember');
  const share = yourShare(expense, viewerId, money.parse);

  return (
    <li ref={rowRef} data-key={`expense-${expense.id}`} data-row-index={index} className="pb-2">
      <div
        data-testid="expense-card"
        data-selected={selected}
        className={`rounded-xl border bg-white shadow-sm dark:bg-slate-900 ${
          selected ? 'border-blue-600 dark:border-blue-400' : 'border-slate-200 dark:border-slate-800'
        }`}
      >
        <div className="relative flex items-center gap-3 px-3 py-2.5">
          <CategoryIcon category={expense.category} small />
          <div className="min-w-0 flex-1">
            <h3 id={`${id}-title`} className="truncate font-semibold">
              {expense.title}
            </h3>
            <p id={`${id}-meta`} className={`truncate text-sm ${mutedText}`}>
              {t('expenses.row.paid', { name: payer, amount: money.text(expense.amount) })} ·{' '}
              {expenseDateText(expense.date, today, words)}
            </p>
          </div>
          <p id={`${id}-share`} className={`shrink-0 text-right text-sm ${SHARE_STYLE[share.kind]}`}>
            {share.kind === 'none' ? (
              t('expenses.row.notInvolved')
            ) : (
              <>
                <span className="block text-xs">
                  {t(share.kind === 'lent' ? 'expenses.row.lent' : 'expenses.row.borrowed')}
                </span>
                <span className="block font-semibold">{money.format(share.cents)}</span>
              </>
            )}
          </p>
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-4 shrink-0 text-slate-500 transition-transform ${selected ? 'rotate-180' : ''}`}
          />
          {/* The whole row is the button; its name is what the row says. */}
          <button
            type="button"
            aria-expanded={selected}
            aria-controls={detailId}
            aria-labelledby={`${id}-title ${id}-meta ${id}-share`}
            onClick={() => onOpen(expense.id)}
            className="absolute inset-0 rounded-xl focus-visible:outline-2 focus-visible:outline-blue-600"
          />
        </div>
        {children}
      </div>
    </li>
  );
}
