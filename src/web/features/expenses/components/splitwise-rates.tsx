import '#shared/i18n/compiled/areas/imports.ts';
import { exchangeRate, expenseMessages } from '#shared/expenses/schemas.ts';
import type { SplitwisePreview } from '#shared/imports/api.ts';
import { errorText, inputStyles, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useT } from '../../../lib/i18n.tsx';

const isRate = (text: string | undefined) => exchangeRate.safeParse(text ?? '').success;

/** The currencies of a file that need a rate: every one but the household's. */
export const neededRates = (preview: SplitwisePreview) =>
  preview.currencies.filter((c) => c.needsRate).map((c) => c.currency);

/** Whether every currency that needs a rate has one the server takes. */
export const ratesReady = (preview: SplitwisePreview, rates: Record<string, string>) =>
  neededRates(preview).every((currency) => isRate(rates[currency]));

/** One "1 EUR = [ ] USD" per other currency of the file: its rows are converted at that rate. */
export function SplitwiseRates(props: {
  preview: SplitwisePreview;
  rates: Record<string, string>;
  onRate: (currency: string, rate: string) => void;
}) {
  const t = useT();
  const errorWords = useErrorText();
  const { preview, rates } = props;
  const needed = neededRates(preview);
  if (needed.length === 0) return null;
  const household = preview.householdCurrency;
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">{t('imports.rates.legend')}</legend>
      <p className={`text-sm ${mutedText}`}>{t('imports.rates.hint', { household })}</p>
      {needed.map((currency) => {
        const id = `rate-${currency}`;
        const value = rates[currency] ?? '';
        const invalid = value.trim() !== '' && !isRate(value);
        return (
          <div key={currency} className="space-y-1">
            <div className="flex items-center gap-2 text-sm">
              <label id={`${id}-label`} htmlFor={id} className="font-medium">
                {t('imports.rates.label', { currency })}
              </label>
              <input
                id={id}
                name={id}
                className={`${inputStyles} w-36`}
                inputMode="decimal"
                autoComplete="off"
                required
                aria-labelledby={`${id}-label ${id}-unit`}
                aria-invalid={invalid}
                aria-describedby={invalid ? `${id}-error` : undefined}
                value={value}
                onChange={(event) => props.onRate(currency, event.target.value)}
              />
              <span id={`${id}-unit`}>{household}</span>
            </div>
            {invalid && (
              <p id={`${id}-error`} className={errorText}>
                {errorWords(expenseMessages.rateInvalid)}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
