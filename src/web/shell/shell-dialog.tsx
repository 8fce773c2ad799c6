import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { XIcon } from '../components/icons.tsx';
import { buttonStyles } from '../components/ui.ts';
import { useT } from '../lib/i18n.tsx';

/**
 * A modal of the frame (search, the shortcuts), on the native <dialog>: the browser traps the
 * focus, makes the page behind inert and closes it on Escape; focus goes back where it was.
 */
export function ShellDialog({
  title,
  onClose,
  children,
  placement = 'center',
  initialFocus,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'top' for a dialog whose height changes as it is used (search results). */
  placement?: 'center' | 'top';
  /** What takes the focus on opening (else the first control: Close). */
  initialFocus?: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const t = useT();
  // Opened once, as it mounts; closed as it unmounts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus target is read at opening only
  useEffect(() => {
    const dialog = ref.current;
    // A dialog merely removed from the page would leave the focus nowhere: it goes back to its opener.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`mx-auto w-[min(calc(100%-2rem),36rem)] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${
        placement === 'top' ? 'mt-[10vh] mb-auto max-h-[80vh]' : 'm-auto'
      }`}
    >
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="font-bold text-xl">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('shell.dialog.close')}
            className={`${buttonStyles.icon} -mr-2`}
          >
            <XIcon className="size-5" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
