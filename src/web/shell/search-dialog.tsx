import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MessageId } from '#shared/i18n/compiled/en.ts';
import { SEARCH_TEXT_MAX } from '#shared/search/rules.ts';
import { inputStyles, mutedText } from '../components/ui.ts';
import { useT } from '../lib/i18n.tsx';
import { useWide } from '../lib/use-wide.ts';
import { type SearchHit, searchHitPath, useSearch } from './api/search.ts';
import { ShellDialog } from './shell-dialog.tsx';

/** Waits this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;

const GROUPS = [
  { key: 'expenses', label: 'shell.search.expenses' },
  { key: 'chores', label: 'shell.search.chores' },
  { key: 'events', label: 'shell.search.events' },
] as const satisfies readonly { key: SearchHit['kind']; label: MessageId }[];

type Group = { key: SearchHit['kind']; label: MessageId; hits: SearchHit[] };

/** The search across expenses, chores and events (`/` or the side navigation's Search). */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const wide = useWide();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const search = useSearch(query);
  const answer = query === '' ? undefined : search.data;
  const groups: Group[] = answer
    ? [
        { ...GROUPS[0], hits: answer.expenses.map((hit) => ({ kind: 'expenses', hit }) as const) },
        { ...GROUPS[1], hits: answer.chores.map((hit) => ({ kind: 'chores', hit }) as const) },
        { ...GROUPS[2], hits: answer.events.map((hit) => ({ kind: 'events', hit }) as const) },
      ].filter((group) => group.hits.length > 0)
    : [];
  const first = groups[0]?.hits[0];

  let status = '';
  if (text.trim() === '') status = t('shell.search.hint');
  else if (search.isError) status = t('shell.search.failed');
  else if (query !== text.trim() || search.isFetching) status = t('shell.search.searching');
  else if (answer && groups.length === 0) status = t('shell.search.empty', { query });

  return (
    <ShellDialog title={t('shell.search.title')} onClose={onClose} placement="top" initialFocus={input}>
      <form
        onSubmit={(event) => {
          // Enter opens the first match.
          event.preventDefault();
          if (!first) return;
          onClose();
          navigate(searchHitPath(first, wide));
        }}
      >
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('shell.search.label')}
        </label>
        <input
          ref={input}
          id={`${id}-q`}
          type="search"
          autoComplete="off"
          maxLength={SEARCH_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // A search field would take the first Escape to clear itself; here Escape closes.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            onClose();
          }}
          className={inputStyles}
        />
      </form>
      <p role="status" className={`text-sm ${mutedText} ${status ? '' : 'sr-only'}`}>
        {status}
      </p>
      {groups.length > 0 && (
        <div className="-mx-5 max-h-[50vh] overflow-y-auto px-5" data-search-results="">
          {groups.map((group) => (
            <section key={group.key} aria-labelledby={`${id}-${group.key}`} className="pb-3">
              <h3
                id={`${id}-${group.key}`}
                className={`pb-1 font-semibold text-xs uppercase tracking-wide ${mutedText}`}
              >
                {t(group.label)}
              </h3>
              <ul>
                {group.hits.map((found) => (
                  <li key={found.hit.id}>
                    <Link
                      to={searchHitPath(found, wide)}
                      onClick={onClose}
                      className="block truncate rounded-lg px-2 py-2 hover:bg-slate-100 dark:hover:bg-slate-800"
                    >
                      {found.hit.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </ShellDialog>
  );
}
