import { type BalanceTotals, toCents } from '#shared/expense-view.ts';
import { formatMoney } from '#shared/money.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';

/** 'Your Balance': what the household owes you and what you owe it, over open shares (SPEC §2, §5). */
export function BalanceCard({ balance, failed }: { balance: BalanceTotals | undefined; failed: boolean }) {
  return (
    <section aria-labelledby="your-balance-title" className={`${cardStyles} space-y-3`}>
      <h2 id="your-balance-title" className="font-semibold text-lg">
        Your Balance
      </h2>
      {failed ? (
        <p className={`text-sm ${mutedText}`}>Your balance could not be loaded. Please try again later.</p>
      ) : !balance ? (
        <Spinner label="Loading your balance" />
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-emerald-50 p-3 dark:bg-emerald-950">
            <dt className="font-medium text-emerald-900 text-sm dark:text-emerald-200">You're Owed</dt>
            <dd
              data-testid="balance-owed"
              className="font-bold text-2xl text-emerald-800 dark:text-emerald-300"
            >
              {formatMoney(toCents(balance.totalOwed))}
            </dd>
          </div>
          <div className="rounded-xl bg-red-50 p-3 dark:bg-red-950">
            <dt className="font-medium text-red-900 text-sm dark:text-red-200">You Owe</dt>
            <dd data-testid="balance-owing" className="font-bold text-2xl text-red-800 dark:text-red-300">
              {formatMoney(toCents(balance.totalOwing))}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
