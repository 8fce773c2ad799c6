import '#shared/i18n/compiled/areas/settings.ts';
import { useId, useMemo } from 'react';
import type { Household } from '#shared/households/api.ts';
import { householdUpdateSchema } from '#shared/households/schemas.ts';
import { checkResolver, checkSchema } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { ordinal, rentSettingsPayload, useMoney, useUpdateHousehold } from '../../households/index.ts';

/** What is sent is the payload as built; the schema, in the household's currency, only checks it. */
const resolverFor = (currency: string) =>
  checkResolver(async (values: { rentAmount: string; rentDueDay: string }) => {
    const payload = rentSettingsPayload(values);
    const checked = await checkSchema(householdUpdateSchema(currency), payload);
    return checked.ok ? { ok: true, value: payload } : checked;
  });

/** Rent amount in dollars and the day of the month it is due; blank clears either. */
export function RentForm({ household }: { household: Household }) {
  const t = useT();
  const id = useId();
  const money = useMoney();
  const dayOptions = [
    { value: '', label: t('settings.household.rent.notSet') },
    ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1, t) })),
  ];
  const resolver = useMemo(() => resolverFor(household.currency), [household.currency]);
  const form = useSchemaForm({
    defaultValues: {
      rentAmount: household.rentAmount ?? '',
      rentDueDay: household.rentDueDay ? String(household.rentDueDay) : '',
    },
    resolver,
    focusFirstError: false,
  });
  const [status, showStatus] = useTimedMessage(2_000);
  const update = useUpdateHousehold();

  const onSubmit = form.submit((payload) =>
    update.mutate(payload, {
      onSuccess: (saved) => {
        form.setValue('rentAmount', saved.rentAmount ?? '');
        showStatus(t('settings.household.rent.saved'));
      },
    }),
  );

  const summary =
    household.rentAmount !== null
      ? household.rentDueDay
        ? t('settings.household.rent.summaryDue', {
            amount: money.text(household.rentAmount),
            day: ordinal(household.rentDueDay, t),
          })
        : t('settings.household.rent.summary', { amount: money.text(household.rentAmount) })
      : t('settings.household.rent.none');

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} className="font-medium text-slate-800 text-sm dark:text-slate-200">
          {t('settings.household.rent.title')}
        </h3>
        <p className={`text-sm ${mutedText}`}>{summary}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('settings.household.rent.amount', { symbol: money.symbol })}
          name="rentAmount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={money.amount(1200 * 10 ** money.exponent)}
          {...form.text('rentAmount')}
        />
        <SelectField
          label={t('settings.household.rent.dueDay')}
          name="rentDueDay"
          options={dayOptions}
          {...form.select('rentDueDay')}
        />
      </div>
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={update.isPending}
          aria-busy={update.isPending}
          className={buttonStyles.secondary}
        >
          {update.isPending ? t('settings.common.saving') : t('settings.household.rent.save')}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {status ?? ''}
        </span>
      </div>
      {update.isError && (
        <p role="alert" className={errorText}>
          {t('settings.household.rent.failed')}
        </p>
      )}
    </form>
  );
}
