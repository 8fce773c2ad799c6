import '#shared/i18n/compiled/areas/settings.ts';
import { useId } from 'react';
import type { HouseholdMember } from '#shared/households/api.ts';
import { checkResolver } from '../../components/form/resolvers.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { TextField } from '../../components/form-fields.tsx';
import { buttonStyles, cardStyles, errorText, mutedText } from '../../components/ui.ts';
import { useLocaleFormat, useT } from '../../lib/i18n.tsx';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { awayPayload, awaySummary, localToday } from '../chores/index.ts';
import { useSetAway } from '../households/index.ts';

/** One message for the pair: under 'Away from' while it is empty, else under 'Away until'. */
const resolver = checkResolver(({ awayFrom, awayUntil }: { awayFrom: string; awayUntil: string }) => {
  const payload = awayPayload(awayFrom, awayUntil);
  if (payload.ok) return { ok: true, value: payload.body };
  return { ok: false, errors: { [awayFrom ? 'awayUntil' : 'awayFrom']: payload.error } };
});

/** Away mode: the days the member is away, when chores that take turns pass them by. */
export function AwayCard({ member }: { member: HouseholdMember }) {
  const t = useT();
  const id = useId();
  const form = useSchemaForm({
    defaultValues: { awayFrom: member.awayFrom ?? '', awayUntil: member.awayUntil ?? '' },
    resolver,
    // Either date answers the pair's message.
    clears: () => ['awayFrom', 'awayUntil'],
    focusFirstError: false,
  });
  const { awayFrom: from, awayUntil: until } = form.values;
  const [status, showStatus] = useTimedMessage(2_000);
  const save = useSetAway();
  const { locale } = useLocaleFormat();
  const away = awaySummary(member.awayFrom, member.awayUntil, localToday(new Date()), locale);
  const summary = away && t('settings.away.summary', away);

  const onSubmit = form.submit((body) =>
    save.mutate(body, { onSuccess: () => showStatus(t('settings.away.saved')) }),
  );

  const clear = () => {
    form.clearErrors();
    save.mutate(
      { awayFrom: null, awayUntil: null },
      {
        onSuccess: () => {
          form.setValue('awayFrom', '');
          form.setValue('awayUntil', '');
          showStatus(t('settings.away.cleared'));
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={`${cardStyles} space-y-4`}>
      <div>
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t('settings.away.title')}
        </h2>
        <p className={`text-sm ${mutedText}`}>{t('settings.away.text')}</p>
      </div>
      <p data-testid="away-summary" className="font-medium text-sm">
        {summary ?? t('settings.away.none')}
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <div className="grid gap-3">
          <TextField label={t('settings.away.from')} type="date" name="awayFrom" {...form.text('awayFrom')} />
          <TextField
            label={t('settings.away.until')}
            type="date"
            name="awayUntil"
            min={from || undefined}
            {...form.text('awayUntil')}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={save.isPending}
            aria-busy={save.isPending}
            className={buttonStyles.secondary}
          >
            {t('settings.away.save')}
          </button>
          {(member.awayFrom || from || until) && (
            <button type="button" disabled={save.isPending} className={buttonStyles.ghost} onClick={clear}>
              {t('settings.away.clear')}
            </button>
          )}
          <span role="status" className={`text-sm ${mutedText}`}>
            {status ?? ''}
          </span>
        </div>
        {save.isError && (
          <p role="alert" className={errorText}>
            {t('settings.away.failed')}
          </p>
        )}
      </form>
    </section>
  );
}
