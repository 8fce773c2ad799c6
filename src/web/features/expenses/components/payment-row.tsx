import { useId, useState } from 'react';
import type { PaymentView } from '#shared/expenses/api.ts';
import { expenseDateText } from '#shared/expenses/view.ts';
import { dateFormat, uses12HourClock } from '#shared/i18n/locale-format.ts';
import { CheckIcon, TrashIcon } from '../../../components/icons.tsx';
import { ChevronDownIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useMoney } from '../../households/index.ts';
import { type NameOf, paymentSentence } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';

/**
 * A payment in the history, between the expenses: who paid whom and the note; opened, who
 * recorded it and when, and Delete for its two members (the page offers Undo).
 */
export function PaymentRow({
  payment,
  viewerId,
  nameOf,
  today,
  deleting,
  onDelete,
}: {
  payment: PaymentView;
  viewerId: string;
  nameOf: NameOf;
  today: Date;
  deleting: boolean;
  onDelete: (payment: PaymentView) => void;
}) {
  const money = useMoney();
  const words = useWords();
  const { t, locale } = words;
  const id = useId();
  const [open, setOpen] = useState(false);
  const sentence = paymentSentence(payment, viewerId, nameOf, money, t);
  const yours = payment.fromUserId === viewerId || payment.toUserId === viewerId;
  const recorder = payment.createdBy === null ? 'someone' : payment.createdBy === viewerId ? 'you' : 'other';
  const recordedAt = new Date(payment.createdAt);
  const shares = payment.splitIds.length;

  return (
    <div
      data-testid="payment-card"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-detail`}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-start gap-3 rounded-2xl p-4 text-left"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          <CheckIcon className="size-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block break-words font-semibold">{sentence}</span>
          <span className={`block text-sm ${mutedText}`}>
            {t('expenses.payment.meta', { date: expenseDateText(payment.date, today, words) })}
          </span>
          {payment.note && <span className="block break-words text-sm">{payment.note}</span>}
        </span>
        <ChevronDownIcon
          className={`mt-1 size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <div id={`${id}-detail`} hidden={!open} className="space-y-2 px-4 pb-4 text-sm">
        {open && (
          <>
            <p className={mutedText}>
              {t('expenses.payment.recordedBy', {
                by: recorder,
                name: payment.createdBy === null ? '' : nameOf(payment.createdBy),
                date: dateFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).format(
                  recordedAt,
                ),
                time: dateFormat(locale, {
                  hour: 'numeric',
                  minute: '2-digit',
                  hour12: uses12HourClock(locale),
                }).format(recordedAt),
              })}
            </p>
            {shares > 0 && <p className={mutedText}>{t('expenses.payment.settles', { count: shares })}</p>}
            {yours && (
              <button
                type="button"
                aria-label={t('expenses.payment.deleteLabel', { sentence })}
                disabled={deleting}
                onClick={() => onDelete(payment)}
                className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold text-red-700 text-sm hover:bg-red-50 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950"
              >
                <TrashIcon className="size-4" />
                {t('expenses.delete')}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
