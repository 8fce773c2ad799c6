import { displayName } from '#shared/accounts/users.ts';
import { errorMessage } from '#shared/errors.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import type { SplitwisePreview } from '#shared/imports/api.ts';
import { currencyExponent, formatMoney, parseAmount } from '#shared/money.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { buttonStyles, cardStyles, inputStyles, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat } from '../../../lib/i18n.tsx';
import { ratesReady, SplitwiseRates } from './splitwise-rates.tsx';

const SKIP = '';
/** A number of units of a currency (the preview's balances), on screen. */
const units = (amount: number, currency: string, locale: string) =>
  formatMoney(Math.round(amount * 10 ** currencyExponent(currency)), currency, locale);
/** A decimal string in a currency's own decimals (the preview's totals), on screen. */
const written = (amount: string, currency: string, locale: string) =>
  formatMoney(parseAmount(amount, currencyExponent(currency)) ?? 0, currency, locale);

/** What the file holds, who is who, and the confirm button. */
export function SplitwisePreviewCard(props: {
  preview: SplitwisePreview;
  members: HouseholdMember[];
  mapping: Record<string, string | null>;
  onMap: (name: string, userId: string | null) => void;
  rates: Record<string, string>;
  onRate: (currency: string, rate: string) => void;
  onImport: () => void;
  importing: boolean;
  error: Error | null;
}) {
  const { preview, members, mapping } = props;
  const { locale } = useLocaleFormat();
  const count = preview.expenseCount;
  const mapped = Object.values(mapping).filter(Boolean).length;
  // The server lists only the first problem rows and counts them all.
  const { problemCount } = preview;
  const unlisted = problemCount - preview.problems.length;
  return (
    <section aria-labelledby="preview-title" className={`${cardStyles} space-y-5`}>
      <h2 id="preview-title" className="font-semibold text-lg">
        In this file
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className={mutedText}>Expenses</dt>
        <dd>{count}</dd>
        <dt className={mutedText}>Payments</dt>
        <dd>{preview.paymentCount}</dd>
        <dt className={mutedText}>Dates</dt>
        <dd>{preview.dateRange ? `${preview.dateRange.from} to ${preview.dateRange.to}` : 'none'}</dd>
        {preview.currencies.map((c) => (
          <div key={c.currency} className="contents">
            <dt className={mutedText}>Total ({c.currency})</dt>
            <dd>{written(c.total, c.currency, locale)}</dd>
          </div>
        ))}
      </dl>

      {!preview.balancesMatch && (
        <p className="text-sm">
          The rows that can be imported do not add up to the file's final balances (see the rows below): the
          balances carried over follow the imported rows.
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="font-semibold">Who is who</legend>
        <p className={`text-sm ${mutedText}`}>
          Match each person to a member of your household, or skip them: rows they paid and their shares are
          left out.
        </p>
        {preview.people.map((person, i) => {
          const balances = preview.currencies.flatMap((c) => {
            const amount = c.finalBalances?.[i];
            return amount === undefined || amount === 0 ? [] : [units(amount, c.currency, locale)];
          });
          return (
            <div key={person.name} className="space-y-1">
              <label htmlFor={`person-${i}`} className="block font-medium text-sm">
                {person.name}
                {balances.length > 0 && (
                  <span className={`ml-2 font-normal ${mutedText}`}>balance {balances.join(' · ')}</span>
                )}
              </label>
              <select
                id={`person-${i}`}
                className={inputStyles}
                value={mapping[person.name] ?? SKIP}
                onChange={(event) => props.onMap(person.name, event.target.value || null)}
              >
                <option value={SKIP}>Skip</option>
                {members.map((m) => (
                  <option key={m.userId} value={m.userId}>
                    {displayName(m.user)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>

      <SplitwiseRates preview={preview} rates={props.rates} onRate={props.onRate} />

      {problemCount > 0 && (
        <section aria-labelledby="problems-title" className="space-y-2">
          <h3 id="problems-title" className="font-semibold">
            {problemCount === 1 ? '1 row is not imported' : `${problemCount} rows are not imported`}
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {preview.problems.map((p) => (
              <li key={p.row}>
                Row {p.row}: {p.reason}
              </li>
            ))}
          </ul>
          {unlisted > 0 && (
            <p className={`text-sm ${mutedText}`}>
              and {unlisted} more {unlisted === 1 ? 'row' : 'rows'} not listed here
            </p>
          )}
        </section>
      )}

      {props.error && <ErrorCard title="Unable to import" message={errorMessage(props.error.message)} />}
      <button
        type="button"
        className={`${buttonStyles.primary} w-full`}
        disabled={
          props.importing ||
          mapped === 0 ||
          count + preview.paymentCount === 0 ||
          !ratesReady(preview, props.rates)
        }
        onClick={props.onImport}
      >
        {props.importing ? 'Importing…' : `Import ${count} ${count === 1 ? 'expense' : 'expenses'}`}
      </button>
    </section>
  );
}
