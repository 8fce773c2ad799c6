import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../lib/i18n.tsx';
import { buttonStyles } from './ui.ts';

/**
 * A modal question with Cancel and a confirming action, on the native <dialog>: the browser
 * traps focus, closes on Escape and makes the page behind inert.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  confirmDisabled = false,
  tone = 'destructive',
  form,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** Keeps the confirming action off until the question is answered (e.g. an e-mail typed). */
  confirmDisabled?: boolean;
  /** 'primary' for a confirmation that destroys nothing (e.g. recording a payment). */
  tone?: 'destructive' | 'primary';
  /**
   * The id of a form in the dialog: the confirming button submits it, so Enter in any of its
   * fields confirms too, and the form's submit handler does the confirming instead of onConfirm.
   */
  form?: string;
  onConfirm?: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onCancel={(event) => {
        // Escape: the parent decides, so the dialog never closes behind its back.
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(calc(100%-2rem),400px)] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="space-y-5">
          <h2 id={`${id}-title`} className="font-bold text-xl">
            {title}
          </h2>
          <div id={`${id}-body`} className="space-y-2 text-slate-700 text-sm dark:text-slate-300">
            {children}
          </div>
          <div className="flex justify-end gap-2">
            {/* showModal() focuses the first control: Cancel, the safe answer to a destructive question. */}
            <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={onCancel}>
              {t('common.cancel')}
            </button>
            <button
              type={form ? 'submit' : 'button'}
              form={form}
              className={tone === 'primary' ? buttonStyles.primary : buttonStyles.destructive}
              disabled={busy || confirmDisabled}
              aria-busy={busy}
              onClick={form ? undefined : onConfirm}
            >
              {busy && busyLabel ? busyLabel : confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
