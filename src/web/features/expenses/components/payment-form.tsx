import { useEffect, useId, useState } from 'react';
import { localDate } from '#shared/expenses/view.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { checkResolver, checkSchema, lazyResolver } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { moneyInput, SelectField, TextField } from '../../../components/form-fields.tsx';
import { errorText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useMoney } from '../../households/index.ts';
import { newClientId, useCreatePayment } from '../api/create-payment.ts';
import { useWords } from '../use-words.ts';
import type { PaymentDialogProps } from './payment-dialog.tsx';

type Direction = `${'paid' | 'received'}:${string}`;
interface PaymentValues {
  direction: Direction;
  amount: string;
  date: string;
  note: string;
}

// The payment schema brings the validation library: it loads once the dialog opens, and the form
// says so on submit when it could not.
const loadSchema = (exponent: number) =>
  import('#shared/expenses/payments.ts').then((m) => m.paymentSchema(exponent));

/** Which field shows a schema message: the amount, date and note their own, the rest who paid. */
const fieldOf = ([key]: string[]) =>
  key === 'amount' || key === 'date' || key === 'note' ? key : 'direction';

/** 'Record a payment': money that moved between you and another member, outside the app (PaymentDialog). */
export function PaymentForm({
  open,
  draft,
  viewerId,
  otherIds,
  nameOf,
  onClose,
  onRecorded,
}: PaymentDialogProps) {
  const { t } = useWords();
  const inLanguage = useErrorText();
  const formId = useId();
  const money = useMoney();
  const create = useCreatePayment();
  const [clientId] = useState(newClientId);

  const input = ({ direction, amount, date, note }: PaymentValues) => {
    const [way, otherId = ''] = direction.split(':') as ['paid' | 'received', string];
    const [fromUserId, toUserId] = way === 'paid' ? [viewerId, otherId] : [otherId, viewerId];
    return { fromUserId, toUserId, amount: amount.trim(), date, note, clientId };
  };
  // What is sent is the request as built (the server turns the amount into cents).
  const resolver = lazyResolver(
    () =>
      loadSchema(money.exponent).then((schema) =>
        checkResolver(async (values: PaymentValues) => {
          const checked = await checkSchema(schema, input(values), { fieldOf });
          return checked.ok ? { ok: true, value: input(values) } : checked;
        }),
      ),
    () => ({ direction: t('expenses.paymentForm.checkFailed') }),
  );
  const form = useSchemaForm<PaymentValues, ReturnType<typeof input>>({
    defaultValues: {
      direction: draft
        ? `${draft.youPaid ? 'paid' : 'received'}:${draft.otherId}`
        : `paid:${otherIds[0] ?? ''}`,
      amount: draft?.cents ? money.amount(draft.cents) : '',
      date: localDate(new Date()),
      note: '',
    },
    resolver,
    // A message stays until the next submit.
    clears: () => [],
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the dialog opens.
  useEffect(() => resolver.preload(), []);

  const options = otherIds.flatMap((id) => [
    { value: `paid:${id}` as Direction, label: t('expenses.paymentForm.youPaid', { name: nameOf(id) }) },
    { value: `received:${id}` as Direction, label: t('expenses.paymentForm.paidYou', { name: nameOf(id) }) },
  ]);

  return (
    <ConfirmDialog
      open={open}
      title={t('expenses.paymentForm.title')}
      confirmLabel={t('expenses.paymentForm.confirm')}
      busyLabel={t('expenses.paymentForm.recording')}
      busy={create.isPending}
      tone="primary"
      form={formId}
      onCancel={onClose}
    >
      <form
        ref={form.formRef}
        id={formId}
        noValidate
        onSubmit={form.submit((payment) => create.mutate(payment, { onSuccess: onRecorded }), {
          blocked: create.isPending,
        })}
        className="space-y-4"
      >
        <p>{t('expenses.paymentForm.intro')}</p>
        <SelectField
          label={t('expenses.paymentForm.whoPaid')}
          options={options}
          {...form.select('direction')}
        />
        <TextField
          label={t('expenses.paymentForm.amount')}
          name="amount"
          {...moneyInput(money.exponent)}
          required
          {...form.text('amount')}
        />
        <TextField
          label={t('expenses.paymentForm.date')}
          name="date"
          type="date"
          required
          {...form.text('date')}
        />
        <TextField
          label={t('expenses.paymentForm.note')}
          name="note"
          maxLength={500}
          placeholder={t('expenses.paymentForm.notePlaceholder')}
          {...form.text('note')}
        />
        {create.isError && (
          <p role="alert" className={errorText}>
            {t('expenses.paymentForm.failed', { reason: inLanguage(create.error) })}
          </p>
        )}
      </form>
    </ConfirmDialog>
  );
}
