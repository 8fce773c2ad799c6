import { useId, useState } from 'react';
import { formatRent, type Household, ordinal, rentSettingsPayload } from '#shared/household-view.ts';
import { updateHouseholdSchema } from '#shared/households.ts';
import { fieldErrors } from '#shared/validation.ts';
import { TextField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText, inputStyles, mutedText } from '../../../components/ui.ts';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useUpdateHousehold } from '../../households/api/update-household.ts';

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** Rent amount in dollars and the day of the month it is due; blank clears either. */
export function RentForm({ household }: { household: Household }) {
  const id = useId();
  const [rentAmount, setRentAmount] = useState(household.rentAmount ?? '');
  const [rentDueDay, setRentDueDay] = useState(household.rentDueDay ? String(household.rentDueDay) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, showStatus] = useTimedMessage(2_000);
  const update = useUpdateHousehold();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = rentSettingsPayload({ rentAmount, rentDueDay });
    const parsed = updateHouseholdSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(payload, {
      onSuccess: (saved) => {
        setRentAmount(saved.rentAmount ?? '');
        showStatus('Rent saved');
      },
    });
  };

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
          value={rentAmount}
          error={errors.rentAmount}
          onChange={(e) => {
            setRentAmount(e.target.value);
            setErrors(({ rentAmount: _cleared, ...rest }) => rest);
          }}
        />
        <div className="space-y-1.5">
          <label
            htmlFor={`${id}-day`}
            className="block font-medium text-slate-800 text-sm dark:text-slate-200"
          >
            Rent due day
          </label>
          <select
            id={`${id}-day`}
            name="rentDueDay"
            className={inputStyles}
            value={rentDueDay}
            aria-invalid={errors.rentDueDay ? true : undefined}
            aria-describedby={errors.rentDueDay ? `${id}-day-error` : undefined}
            onChange={(e) => {
              setRentDueDay(e.target.value);
              setErrors(({ rentDueDay: _cleared, ...rest }) => rest);
            }}
          >
            <option value="">Not set</option>
            {DAYS.map((day) => (
              <option key={day} value={day}>
                {ordinal(day)}
              </option>
            ))}
          </select>
          {errors.rentDueDay && (
            <p id={`${id}-day-error`} className={errorText}>
              {errors.rentDueDay}
            </p>
          )}
        </div>
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
