import { useId, useState } from 'react';
import type { DebtView } from '#shared/expenses/api.ts';
import { ChevronDownIcon } from '../../../components/page-icons.tsx';
import { buttonStyles } from '../../../components/ui.ts';
import { useMoney } from '../../households/index.ts';
import type { DebtViewKind } from '../api/get-explanation.ts';
import { debtSentence, type NameOf } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';
import { DebtExplanation } from './debt-explanation.tsx';

/**
 * One debt shown: it opens to the lines behind it; the member who owes can settle it up (a
 * payment of exactly this amount) or record a payment of another amount.
 */
export function DebtRow({
  debt,
  view,
  viewerId,
  nameOf,
  onSettleUp,
  onRecordPayment,
}: {
  debt: DebtView;
  view: DebtViewKind;
  viewerId: string;
  nameOf: NameOf;
  onSettleUp: () => void;
  onRecordPayment: () => void;
}) {
  const money = useMoney();
  const { t } = useWords();
  const id = useId();
  const [open, setOpen] = useState(false);
  const creditor = nameOf(debt.to);
  return (
    <li data-testid="debt" className="rounded-xl border border-slate-200 dark:border-slate-700">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-why`}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2 rounded-xl p-3 text-left"
      >
        <span className="flex-1 font-medium">{debtSentence(debt, viewerId, nameOf, money, t)}</span>
        <ChevronDownIcon className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={`${id}-why`} hidden={!open} className="space-y-1.5 px-3 pb-3 text-sm">
        <DebtExplanation
          from={debt.from}
          to={debt.to}
          view={view}
          open={open}
          viewerId={viewerId}
          nameOf={nameOf}
        />
      </div>
      {debt.from === viewerId && (
        <div className="flex flex-wrap gap-2 border-slate-200 border-t px-3 py-2 dark:border-slate-700">
          <button
            type="button"
            aria-label={t('expenses.debt.settleUpWith', { name: creditor })}
            onClick={onSettleUp}
            className={`${buttonStyles.primary} flex-auto whitespace-nowrap px-3 py-2 text-sm`}
          >
            {t('expenses.debt.settleUp')}
          </button>
          <button
            type="button"
            aria-label={t('expenses.debt.recordPaymentTo', { name: creditor })}
            onClick={onRecordPayment}
            className={`${buttonStyles.secondary} flex-auto whitespace-nowrap px-3 py-2 text-sm`}
          >
            {t('expenses.debt.recordPayment')}
          </button>
        </div>
      )}
    </li>
  );
}
