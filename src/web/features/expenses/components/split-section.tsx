import { useId } from 'react';
import { SPLIT_TYPES, type SplitType } from '#shared/expenses/rules.ts';
import { SPLIT_TYPE_LABELS, type SplitSummary } from '#shared/expenses/view.ts';
import { formatMoney } from '#shared/money.ts';
import { labelStyles } from '../../../components/form-fields.tsx';
import { AlertIcon } from '../../../components/icons.tsx';
import { inputStyles, mutedText } from '../../../components/ui.ts';

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
}: {
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
  const percentage = splitType === 'percentage';
  const problem = error ?? summary.problem;
  const red = Boolean(problem);

  return (
    <fieldset className="space-y-3">
      <legend className={`${labelStyles} mb-1.5`}>Split</legend>
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
            {SPLIT_TYPE_LABELS[type]}
          </label>
        ))}
      </div>

      {splitType !== 'equal' && (
        <div className="space-y-2">
          {memberIds.map((userId) => (
            <div key={userId} className="flex items-center gap-3">
              <label htmlFor={`${id}-${userId}`} className="min-w-0 flex-1 break-words text-sm">
                {nameOf(userId)}
                <span className="sr-only">{percentage ? ' percent' : ' share in dollars'}</span>
              </label>
              <div className="relative w-32 shrink-0">
                {!percentage && (
                  <span
                    aria-hidden="true"
                    className={`absolute inset-y-0 left-3 flex items-center ${mutedText}`}
                  >
                    $
                  </span>
                )}
                <input
                  id={`${id}-${userId}`}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0"
                  max={percentage ? 100 : undefined}
                  value={shares[userId] ?? ''}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-problem`}
                  onChange={(event) => onShare(userId, event.target.value)}
                  className={`${inputStyles} ${percentage ? 'pr-8' : 'pl-7'} text-right`}
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
        <p className="font-semibold">Summary</p>
        <ul className="space-y-1">
          {summary.rows.map((row) => (
            <li key={row.userId} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">{nameOf(row.userId)}</span>
              <span className="whitespace-nowrap">
                {row.cents === null ? '—' : formatMoney(row.cents)}
                {percentage && row.percent !== null ? ` (${row.percent}%)` : ''}
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
          <span>Total</span>
          <span className="whitespace-nowrap">{totalText(summary, splitType)}</span>
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
            `Shares differ by a cent so that they add up to exactly ${formatMoney(summary.amountCents)}.`
          ) : null}
        </p>
      </div>
    </fieldset>
  );
}

function totalText(summary: SplitSummary, splitType: SplitType): string {
  const money = summary.totalCents === null ? '—' : formatMoney(summary.totalCents);
  if (splitType === 'percentage') {
    return summary.totalPercent === null ? money : `${money} (${summary.totalPercent}% of 100%)`;
  }
  if (splitType === 'custom' && summary.amountCents !== null) {
    return `${money} of ${formatMoney(summary.amountCents)}`;
  }
  return money;
}
