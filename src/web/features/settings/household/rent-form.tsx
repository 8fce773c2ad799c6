import { useId } from 'react';
import type { Household } from '#shared/households/api.ts';
import { updateHouseholdSchema } from '#shared/households/schemas.ts';
import { checkResolver, checkSchema } from '../../../components/form/resolvers.ts';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { SelectField, TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { formatRent, ordinal, rentSettingsPayload, useUpdateHousehold } from '../../households/index.ts';

const dayOptions = [
  { value: '', label: 'Not set' },
  ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: ordinal(i + 1) })),
];

/** What is sent is the payload as built; the schema only checks it. */
const resolver = checkResolver(async (values: { rentAmount: string; rentDueDay: string }) => {
  const payload = rentSettingsPayload(values);
  const checked = await checkSchema(updateHouseholdSchema, payload);
  return checked.ok ? { ok: true, value: payload } : checked;
});

/** Rent amount in dollars and the day of the month it is due; blank clears either. */
export function RentForm({ household }: { household: Household }) {
  const id = useId();
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
        showStatus('Rent saved');
      },
    }),
  );

  const summary =
    household.rentAmount !== null
      ? `${formatRent(household.rentAmount)} a month${household.rentDueDay ? `, due on the ${ordinal(household.rentDueDay)}` : ''}`
      : 'No rent set yet';

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      <div>
        <h3 id={`${id}-title`} className="font-medium text-slate-800 text-sm dark:text-slate-200">
          Rent
        </h3>
        <p className={`text-sm ${mutedText}`}>{summary}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Rent amount ($)"
          name="rentAmount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1200.00"
          {...form.text('rentAmount')}
        />
        <SelectField
          label="Rent due day"
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
          {update.isPending ? 'Saving...' : 'Save rent'}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {status ?? ''}
        </span>
      </div>
      {update.isError && (
        <p role="alert" className={errorText}>
          Failed to save the rent. Please try again.
        </p>
      )}
    </form>
  );
}
