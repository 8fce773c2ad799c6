import { useState } from 'react';
import type { Household } from '#shared/households/api.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';

/** Step 4: the household is set up; home opens with a full reload so every screen starts afresh. */
export function StepReady({ household, created }: { household: Household; created: boolean }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-3 text-center">
        <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-green-700 text-white">
          <CheckIcon className="size-8" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight">Ready to Go!</h1>
        <p className={mutedText}>
          {created ? 'You created ' : 'You joined '}
          <strong className="font-semibold text-slate-900 dark:text-slate-100">{household.name}</strong>.
        </p>
      </div>
      {created && (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 text-center dark:border-slate-800 dark:bg-slate-900">
          <p className={`text-sm ${mutedText}`}>Invite your roommates with this code</p>
          <p className="mt-1 font-bold font-mono text-2xl tracking-widest">{household.inviteCode}</p>
          <p className={`mt-1 text-sm ${mutedText}`}>You can also share an invite link from Settings.</p>
        </div>
      )}
      <button
        type="button"
        disabled={leaving}
        aria-busy={leaving}
        onClick={() => {
          setLeaving(true);
          window.location.assign('/');
        }}
        className={`${buttonStyles.primary} w-full`}
      >
        Go to Home
      </button>
    </div>
  );
}
