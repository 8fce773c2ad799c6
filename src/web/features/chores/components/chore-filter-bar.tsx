import { useId } from 'react';
import { displayName } from '#shared/accounts/users.ts';
import { SearchIcon } from '../../../components/icons.tsx';
import { inputStyles } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useSearchText } from '../../../lib/use-search-text.ts';
import type { ChoreFilters } from '../chore-filters.ts';
import type { Members } from './recurrence-text.tsx';

/** The title search and the assignee select above the Mine / All / Done tabs. */
export function ChoreFilterBar({
  filters,
  members,
  onChange,
}: {
  filters: ChoreFilters;
  members: Members;
  onChange: (changes: Partial<ChoreFilters>) => void;
}) {
  const t = useT();
  const id = useId();
  // Each key narrows the list: the text goes to the address as typed.
  const search = useSearchText(filters.q, (q) => onChange({ q }));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="relative min-w-40 flex-[2]">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('chores.filter.search')}
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={`${id}-q`}
          type="search"
          value={search.text}
          placeholder={t('chores.filter.search')}
          onChange={(event) => search.change(event.target.value)}
          className={`${inputStyles} pl-9`}
        />
      </div>
      {filters.view !== 'mine' && (
        <div className="min-w-32 flex-1">
          <label htmlFor={`${id}-assignee`} className="sr-only">
            {t('chores.filter.assignee')}
          </label>
          <select
            id={`${id}-assignee`}
            value={filters.assignee}
            onChange={(event) => onChange({ assignee: event.target.value })}
            className={inputStyles}
          >
            <option value="">{t('chores.filter.everyone')}</option>
            {members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {displayName(m.user)}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
