import '#shared/i18n/compiled/areas/imports.ts';
import { displayName } from '#shared/accounts/users.ts';
import { errorMessage } from '#shared/errors.ts';
import type { HouseholdMember } from '#shared/households/api.ts';
import type { SplitwisePreview } from '#shared/imports/api.ts';
import { problemText } from '#shared/imports/problem-words.ts';
import { currencyExponent, formatMoney, parseAmount } from '#shared/money.ts';
import { ErrorCard } from '../../../components/error-card.tsx';
import { buttonStyles, cardStyles, inputStyles, mutedText } from '../../../components/ui.ts';
import { useLocaleFormat, useT } from '../../../lib/i18n.tsx';
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
  const t = useT();
  const { locale } = useLocaleFormat();
  const count = preview.expenseCount;
  const mapped = Object.values(mapping).filter(Boolean).length;
  // The server lists only the first problem rows and counts them all.
  const { problemCount } = preview;
  const unlisted = problemCount - preview.problems.length;
  return (
    <section aria-labelledby="preview-title" className={`${cardStyles} space-y-5`}>
      <h2 id="preview-title" className="font-semibold text-lg">
        {t('imports.preview.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className={mutedText}>{t('imports.preview.expenses')}</dt>
        <dd>{count}</dd>
        <dt className={mutedText}>{t('imports.preview.payments')}</dt>
        <dd>{preview.paymentCount}</dd>
        <dt className={mutedText}>{t('imports.preview.dates')}</dt>
        <dd>
          {preview.dateRange
            ? t('imports.preview.dateRange', preview.dateRange)
            : t('imports.preview.noDates')}
        </dd>
        {preview.currencies.map((c) => (
          <div key={c.currency} className="contents">
            <dt className={mutedText}>{t('imports.preview.total', { currency: c.currency })}</dt>
            <dd>{written(c.total, c.currency, locale)}</dd>
          </div>
        ))}
      </dl>

      {!preview.balancesMatch && <p className="text-sm">{t('imports.preview.balancesDiffer')}</p>}
      <fieldset className="space-y-3">
        <legend className="font-semibold">{t('imports.people.legend')}</legend>
        <p className={`text-sm ${mutedText}`}>{t('imports.people.hint')}</p>
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
                  <span className={`ml-2 font-normal ${mutedText}`}>
                    {t('imports.people.balance', { amounts: balances.join(' · ') })}
                  </span>
                )}
              </label>
              <select
                id={`person-${i}`}
                className={inputStyles}
                value={mapping[person.name] ?? SKIP}
                onChange={(event) => props.onMap(person.name, event.target.value || null)}
              >
                <option value={SKIP}>{t('imports.people.skip')}</option>
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
            {t('imports.problems.title', { count: problemCount })}
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {preview.problems.map((p) => (
              <li key={p.row}>
                {t('imports.problems.row', { row: p.row, reason: problemText(p.reason, t) })}
              </li>
            ))}
          </ul>
          {unlisted > 0 && (
            <p className={`text-sm ${mutedText}`}>{t('imports.problems.more', { count: unlisted })}</p>
          )}
        </section>
      )}

      {props.error && (
        <ErrorCard title={t('imports.importError')} message={errorMessage(props.error.message)} />
      )}
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
        {props.importing ? t('imports.importing') : t('imports.import', { count })}
      </button>
    </section>
  );
}
