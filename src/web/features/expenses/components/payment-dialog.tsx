import type { PaymentView } from '#shared/expenses/api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../components/ui.ts';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import type { NameOf } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';

/** Who the dialog starts with: the other member, which way the money went, and how much. */
export interface PaymentDraft {
  otherId: string;
  youPaid: boolean;
  cents: number | null;
}

export interface PaymentDialogProps {
  open: boolean;
  draft: PaymentDraft | null;
  viewerId: string;
  /** The other members, in the household's order. */
  otherIds: string[];
  nameOf: NameOf;
  onClose: () => void;
  onRecorded: (payment: PaymentView) => void;
}

const paymentForm = lazyModule(() => import('./payment-form.tsx'));

/**
 * 'Record a payment' (payment-form.tsx), loaded with react-hook-form when first opened: the
 * Expenses screen, a first screen, keeps the form library out of its first load. Nothing shows
 * while it loads; when it cannot, the dialog says so and the next opening asks again. Mount it
 * afresh for each opening (a new `key`): each opening has its own clientId, so a double tap or a
 * retry after a lost answer records one payment.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const { t } = useWords();
  const { module, failed } = useLazyModule(paymentForm);
  const Form = module?.PaymentForm;
  if (Form) return <Form {...props} />;
  if (!failed) return null;
  return (
    <ConfirmDialog
      open={props.open}
      title={t('expenses.paymentForm.title')}
      confirmLabel={t('expenses.paymentForm.confirm')}
      confirmDisabled
      tone="primary"
      onCancel={props.onClose}
    >
      <p role="alert" className={errorText}>
        {t('expenses.paymentForm.loadFailed')}
      </p>
    </ConfirmDialog>
  );
}
