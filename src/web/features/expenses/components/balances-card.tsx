import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '#shared/errors.ts';
import type { DebtView, HouseholdBalancesView, PaymentView } from '#shared/expenses/api.ts';
import { formatMoney } from '#shared/money.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { Switch } from '../../../components/switch.tsx';
import { buttonStyles, cardStyles, errorText, mutedText } from '../../../components/ui.ts';
import { newClientId } from '../api/create-payment.ts';
import { useSetSimplifyDebts } from '../api/set-simplify-debts.ts';
import { useSettleUp } from '../api/settle-up.ts';
import { debtCents, type NameOf, paymentSentence } from '../ledger-words.ts';
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

function summary(debts: DebtView[]): string {
  if (debts.length === 0) return 'Everyone is settled up';
  return debts.length === 1 ? '1 payment settles everything' : `${debts.length} payments settle everything`;
}

/**
 * 'Balances': who owes whom in the household's view (simplified or person to person, a setting
 * any member can switch). Each debt opens to the lines behind it; the member who owes settles it
 * up or records a payment.
 */
export function BalancesCard({ balances, failed, nameOf, viewerId, otherIds }: Props) {
  const id = useId();
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
    setDone({ text: `Recorded: ${paymentSentence(payment, viewerId, nameOf)}.` });
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
          Balances
        </h2>
        {balances && <p className={`text-sm ${mutedText}`}>{summary(debts)}</p>}
      </div>
      {failed ? (
        <p className={`text-sm ${mutedText}`}>Balances could not be loaded. Please try again later.</p>
      ) : !balances ? (
        <Spinner label="Loading balances" />
      ) : (
        <>
          <Switch
            label="Simplify debts"
            description={
              simplified
                ? 'On for the household: the fewest payments that settle everyone'
                : 'Off for the household: each debt between two people'
            }
            checked={simplified}
            // Not disabled while saving: a disabled switch would drop the keyboard focus.
            onChange={(value) => !setting.isPending && setting.mutate(value)}
          />
          {setting.isError && (
            <p role="alert" className={errorText}>
              The setting was not changed: {errorMessage(setting.error.message)}
            </p>
          )}
          {debts.length === 0 ? (
            <p className={`text-sm ${mutedText}`}>Everyone is settled up. Nobody owes anything.</p>
          ) : (
            <ul
              className="space-y-2"
              aria-label={simplified ? 'Suggested payments' : 'Debts person to person'}
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
                    openPayment({ otherId: debt.to, youPaid: true, cents: debtCents(debt) })
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
          Record a payment
        </button>
      )}

      <ConfirmDialog
        open={settling !== null}
        title={settling ? `Settle up with ${nameOf(settling.to)}?` : ''}
        confirmLabel="Settle up"
        busyLabel="Settling up..."
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
              Record that you paid {nameOf(settling.to)} <strong>{formatMoney(debtCents(settling))}</strong>.
            </p>
            <p>Do this once you have paid them. If it was a mistake, delete the payment from the history.</p>
          </>
        )}
        {settleUp.isError && (
          <p role="alert" className={errorText}>
            Settling up failed: {errorMessage(settleUp.error.message)}
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
