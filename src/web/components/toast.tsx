import { useEffect, useRef, useState } from 'react';
import { dismissToast, type ToastAction, useToast } from '../lib/toasts.ts';

/**
 * A short message above the bottom navigation (from md, at the foot of the content, clear of the
 * side navigation: shell/main-nav.tsx sets its width), with a button when there is something to do
 * about it (Undo). The live region stays mounted so each message is announced.
 */
export function Toast({
  message,
  action,
  actionRef,
  onPause,
}: {
  message: string | null;
  action?: ToastAction | undefined;
  actionRef?: React.Ref<HTMLButtonElement>;
  /** True while the pointer or the focus is on its button: the toast stays until they leave. */
  onPause?: (paused: boolean) => void;
}) {
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-50 mx-auto flex max-w-[430px] justify-center px-5 md:bottom-6 md:left-28 md:max-w-none lg:left-56"
    >
      {message && (
        <div
          className={`flex items-center gap-4 rounded-xl bg-slate-900 px-4 py-3 text-white shadow-lg dark:bg-slate-100 dark:text-slate-900 ${
            action ? 'pointer-events-auto' : ''
          }`}
        >
          <p className="font-medium text-sm">{message}</p>
          {action && (
            <button
              ref={actionRef}
              type="button"
              onClick={action.run}
              onMouseEnter={() => onPause?.(true)}
              onMouseLeave={() => onPause?.(false)}
              onFocus={() => onPause?.(true)}
              onBlur={() => onPause?.(false)}
              className="-my-1 rounded-lg px-2 py-1 font-semibold text-blue-300 text-sm hover:bg-white/10 dark:text-blue-800 dark:hover:bg-slate-900/10"
            >
              {action.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The app's toast (lib/toasts.ts): shown by any screen, and kept when the screen changes. */
export function ToastHost() {
  const toast = useToast();
  const [paused, setPaused] = useState(false);
  const actionRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!toast || paused) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.ms);
    return () => window.clearTimeout(timer);
  }, [toast, paused]);

  // When what had the focus went away with the change (a deleted card), its Undo takes it.
  useEffect(() => {
    const active = document.activeElement;
    if (toast?.action && (!active || active === document.body)) actionRef.current?.focus();
  }, [toast]);

  useEffect(() => {
    if (!toast) setPaused(false);
  }, [toast]);

  const action = toast?.action && {
    label: toast.action.label,
    run: () => {
      dismissToast(toast.id);
      toast.action?.run();
    },
  };
  return <Toast message={toast?.text ?? null} action={action} actionRef={actionRef} onPause={setPaused} />;
}
