import { useState } from 'react';
import type { Household } from '#shared/households/api.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { T, useT } from '../../lib/i18n.tsx';
import { InviteShare } from '../households/index.ts';

/** Step 4: the household is set up; home opens with a full reload so every screen starts afresh. */
export function StepReady({ household, created }: { household: Household; created: boolean }) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-3 text-center">
        <span className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-green-700 text-white">
          <CheckIcon className="size-8" />
        </span>
        <h1 className="font-bold text-3xl tracking-tight">{t('onboarding.ready.title')}</h1>
        <p className={mutedText}>
          <T
            id={created ? 'onboarding.ready.created' : 'onboarding.ready.joined'}
            values={{ household: household.name }}
            components={{ 0: <strong className="font-semibold text-slate-900 dark:text-slate-100" /> }}
          />
        </p>
      </div>
      {/* Whoever is in now can bring in the rest: the code and its link, copied or shared. */}
      <div className="space-y-1 rounded-2xl border border-slate-200 bg-white p-4 text-center dark:border-slate-800 dark:bg-slate-900">
        <p className={`text-sm ${mutedText}`}>{t('onboarding.ready.inviteCode')}</p>
        <p className={`text-sm ${mutedText}`}>{t('onboarding.ready.inviteLink')}</p>
        <InviteShare household={household} center />
      </div>
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
        {t('onboarding.ready.home')}
      </button>
    </div>
  );
}
