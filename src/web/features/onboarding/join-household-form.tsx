import type { Household } from '#shared/households/api.ts';
import { canSubmitInviteCode, joinErrorDetail } from '#shared/households/invites.ts';
import { joinHouseholdSchema } from '#shared/households/schemas.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { schemaResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { buttonStyles, mutedText } from '../../components/ui.ts';
import { useT } from '../../lib/i18n.tsx';
import { InviteCodeField, useJoinHousehold } from '../households/index.ts';

const resolver = schemaResolver(joinHouseholdSchema);

/** Step 3, Join Household: the code is upper-cased as typed and sent only at exactly 8 characters. */
export function JoinHouseholdForm({ onJoined }: { onJoined: (household: Household) => void }) {
  const t = useT();
  const form = useSchemaForm({ defaultValues: { inviteCode: '' }, resolver });
  const join = useJoinHousehold();
  const busy = join.isPending || join.isSuccess;
  const canSubmit = canSubmitInviteCode(form.values.inviteCode) && !busy;

  return (
    <form
      ref={form.formRef}
      onSubmit={form.submit(({ inviteCode }) => join.mutate(inviteCode, { onSuccess: onJoined }), {
        blocked: !canSubmit,
      })}
      className="flex flex-col gap-6"
      aria-labelledby="join-household-title"
    >
      <div className="space-y-2 text-center">
        <h1 id="join-household-title" className="font-bold text-3xl tracking-tight">
          {t('onboarding.join.title')}
        </h1>
        <p className={mutedText}>{t('onboarding.join.text')}</p>
      </div>
      {join.error && (
        <ErrorCard title={t('onboarding.join.errorTitle')} message={joinErrorDetail(join.error.message)} />
      )}
      <InviteCodeField
        value={form.values.inviteCode}
        onChange={(next) => {
          form.set('inviteCode', next);
          if (join.isError) join.reset();
        }}
      />
      <button
        type="submit"
        disabled={!canSubmit}
        aria-busy={busy}
        className={`${buttonStyles.primary} w-full`}
      >
        {busy ? t('onboarding.join.busy') : t('onboarding.join.submit')}
      </button>
    </form>
  );
}
