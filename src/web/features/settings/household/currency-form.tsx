import '#shared/i18n/compiled/areas/settings.ts';
import { useId, useState } from 'react';
import { errorMessage } from '#shared/errors.ts';
import type { Household } from '#shared/households/api.ts';
import { SelectField } from '../../../components/form-fields.tsx';
import { buttonStyles, errorText, mutedText } from '../../../components/ui.ts';
import { currencyOptions } from '../../../lib/currencies.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';
import { useMoney, useUpdateHousehold } from '../../households/index.ts';

/**
 * The household's currency: every amount is in it. It can change only while no money is recorded;
 * the server says so otherwise (docs/money.md, Currencies).
 */
export function CurrencyForm({ household }: { household: Household }) {
  const t = useT();
  const id = useId();
  const money = useMoney();
  const [currency, setCurrency] = useState(household.currency);
  const [status, showStatus] = useTimedMessage(2_000);
  const update = useUpdateHousehold();
  const changed = currency !== household.currency;

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed || update.isPending) return;
        update.mutate({ currency }, { onSuccess: () => showStatus(t('settings.household.currency.saved')) });
      }}
    >
      <div>
        <h3 id={`${id}-title`} className="font-medium text-slate-800 text-sm dark:text-slate-200">
          {t('settings.household.currency.title')}
        </h3>
        <p className={`text-sm ${mutedText}`}>
          {t('settings.household.currency.text', { currency: household.currency })}
        </p>
      </div>
      <SelectField
        label={t('settings.household.currency.label')}
        name="currency"
        options={currencyOptions(household.currency, money.locale)}
        value={currency}
        onValue={(value) => setCurrency(String(value))}
      />
      {update.isError && (
        <p role="alert" className={errorText}>
          {errorMessage(update.error.message)}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" disabled={!changed || update.isPending} className={buttonStyles.secondary}>
          {update.isPending ? t('settings.common.saving') : t('settings.household.currency.save')}
        </button>
        <span role="status" className={`text-sm ${mutedText}`}>
          {status ?? ''}
        </span>
      </div>
    </form>
  );
}
