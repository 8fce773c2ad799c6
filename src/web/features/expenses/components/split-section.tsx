import { useId } from 'react';
import { SPLIT_TYPES, type SplitType } from '#shared/expenses/rules.ts';
import {
  formatPercent,
  formatPercentNumber,
  SPLIT_TYPE_LABEL_IDS,
  type SplitSummary,
  type Translate,
} from '#shared/expenses/view.ts';
import type { MoneyFormat } from '#shared/money.ts';
import { labelStyles } from '../../../components/form-fields.tsx';
import { AlertIcon } from '../../../components/icons.tsx';
import { inputStyles, mutedText } from '../../../components/ui.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useWords } from '../use-words.ts';

/**
 * How the amount is shared: equally, by amounts or by percentages, with a per-member input for
 * the last two and a live summary that turns red, and says why, when the shares do not add up.
 */
export function SplitSection({
  splitType,
  shares,
  summary,
  memberIds,
  nameOf,
  error,
  onSplitType,
  onShare,
  money,
}: {
  /** The currency the shares are typed in. */
  money: MoneyFormat;
  splitType: SplitType;
  shares: Record<string, string>;
  summary: SplitSummary;
  memberIds: string[];
  nameOf: (userId: string) => string;
  error: string | undefined;
  onSplitType: (type: SplitType) => void;
  onShare: (userId: string, value: string) => void;
}) {
  const id = useId();
  const { t, locale } = useWords();
  const inLanguage = useErrorText();
  const percentage = splitType === 'percentage';
  const problem = error
    ? inLanguage(error)
    : summary.problem && t(summary.problem.id, summary.problem.values);
  const red = Boolean(problem);

  return (
    <fieldset className="space-y-3">
      <legend className={`${labelStyles} mb-1.5`}>{t('expenses.split.legend')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl bg-slate-200 p-1 dark:bg-slate-800">
        {SPLIT_TYPES.map((type) => (
          <label
            key={type}
            className="flex cursor-pointer items-center justify-center rounded-lg px-2 py-2 font-semibold text-slate-700 text-sm has-checked:bg-white has-checked:text-slate-900 has-checked:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600 dark:text-slate-300 dark:has-checked:bg-slate-950 dark:has-checked:text-slate-100"
          >
            <input
              type="radio"
              name={`${id}-split`}
              value={type}
              checked={splitType === type}
              onChange={() => onSplitType(type)}
              className="sr-only"
            />
            {t(SPLIT_TYPE_LABEL_IDS[type])}
          </label>
        ))}
      </div>

      {splitType !== 'equal' && (
        <div className="space-y-2">
          {memberIds.map((userId) => (
            <div key={userId} className="flex items-center gap-3">
              <label htmlFor={`${id}-${userId}`} className="min-w-0 flex-1 break-words text-sm">
                {nameOf(userId)}
                <span className="sr-only">
                  {' '}
                  {percentage ? t('expenses.split.percentSr') : t('expenses.split.shareSr')}
                </span>
              </label>
              <div className="relative w-32 shrink-0">
                {!percentage && (
                  <span
                    aria-hidden="true"
                    className={`absolute inset-y-0 left-3 flex items-center ${mutedText}`}
                  >
                    {money.symbol}
                  </span>
                )}
                <input
                  id={`${id}-${userId}`}
                  // Percentages are typed as text so that a decimal comma is taken whatever the
                  // browser's own language; amounts keep the number input, as the amount does.
                  {...(percentage
                    ? { type: 'text', autoComplete: 'off' }
                    : { type: 'number', step: 10 ** -money.exponent, min: '0' })}
                  inputMode="decimal"
                  value={shares[userId] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-problem`}
                  onChange={(event) => onShare(userId, event.target.value)}
                  className={`${inputStyles} ${percentage ? 'pr-8' : money.symbol.length > 1 ? 'pl-12' : 'pl-7'} text-right`}
                />
                {percentage && (
                  <span
                    aria-hidden="true"
                    className={`absolute inset-y-0 right-3 flex items-center ${mutedText}`}
                  >
                    %
                  </span>
                )}
              </div>
            </div>
          ))}
        </div>
      )}

      <div
        data-testid="split-summary"
        data-ok={!red}
        className={`space-y-2 rounded-xl border p-3 text-sm ${
          red
            ? 'border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950'
            : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900'
        }`}
      >
        <p className="font-semibold">{t('expenses.split.summary')}</p>
        <ul className="space-y-1">
          {summary.rows.map((row) => (
            <li key={row.userId} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{nameOf(row.userId)}</span>
              <span className="whitespace-nowrap">
                {row.cents === null ? '—' : money.format(row.cents)}
                {percentage && row.percent !== null ? ` (${formatPercent(row.percent, locale)})` : ''}
              </span>
            </li>
          ))}
        </ul>
        <p
          data-testid="split-total"
          className={`flex justify-between gap-3 border-t pt-2 font-semibold ${
            red
              ? 'border-red-300 text-red-800 dark:border-red-800 dark:text-red-200'
              : 'border-slate-200 dark:border-slate-700'
          }`}
        >
          <span>{t('expenses.split.total')}</span>
          <span className="whitespace-nowrap">{totalText(summary, splitType, money, t, locale)}</span>
        </p>
        <p
          id={`${id}-problem`}
          aria-live="polite"
          className={red ? 'text-red-800 dark:text-red-200' : mutedText}
        >
          {red ? (
            <span className="flex gap-1.5">
              <AlertIcon className="mt-0.5 size-4 shrink-0" />
              <span>{problem}</span>
            </span>
          ) : summary.uneven && summary.amountCents !== null ? (
            t('expenses.split.uneven', { amount: money.format(summary.amountCents) })
          ) : null}
        </p>
      </div>
    </fieldset>
  );
}

function totalText(
  summary: SplitSummary,
  splitType: SplitType,
  format: MoneyFormat,
  t: Translate,
  locale: string,
): string {
  const money = summary.totalCents === null ? '—' : format.format(summary.totalCents);
  if (splitType === 'percentage') {
    return summary.totalPercent === null
      ? money
      : t('expenses.split.totalPercent', {
          total: money,
          percent: formatPercentNumber(summary.totalPercent, locale),
        });
  }
  if (splitType === 'custom' && summary.amountCents !== null) {
    return t('expenses.split.totalOf', { total: money, amount: format.format(summary.amountCents) });
  }
  return money;
}
