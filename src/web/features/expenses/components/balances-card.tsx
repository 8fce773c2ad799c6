import { useEffect, useId, useRef, useState } from 'react';
import type { DebtView, HouseholdBalancesView, PaymentView } from '#shared/expenses/api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles, cardStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { T } from '../../../lib/i18n.tsx';
import { useMoney } from '../../households/index.ts';
import { newClientId } from '../api/create-payment.ts';
import { useSetSimplifyDebts } from '../api/set-simplify-debts.ts';
import { useSettleUp } from '../api/settle-up.ts';
import { debtCents, type NameOf, paymentSentence } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';
import { DebtRow } from './debt-row.tsx';
import { PaymentDialog, type PaymentDraft } from './payment-dialog.tsx';

interface Props {
  balances: HouseholdBalancesView | undefined;
  failed: boolean;
  nameOf: NameOf;
  viewerId: string;
  /** The other members of the household, in its order. */
  otherIds: string[];
}

/**
 * 'Balances': who owes whom in the household's view (simplified or person to person, a setting
 * any member can switch). Each debt opens to the lines behind it; the member who owes settles it
 * up or records a payment.
 */
export function BalancesCard({ balances, failed, nameOf, viewerId, otherIds }: Props) {
  const id = useId();
  const money = useMoney();
  const { t } = useWords();
  const inLanguage = useErrorText();
  const settleUp = useSettleUp();
  const setting = useSetSimplifyDebts();
  // The debt being settled, with the clientId of this opening of the confirmation.
  const [settling, setSettling] = useState<(DebtView & { clientId: string }) | null>(null);
  // Each opening of the payment dialog mounts it afresh (its own clientId, its own fields).
  const [paying, setPaying] = useState<{ opening: number; draft: PaymentDraft | null; open: boolean } | null>(
    null,
  );
  const openings = useRef(0);
  const [done, setDone] = useState<{ text: string } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // After a payment is recorded the debt's row may go: the focus moves to the words saying what was done.
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  const simplified = balances?.simplifyDebts ?? true;
  // Debts you pay first, then those paid to you, then the rest of the household's.
  const involvement = (d: DebtView) => (d.from === viewerId ? 0 : d.to === viewerId ? 1 : 2);
  const debts = [...(balances ? (simplified ? balances.simplified : balances.pairwise) : [])].sort(
    (x, y) => involvement(x) - involvement(y),
  );

  const recorded = (payment: PaymentView) =>
    setDone({
      text: t('expenses.balances.recorded', {
        sentence: paymentSentence(payment, viewerId, nameOf, money, t),
      }),
    });
  const openPayment = (draft: PaymentDraft | null) => {
    openings.current += 1;
    setPaying({ opening: openings.current, draft, open: true });
  };
  // Closed rather than unmounted, so the dialog gives the focus back to the button that opened it.
  const closePayment = () => setPaying((value) => value && { ...value, open: false });

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t('expenses.balances.title')}
        </h2>
        {balances && (
          <p className={`text-sm ${mutedText}`}>{t('expenses.balances.summary', { count: debts.length })}</p>
        )}
      </div>
      {failed ? (
        <p className={`text-sm ${mutedText}`}>{t('expenses.balances.failed')}</p>
      ) : !balances ? (
        <Spinner label={t('expenses.balances.loading')} />
      ) : (
        <>
          <Switch
            label={t('expenses.balances.simplify')}
            description={simplified ? t('expenses.balances.simplifyOn') : t('expenses.balances.simplifyOff')}
            checked={simplified}
            // Not disabled while saving: a disabled switch would drop the keyboard focus.
            onChange={(value) => !setting.isPending && setting.mutate(value)}
          />
          {setting.isError && (
            <p role="alert" className={errorText}>
              {t('expenses.balances.settingFailed', { error: inLanguage(setting.error) })}
            </p>
          )}
          {debts.length === 0 ? (
            <p className={`text-sm ${mutedText}`}>{t('expenses.balances.empty')}</p>
          ) : (
            <ul
              className="space-y-2"
              aria-label={simplified ? t('expenses.balances.suggested') : t('expenses.balances.pairwise')}
            >
              {debts.map((debt) => (
                <DebtRow
                  key={`${simplified}-${debt.from}-${debt.to}`}
                  debt={debt}
                  view={simplified ? 'simplified' : 'pairwise'}
                  viewerId={viewerId}
                  nameOf={nameOf}
                  onSettleUp={() => {
                    settleUp.reset();
                    setSettling({ ...debt, clientId: newClientId() });
                  }}
                  onRecordPayment={() =>
                    openPayment({ otherId: debt.to, youPaid: true, cents: debtCents(debt, money) })
                  }
                />
              ))}
            </ul>
          )}
        </>
      )}
      {/* Kept in the page (out of sight while empty) so that what appears in it is announced. */}
      <p ref={statusRef} role="status" tabIndex={-1} className={done ? 'font-medium text-sm' : 'sr-only'}>
        {done?.text}
      </p>
      {otherIds.length > 0 && (
        <button
          type="button"
          className={`${buttonStyles.secondary} w-full`}
          onClick={() => openPayment(null)}
        >
          {t('expenses.debt.recordPayment')}
        </button>
      )}

      <ConfirmDialog
        open={settling !== null}
        title={settling ? t('expenses.settle.title', { name: nameOf(settling.to) }) : ''}
        confirmLabel={t('expenses.debt.settleUp')}
        busyLabel={t('expenses.settle.busy')}
        busy={settleUp.isPending}
        tone="primary"
        onCancel={() => setSettling(null)}
        onConfirm={() =>
          settling &&
          settleUp.mutate(
            { toUserId: settling.to, clientId: settling.clientId },
            {
              onSuccess: ({ payment }) => {
                setSettling(null);
                recorded(payment);
              },
            },
          )
        }
      >
        {settling && (
          <>
            <p>
              <T
                id="expenses.settle.body"
                values={{ name: nameOf(settling.to), amount: money.format(debtCents(settling, money)) }}
                components={{ 0: <strong /> }}
              />
            </p>
            <p>{t('expenses.settle.hint')}</p>
          </>
        )}
        {settleUp.isError && (
          <p role="alert" className={errorText}>
            {t('expenses.settle.failed', { error: inLanguage(settleUp.error) })}
          </p>
        )}
      </ConfirmDialog>

      {paying && (
        <PaymentDialog
          key={paying.opening}
          open={paying.open}
          draft={paying.draft}
          viewerId={viewerId}
          otherIds={otherIds}
          nameOf={nameOf}
          onClose={closePayment}
          onRecorded={(payment) => {
            closePayment();
            recorded(payment);
          }}
        />
      )}
    </section>
  );
}
