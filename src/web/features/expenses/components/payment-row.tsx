import { format } from 'date-fns';
import { useId, useState } from 'react';
import type { PaymentView } from '#shared/expenses/api.ts';
import { expenseDateText } from '#shared/expenses/view.ts';
import { CheckIcon, TrashIcon } from '../../../components/icons.tsx';
import { ChevronDownIcon } from '../../../components/page-icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { type NameOf, paymentSentence } from '../ledger-words.ts';

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
  const id = useId();
  const [open, setOpen] = useState(false);
  const sentence = paymentSentence(payment, viewerId, nameOf);
  const yours = payment.fromUserId === viewerId || payment.toUserId === viewerId;
  const recorder =
    payment.createdBy === null
      ? 'someone'
      : payment.createdBy === viewerId
        ? 'you'
        : nameOf(payment.createdBy);
  const shares = payment.splitIds.length;

  return (
    <li
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
            {expenseDateText(payment.date, today)} · Payment
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
              Recorded by {recorder} on {format(new Date(payment.createdAt), "MMM d, yyyy 'at' h:mm a")}
            </p>
            {shares > 0 && (
              <p className={mutedText}>{shares === 1 ? 'Settles 1 share' : `Settles ${shares} shares`}</p>
            )}
            {yours && (
              <button
                type="button"
                aria-label={`Delete payment: ${sentence}`}
                disabled={deleting}
                onClick={() => onDelete(payment)}
                className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 font-semibold text-red-700 text-sm hover:bg-red-50 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950"
              >
                <TrashIcon className="size-4" />
                Delete
              </button>
            )}
          </>
        )}
      </div>
    </li>
  );
}
