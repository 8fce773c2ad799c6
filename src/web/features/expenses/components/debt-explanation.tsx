import { errorMessage } from '#shared/errors.ts';
import type { ExplanationView, MemberNetView } from '#shared/expenses/api.ts';
import { expenseDateText } from '#shared/expenses/view.ts';
import { formatMoney } from '#shared/money.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { mutedText } from '../../../components/ui.ts';
import { type DebtViewKind, useExplanation } from '../api/get-explanation.ts';
import { type NameOf, pairLineText, signedCents, signedMoney } from '../ledger-words.ts';

/** Why `from` owes `to` what the card shows, read from the server only while open. */
export function DebtExplanation({
  from,
  to,
  view,
  open,
  viewerId,
  nameOf,
}: {
  from: string;
  to: string;
  view: DebtViewKind;
  open: boolean;
  viewerId: string;
  nameOf: NameOf;
}) {
  const explanation = useExplanation(from, to, view, open);
  if (!open) return null;
  if (explanation.isError) {
    return (
      <p className={mutedText}>
        The explanation could not be loaded: {errorMessage(explanation.error.message)}
      </p>
    );
  }
  if (!explanation.data) return <Spinner label="Loading the explanation" />;
  const data = explanation.data;
  return data.view === 'pairwise' ? (
    <PairwiseLines data={data} viewerId={viewerId} nameOf={nameOf} />
  ) : (
    <SimplifiedLines data={data} viewerId={viewerId} nameOf={nameOf} />
  );
}

const money = (amount: string) => formatMoney(signedCents(amount));

function PairwiseLines({
  data,
  viewerId,
  nameOf,
}: {
  data: Extract<ExplanationView, { view: 'pairwise' }>;
  viewerId: string;
  nameOf: NameOf;
}) {
  const today = new Date();
  return (
    <div className="space-y-2">
      <p className={mutedText}>Each share between the two of you, less the payments between you:</p>
      <ul aria-label="Shares and payments" className="divide-y divide-slate-200 dark:divide-slate-800">
        {data.lines.map((line) => {
          const text = pairLineText(line, data.from, data.to, viewerId, nameOf);
          return (
            <li key={`${line.kind}-${line.id}`} data-testid="explain-line" className="flex gap-3 py-1.5">
              <span className="min-w-0 flex-1 break-words">
                <span className="block">{text.title}</span>
                <span className={`block text-xs ${mutedText}`}>
                  {expenseDateText(line.date, today)}
                  {text.detail ? ` · ${text.detail}` : ''}
                </span>
              </span>
              <span className="whitespace-nowrap font-medium">{signedMoney(signedCents(line.amount))}</span>
            </li>
          );
        })}
      </ul>
      <Total amount={data.amount} />
    </div>
  );
}

function SimplifiedLines({
  data,
  viewerId,
  nameOf,
}: {
  data: Extract<ExplanationView, { view: 'simplified' }>;
  viewerId: string;
  nameOf: NameOf;
}) {
  return (
    <div className="space-y-2">
      <p>{data.reason}</p>
      <p className={mutedText}>
        Each net: paid for expenses − own shares + payments made − payments received.
      </p>
      <ul aria-label="Each member's net" className="divide-y divide-slate-200 dark:divide-slate-800">
        {data.members.map((member) => (
          <MemberNet key={member.userId} member={member} viewerId={viewerId} nameOf={nameOf} />
        ))}
      </ul>
      <Total amount={data.amount} />
    </div>
  );
}

function MemberNet({
  member,
  viewerId,
  nameOf,
}: {
  member: MemberNetView;
  viewerId: string;
  nameOf: NameOf;
}) {
  return (
    <li data-testid="explain-member" className="py-1.5">
      <span className="flex gap-3">
        <span className="min-w-0 flex-1 break-words font-medium">
          {member.userId === viewerId ? 'You' : nameOf(member.userId)}
        </span>
        <span className="whitespace-nowrap font-medium">{signedMoney(signedCents(member.net))}</span>
      </span>
      <span className={`block text-xs ${mutedText}`}>
        {money(member.paid)} paid − {money(member.shares)} shares + {money(member.paymentsMade)} payments made
        − {money(member.paymentsReceived)} received
      </span>
    </li>
  );
}

function Total({ amount }: { amount: string }) {
  return (
    <p className="flex justify-between gap-3 border-slate-300 border-t pt-1.5 font-semibold dark:border-slate-600">
      <span>Total</span>
      <span className="whitespace-nowrap">{money(amount)}</span>
    </p>
  );
}
