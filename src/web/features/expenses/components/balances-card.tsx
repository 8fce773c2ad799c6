import { useId, useState } from 'react';
import { extractErrorMessage } from '#shared/errors.ts';
import {
  type ExpenseView,
  expenseDateText,
  type HouseholdBalances,
  isBetween,
  openSharesOwed,
  type TransferView,
  toCents,
} from '#shared/expense-view.ts';
import { formatMoney, parseDollarsToCents } from '#shared/money.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ChevronDownIcon } from '../../../components/page-icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles, cardStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useSettleUp } from '../api/settle-up.ts';

interface Props {
  balances: HouseholdBalances | undefined;
  failed: boolean;
  expenses: ExpenseView[];
  nameOf: (userId: string) => string;
  viewerId: string;
}

function summary(transfers: TransferView[]): string {
  if (transfers.length === 0) return 'Everyone is settled up';
  return transfers.length === 1
    ? '1 payment settles everything'
    : `${transfers.length} payments settle everything`;
}

/**
 * 'Simplified Balances': the fewest payments that settle the household, or with the switch each
 * person-to-person debt. Each payment opens to the expenses behind it; the one who pays can
 * settle up with the person they owe.
 */
export function BalancesCard({ balances, failed, expenses, nameOf, viewerId }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pairwise, setPairwise] = useState(false);
  const [settling, setSettling] = useState<string | null>(null);
  const settleUp = useSettleUp();
  // Payments you make first, then those you receive, then the rest of the household's.
  const involvement = (t: TransferView) => (t.from === viewerId ? 0 : t.to === viewerId ? 1 : 2);
  const transfers = [...(balances ? (pairwise ? balances.pairwise : balances.simplified) : [])].sort(
    (x, y) => involvement(x) - involvement(y),
  );
  const owed = settling ? openSharesOwed(expenses, viewerId, settling) : null;
  // Settle-up marks only what you owe them; what they owe you stays open.
  const reverse = settling ? openSharesOwed(expenses, settling, viewerId) : null;

  return (
    <section aria-labelledby={`${id}-title`} className={cardStyles}>
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((value) => !value)}
          className="-m-2 flex w-[calc(100%+1rem)] items-center gap-3 rounded-xl p-2 text-left"
        >
          <span className="flex-1">
            <span className="block">Simplified Balances</span>
            {balances && (
              <span className={`block font-normal text-sm ${mutedText}`}>{summary(balances.simplified)}</span>
            )}
          </span>
          <ChevronDownIcon className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="mt-4 space-y-4">
        {failed ? (
          <p className={`text-sm ${mutedText}`}>Balances could not be loaded. Please try again later.</p>
        ) : !balances ? (
          <Spinner label="Loading balances" />
        ) : (
          <>
            <Switch
              label="Person to person"
              description={
                pairwise
                  ? 'Each debt between two people, without simplifying'
                  : 'Off: the fewest payments that settle everyone'
              }
              checked={pairwise}
              onChange={setPairwise}
            />
            {transfers.length === 0 ? (
              <p className={`text-sm ${mutedText}`}>Everyone is settled up. Nobody owes anything.</p>
            ) : (
              <ul
                className="space-y-2"
                aria-label={pairwise ? 'Debts person to person' : 'Suggested payments'}
              >
                {transfers.map((transfer) => (
                  <TransferRow
                    key={`${transfer.from}-${transfer.to}`}
                    transfer={transfer}
                    expenses={expenses}
                    nameOf={nameOf}
                    viewerId={viewerId}
                    pairwise={pairwise}
                    onSettleUp={() => {
                      settleUp.reset();
                      setSettling(transfer.to);
                    }}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={settling !== null}
        title={settling ? `Settle up with ${nameOf(settling)}?` : ''}
        confirmLabel="Settle up"
        busyLabel="Settling up..."
        busy={settleUp.isPending}
        tone="primary"
        onCancel={() => setSettling(null)}
        onConfirm={() => settling && settleUp.mutate(settling, { onSuccess: () => setSettling(null) })}
      >
        {settling && owed && (
          <>
            <p>
              This marks what you owe {nameOf(settling)} for{' '}
              {owed.expenses === 1 ? '1 expense' : `${owed.expenses} expenses`} as settled:{' '}
              <strong>{formatMoney(owed.cents)}</strong>.
            </p>
            {reverse && reverse.cents > 0 && (
              <p>
                What {nameOf(settling)} owes you ({formatMoney(reverse.cents)}) stays open until they settle
                it.
              </p>
            )}
            <p>Do this once you have paid them. It cannot be undone.</p>
          </>
        )}
        {settleUp.isError && (
          <p role="alert" className={errorText}>
            Settling up failed: {extractErrorMessage(settleUp.error.message) || 'please try again.'}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function TransferRow({
  transfer,
  expenses,
  nameOf,
  viewerId,
  pairwise,
  onSettleUp,
}: {
  transfer: TransferView;
  expenses: ExpenseView[];
  nameOf: (userId: string) => string;
  viewerId: string;
  pairwise: boolean;
  onSettleUp: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const loaded = transfer.expenseIds
    .map((expenseId) => expenses.find((e) => e.id === expenseId))
    .filter((e): e is ExpenseView => e !== undefined);
  const notLoaded = transfer.expenseIds.length - loaded.length;
  // A person-to-person debt comes only from the expenses between those two.
  const behind = pairwise ? loaded.filter((e) => isBetween(e, transfer.from, transfer.to)) : loaded;
  const yours = transfer.from === viewerId;
  const direct = yours && openSharesOwed(expenses, viewerId, transfer.to).cents > 0;
  const today = new Date();

  return (
    <li data-testid="transfer" className="rounded-xl border border-slate-200 dark:border-slate-700">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-why`}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2 rounded-xl p-3 text-left"
      >
        <span className="flex-1">
          {nameOf(transfer.from)} owes {nameOf(transfer.to)}{' '}
          <strong className="whitespace-nowrap">{formatMoney(toCents(transfer.amount))}</strong>
        </span>
        <ChevronDownIcon className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={`${id}-why`} hidden={!open} className="space-y-1.5 px-3 pb-3 text-sm">
        <p className={mutedText}>{pairwise ? 'From these expenses:' : 'Behind this payment:'}</p>
        <ul className="space-y-1">
          {behind.map((expense) => (
            <li key={expense.id} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">
                {expense.title} <span className={mutedText}>· {expenseDateText(expense.date, today)}</span>
              </span>
              <span className="whitespace-nowrap">
                {formatMoney(parseDollarsToCents(expense.amount) ?? 0)}
              </span>
            </li>
          ))}
          {notLoaded > 0 && (
            <li className={mutedText}>
              {notLoaded === 1 ? '1 older expense' : `${notLoaded} older expenses`} not loaded yet
            </li>
          )}
        </ul>
      </div>
      {yours && (
        <div className="border-slate-200 border-t px-3 py-2 dark:border-slate-700">
          {direct ? (
            <button
              type="button"
              aria-label={`Settle up with ${nameOf(transfer.to)}`}
              onClick={onSettleUp}
              className={`${buttonStyles.primary} w-full px-4 py-2`}
            >
              Settle up
            </button>
          ) : (
            <p className={`text-xs ${mutedText}`}>
              This payment combines debts between several people. Settle each one in the person-to-person
              view.
            </p>
          )}
        </div>
      )}
    </li>
  );
}
