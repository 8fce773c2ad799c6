import { useEffect } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { type MessageId, useT } from '../../../lib/i18n.tsx';
import { AUTH_OVERLAY_HIDE_MS, endAuthTransition, useAuthTransition } from '../auth-transition.ts';

/** startAuthTransition's words (they outlive a reload in sessionStorage, so they stay English there). */
const TRANSITIONS: Record<string, MessageId> = {
  'Setting up your account...': 'auth.transition.settingUp',
  'Signing out...': 'auth.transition.signingOut',
  'Deleting your account...': 'auth.transition.deleting',
};

export function AuthTransitionOverlay({ userChecked }: { userChecked: boolean }) {
  const t = useT();
  const { message, carriedOver } = useAuthTransition();

  useEffect(() => {
    if (!message || !carriedOver || !userChecked) return;
    const timer = window.setTimeout(endAuthTransition, AUTH_OVERLAY_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [message, carriedOver, userChecked]);

  if (!message) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white text-slate-900 dark:bg-[#0b1220] dark:text-slate-100"
    >
      <Spinner label={null} size="lg" />
      <p className="font-medium text-lg">{TRANSITIONS[message] ? t(TRANSITIONS[message]) : message}</p>
    </div>
  );
}
