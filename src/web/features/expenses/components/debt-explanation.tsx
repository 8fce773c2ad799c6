import type { ExplanationView, MemberNetView } from '#shared/expenses/api.ts';
import { expenseDateText } from '#shared/expenses/view.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useMoney } from '../../households/index.ts';
import { type DebtViewKind, useExplanation } from '../api/get-explanation.ts';
import { type NameOf, pairLineText, signedCents, signedMoney } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';

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
  const { t } = useWords();
  const inLanguage = useErrorText();
  if (!open) return null;
  if (explanation.isError) {
    return (
      <p className={mutedText}>{t('expenses.explain.failed', { error: inLanguage(explanation.error) })}</p>
    );
  }
  if (!explanation.data) return <Spinner label={t('expenses.explain.loading')} />;
  const data = explanation.data;
  return data.view === 'pairwise' ? (
    <PairwiseLines data={data} viewerId={viewerId} nameOf={nameOf} />
  ) : (
    <SimplifiedLines data={data} viewerId={viewerId} nameOf={nameOf} />
  );
}

function PairwiseLines({
  data,
  viewerId,
  nameOf,
}: {
  data: Extract<ExplanationView, { view: 'pairwise' }>;
  viewerId: string;
  nameOf: NameOf;
}) {
  const money = useMoney();
  const words = useWords();
  const { t } = words;
  const today = new Date();
  return (
    <div className="space-y-2">
      <p className={mutedText}>{t('expenses.explain.pairwiseIntro')}</p>
      <ul
        aria-label={t('expenses.explain.lines')}
        className="divide-y divide-slate-200 dark:divide-slate-800"
      >
        {data.lines.map((line) => {
          const text = pairLineText(line, data.from, data.to, viewerId, nameOf, t);
          return (
            <li key={`${line.kind}-${line.id}`} data-testid="explain-line" className="flex gap-3 py-1.5">
              <span className="min-w-0 flex-1 break-words">
                <span className="block">{text.title}</span>
                <span className={`block text-xs ${mutedText}`}>
                  {expenseDateText(line.date, today, words)}
                  {text.detail ? ` · ${text.detail}` : ''}
                </span>
              </span>
              <span className="whitespace-nowrap font-medium">
                {signedMoney(signedCents(line.amount, money), money)}
              </span>
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
  const { t } = useWords();
  return (
    <div className="space-y-2">
      <p>{data.reason}</p>
      <p className={mutedText}>{t('expenses.explain.netRule')}</p>
      <ul
        aria-label={t('expenses.explain.members')}
        className="divide-y divide-slate-200 dark:divide-slate-800"
      >
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
  const money = useMoney();
  const { t } = useWords();
  return (
    <li data-testid="explain-member" className="py-1.5">
      <span className="flex gap-3">
        <span className="min-w-0 flex-1 break-words font-medium">
          {member.userId === viewerId ? t('expenses.you') : nameOf(member.userId)}
        </span>
        <span className="whitespace-nowrap font-medium">
          {signedMoney(signedCents(member.net, money), money)}
        </span>
      </span>
      <span className={`block text-xs ${mutedText}`}>
        {t('expenses.explain.memberLine', {
          paid: money.text(member.paid),
          shares: money.text(member.shares),
          made: money.text(member.paymentsMade),
          received: money.text(member.paymentsReceived),
        })}
      </span>
    </li>
  );
}

function Total({ amount }: { amount: string }) {
  const money = useMoney();
  const { t } = useWords();
  return (
    <p className="flex justify-between gap-3 border-slate-300 border-t pt-1.5 font-semibold dark:border-slate-600">
      <span>{t('expenses.explain.total')}</span>
      <span className="whitespace-nowrap">{money.text(amount)}</span>
    </p>
  );
}
