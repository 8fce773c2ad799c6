import { useCallback, useId } from 'react';
import { EXPENSE_CATEGORIES } from '#shared/expenses/rules.ts';
import { categoryLabel } from '#shared/expenses/view.ts';
import { SEARCH_TEXT_MAX } from '#shared/search/rules.ts';
import { SearchIcon } from '../../../components/icons.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui.ts';
import { SEARCH_DELAY_MS } from '../../../lib/use-debounced.ts';
import { useSearchText } from '../../../lib/use-search-text.ts';
import { type ExpenseFilters, narrowed } from '../expense-filters.ts';
import type { NameOf } from '../ledger-words.ts';
import { useWords } from '../use-words.ts';

/**
 * Search by title and filters by member, category and dates (docs/expenses.md, Filters). The
 * filters live in the URL; the page reads them back.
 */
export function ExpenseFilterBar({
  filters,
  memberIds,
  nameOf,
  onChange,
}: {
  filters: ExpenseFilters;
  memberIds: string[];
  nameOf: NameOf;
  onChange: (changes: Partial<ExpenseFilters>) => void;
}) {
  const id = useId();
  const { t } = useWords();
  const search = useSearchText(
    filters.q,
    useCallback((q: string) => onChange({ q }), [onChange]),
    SEARCH_DELAY_MS,
  );

  const small = `${inputStyles} py-2`;
  return (
    <search aria-label={t('expenses.filters.label')} className="space-y-2">
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-slate-500"
        />
        <input
          type="search"
          aria-label={t('expenses.filters.search')}
          placeholder={t('expenses.filters.search')}
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search.flush();
          }}
          maxLength={SEARCH_TEXT_MAX}
          className={`${small} pl-9`}
        />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1 text-xs">
          <label htmlFor={`${id}-member`}>{t('expenses.filters.member')}</label>
          <select
            id={`${id}-member`}
            value={filters.member}
            onChange={(event) => onChange({ member: event.target.value })}
            className={small}
          >
            <option value="">{t('expenses.filters.anyone')}</option>
            {memberIds.map((memberId) => (
              <option key={memberId} value={memberId}>
                {nameOf(memberId)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-xs">
          <label htmlFor={`${id}-category`}>{t('expenses.filters.category')}</label>
          <select
            id={`${id}-category`}
            value={filters.category}
            onChange={(event) => onChange({ category: event.target.value })}
            className={small}
          >
            <option value="">{t('expenses.filters.anyCategory')}</option>
            {EXPENSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category, t)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1 text-xs">
          <label htmlFor={`${id}-from`}>{t('expenses.filters.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
            className={small}
          />
        </div>
        <div className="flex flex-col gap-1 text-xs">
          <label htmlFor={`${id}-to`}>{t('expenses.filters.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => onChange({ to: event.target.value })}
            className={small}
          />
        </div>
      </div>
      {narrowed(filters) && (
        <button
          type="button"
          onClick={() => onChange({ q: '', member: '', category: '', from: '', to: '' })}
          className={`${buttonStyles.secondary} w-full py-1.5 text-sm`}
        >
          {t('expenses.filters.clear')}
        </button>
      )}
    </search>
  );
}
