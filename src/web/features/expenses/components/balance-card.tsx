import type { BalanceTotalsView } from '#shared/expenses/api.ts';
import { netSentence } from '#shared/expenses/ledger.ts';
import { toCents } from '#shared/expenses/view.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';
import { useMoney } from '../../households/index.ts';
import { useWords } from '../use-words.ts';

const neutralTile = 'rounded-xl bg-slate-100 p-3 dark:bg-slate-800';

/**
 * 'Your Balance': your net over the whole ledger in words, then what you are owed and what you
 * owe in the debts shown. A zero is never shown as a debt: it stays neutral.
 */
export function BalanceCard({
  balance,
  failed,
}: {
  balance: BalanceTotalsView | undefined;
  failed: boolean;
}) {
  const money = useMoney();
  const { t } = useWords();
  const net = balance ? toCents(balance.net, money) : 0;
  const owed = balance ? toCents(balance.totalOwed, money) : 0;
  const owing = balance ? toCents(balance.totalOwing, money) : 0;
  return (
    <section aria-labelledby="your-balance-title" className={`${cardStyles} space-y-3`}>
      <h2 id="your-balance-title" className="font-semibold text-lg">
        {t('expenses.balance.title')}
      </h2>
      {failed ? (
        <p className={`text-sm ${mutedText}`}>{t('expenses.balance.failed')}</p>
      ) : !balance ? (
        <Spinner label={t('expenses.balance.loading')} />
      ) : (
        <>
          <p
            data-testid="balance-net"
            className={`font-bold text-xl ${
              net > 0
                ? 'text-emerald-800 dark:text-emerald-300'
                : net < 0
                  ? 'text-red-800 dark:text-red-300'
                  : 'text-slate-900 dark:text-slate-100'
            }`}
          >
            {netSentence(net, money.format, t)}
          </p>
          <dl className="grid grid-cols-2 gap-3">
            <div className={owed > 0 ? 'rounded-xl bg-emerald-50 p-3 dark:bg-emerald-950' : neutralTile}>
              <dt
                className={`font-medium text-sm ${owed > 0 ? 'text-emerald-900 dark:text-emerald-200' : mutedText}`}
              >
                {t('expenses.balance.owed')}
              </dt>
              <dd
                data-testid="balance-owed"
                className={`font-bold text-2xl ${owed > 0 ? 'text-emerald-800 dark:text-emerald-300' : ''}`}
              >
                {money.format(owed)}
              </dd>
            </div>
            <div className={owing > 0 ? 'rounded-xl bg-red-50 p-3 dark:bg-red-950' : neutralTile}>
              <dt
                className={`font-medium text-sm ${owing > 0 ? 'text-red-900 dark:text-red-200' : mutedText}`}
              >
                {t('expenses.balance.owing')}
              </dt>
              <dd
                data-testid="balance-owing"
                className={`font-bold text-2xl ${owing > 0 ? 'text-red-800 dark:text-red-300' : ''}`}
              >
                {money.format(owing)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
