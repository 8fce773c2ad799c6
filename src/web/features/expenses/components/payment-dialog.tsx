import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '#shared/errors.ts';
import { localDate } from '#shared/expense-view.ts';
import type { PaymentView } from '#shared/ledger-view.ts';
import { centsToDollars } from '#shared/money.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import { errorText } from '../../../components/ui.ts';
import { newClientId, useCreatePayment } from '../api/create-payment.ts';
import type { NameOf } from '../ledger-words.ts';

/** Who the dialog starts with: the other member, which way the money went, and how much. */
export interface PaymentDraft {
  otherId: string;
  youPaid: boolean;
  cents: number | null;
}

type Direction = `${'paid' | 'received'}:${string}`;
type Field = 'direction' | 'amount' | 'date' | 'note';

// The payment schema brings the validation library: the Expenses screen loads it only once a
// payment dialog opens, as the sign-in form does (decision 0015).
const loadSchema = () => import('#shared/payments.ts').then((m) => m.createPaymentSchema);
/**
 * 'Record a payment': money that moved between you and another member, outside the app. Mount it
 * afresh for each opening (a new `key`): each opening has its own clientId, so a double tap or a
 * retry after a lost answer records one payment.
 */
export function PaymentDialog({
  open,
  draft,
  viewerId,
  otherIds,
  nameOf,
  onClose,
  onRecorded,
}: {
  open: boolean;
  draft: PaymentDraft | null;
  viewerId: string;
  /** The other members, in the household's order. */
  otherIds: string[];
  nameOf: NameOf;
  onClose: () => void;
  onRecorded: (payment: PaymentView) => void;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreatePayment();
  const [clientId] = useState(newClientId);
  const [direction, setDirection] = useState<Direction>(() =>
    draft ? `${draft.youPaid ? 'paid' : 'received'}:${draft.otherId}` : `paid:${otherIds[0] ?? ''}`,
  );
  const [amount, setAmount] = useState(draft?.cents ? centsToDollars(draft.cents) : '');
  const [date, setDate] = useState(() => localDate(new Date()));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  useEffect(() => {
    loadSchema().catch(() => {}); // Tried again on submit, which says so if it fails.
  }, []);

  // After a refused submit, the first field to fix gets the focus.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const options = otherIds.flatMap((id) => [
    { value: `paid:${id}` as Direction, label: `You paid ${nameOf(id)}` },
    { value: `received:${id}` as Direction, label: `${nameOf(id)} paid you` },
  ]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const [way, otherId = ''] = direction.split(':') as ['paid' | 'received', string];
    const [fromUserId, toUserId] = way === 'paid' ? [viewerId, otherId] : [otherId, viewerId];
    const input = { fromUserId, toUserId, amount: amount.trim(), date, note, clientId };
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      setErrors({ direction: 'The form could not be checked. Check your connection and try again.' });
      return;
    }
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const field: Field =
          key === 'amount' ? 'amount' : key === 'date' ? 'date' : key === 'note' ? 'note' : 'direction';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(input, { onSuccess: onRecorded });
  };

  return (
    <ConfirmDialog
      open={open}
      title="Record a payment"
      confirmLabel="Record payment"
      busyLabel="Recording..."
      busy={create.isPending}
      tone="primary"
      form={formId}
      onCancel={onClose}
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="space-y-4"
      >
        <p>For money that changed hands outside the app: it counts against what you owe each other.</p>
        <SelectField
          label="Who paid"
          value={direction}
          options={options}
          onValue={setDirection}
          error={errors.direction}
        />
        <TextField
          label="Amount"
          name="amount"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          required
          placeholder="0.00"
          value={amount}
          error={errors.amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField
          label="Date"
          name="date"
          type="date"
          required
          value={date}
          error={errors.date}
          onChange={(e) => setDate(e.target.value)}
        />
        <TextField
          label="Note (optional)"
          name="note"
          maxLength={500}
          placeholder="e.g. Bank transfer"
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.target.value)}
        />
        {create.isError && (
          <p role="alert" className={errorText}>
            The payment was not recorded: {errorMessage(create.error.message)}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
